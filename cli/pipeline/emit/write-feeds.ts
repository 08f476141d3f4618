import { encodePath } from '../../../shared/url.ts';
import type { PaydocsConfig } from '../../../config/index.ts';
import type { DiagnosticList } from '../../diagnostics.ts';
import type { CompiledPage } from '../compile/compile-markdown.ts';
import { localePrefix } from '../routes/site-paths.ts';
import { CHANGELOG_ROUTE } from '../routes/feed-routes.ts';

/** `## 2025-10-14 — Payco payouts in Turkey {#2025-10-14}`: a date, then an optional title after a dash or colon. */
const ENTRY_HEADING = /^(\d{4})-(\d{2})-(\d{2})(?:\s*[—–:-]\s*(.+))?$/;

export interface FeedLink {
  /** Site path of the feed: `/changelog.atom`, `/ru/changelog.atom`. */
  href: string;
  title: string;
}

export interface Feeds {
  /** `dist/`-relative file -> Atom XML. */
  files: Map<string, string>;
  /** Site path of the page -> its feed, for the page's `<link rel="alternate" type="application/atom+xml">`. */
  links: Map<string, FeedLink>;
}

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const xml = (s: string) => s.replace(/[&<>"]/g, (c) => ESC[c]!);

/** The HTML of each `<h2>` section of a compiled page, by heading id (heading itself and its `#` link left out). */
function sectionHtml(html: string): Map<string, string> {
  const out = new Map<string, string>();
  const heads = [...html.matchAll(/<h2[^>]*\sid="([^"]+)"[^>]*>[\s\S]*?<\/h2>/g)];
  heads.forEach((m, i) => {
    const end = i + 1 < heads.length ? heads[i + 1]!.index : html.length;
    out.set(m[1]!, html.slice(m.index! + m[0].length, end).trim());
  });
  return out;
}

/**
 * An Atom feed (RFC 4287) per locale of the changelog: one entry per `##` section, whose heading
 * starts with the date of the change (the entry's `updated`). Entries must be newest first, as on
 * the page; a heading without a date, or out of order, is an error with its line. Links in the
 * content are site paths, resolved against `xml:base`.
 */
export function writeFeeds(input: { config: PaydocsConfig; pages: Map<string, CompiledPage[]>; diagnostics: DiagnosticList }): Feeds {
  const { config, pages, diagnostics } = input;
  const feeds: Feeds = { files: new Map(), links: new Map() };
  for (const [locale, list] of pages) {
    const page = list.find((p) => p.doc.route === CHANGELOG_ROUTE);
    if (!page) continue;
    const { doc } = page;
    const headingLine = (id: string) => {
      const lines = doc.body.split('\n');
      const at = lines.findIndex((l) => /^##\s/.test(l) && (l.includes(`{#${id}}`) || l.slice(3).trim().startsWith(id)));
      return at === -1 ? undefined : at + 1 + doc.bodyLineOffset;
    };
    const html = sectionHtml(page.html);
    const entries: Array<{ id: string; date: string; title: string; content: string }> = [];
    for (const s of page.sections.filter((x) => x.level === 2)) {
      const m = ENTRY_HEADING.exec(s.title.trim());
      if (!m) {
        diagnostics.add({ file: doc.file, line: headingLine(s.id), rule: 'changelog', message: `expected a changelog heading that starts with a date, \`## 2025-10-14 — What changed\`, received \`## ${s.title}\`` });
        continue;
      }
      const date = `${m[1]}-${m[2]}-${m[3]}`;
      if (Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) {
        diagnostics.add({ file: doc.file, line: headingLine(s.id), rule: 'changelog', message: `expected a real date, received \`${date}\`` });
        continue;
      }
      const previous = entries[entries.length - 1];
      if (previous && previous.date < date) {
        diagnostics.add({ file: doc.file, line: headingLine(s.id), rule: 'changelog', message: `entries must be newest first: \`${date}\` comes after \`${previous.date}\``, hint: 'move the section above the older ones' });
      }
      entries.push({ id: s.id, date, title: m[4]?.trim() || date, content: html.get(s.id) ?? '' });
    }
    if (entries.length === 0) continue;
    const feedPath = `${page.href.replace(/\/$/, '')}.atom`;
    const pageUrl = config.url + encodePath(page.href);
    const title = `${doc.frontmatter.title} · ${config.brand}`;
    const lang = config.i18n.localeConfigs[locale]?.htmlLang ?? locale;
    const body = [
      `<?xml version="1.0" encoding="utf-8"?>`,
      `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${xml(lang)}" xml:base="${xml(config.url + encodePath(localePrefix(config, locale)))}">`,
      `  <id>${xml(pageUrl)}</id>`,
      `  <title>${xml(title)}</title>`,
      doc.frontmatter.description ? `  <subtitle>${xml(doc.frontmatter.description)}</subtitle>` : '',
      `  <updated>${entries[0]!.date}T00:00:00Z</updated>`,
      `  <author><name>${xml(config.brand)}</name></author>`,
      `  <link rel="self" type="application/atom+xml" href="${xml(config.url + encodePath(feedPath))}"/>`,
      `  <link rel="alternate" type="text/html" href="${xml(pageUrl)}"/>`,
      ...entries.map((e) =>
        [
          `  <entry>`,
          `    <id>${xml(`${pageUrl}#${encodePath(e.id)}`)}</id>`,
          `    <title>${xml(e.title)}</title>`,
          `    <updated>${e.date}T00:00:00Z</updated>`,
          `    <published>${e.date}T00:00:00Z</published>`,
          `    <link rel="alternate" type="text/html" href="${xml(`${pageUrl}#${encodePath(e.id)}`)}"/>`,
          `    <content type="html">${xml(e.content.replace(/\s*\n\s*/g, '\n'))}</content>`,
          `  </entry>`,
        ].join('\n'),
      ),
      `</feed>`,
      '',
    ]
      .filter((l) => l !== '')
      .join('\n');
    feeds.files.set(feedPath.slice(config.baseUrl.length), body + '\n');
    feeds.links.set(page.href, { href: feedPath, title });
  }
  return feeds;
}
