/** The page whose `##` sections become the entries of the Atom feed: the feed writer finds it, and links to its feed are not broken links. */
export const CHANGELOG_ROUTE = '/changelog';
