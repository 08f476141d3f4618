/** The admonition types, `:::note` ... `:::danger`: the registry (directives.ts) and the plugins that parse them read this list. */
export const ADMONITION_TYPES = ['note', 'tip', 'info', 'warning', 'danger'] as const;
export type AdmonitionType = (typeof ADMONITION_TYPES)[number];

/**
 * Docusaurus's other names, accepted so its content moves in unchanged: each looks like the type it
 * stands for and keeps its own title (`:::caution` is a warning titled "Caution").
 */
export const ADMONITION_ALIASES = { caution: 'warning', important: 'info' } as const satisfies Record<string, AdmonitionType>;
export type AdmonitionName = AdmonitionType | keyof typeof ADMONITION_ALIASES;

/** Every admonition directive name. */
export const ADMONITION_NAMES: readonly AdmonitionName[] = [...ADMONITION_TYPES, ...(Object.keys(ADMONITION_ALIASES) as Array<keyof typeof ADMONITION_ALIASES>)];

/**
 * GitHub's alerts (`> [!NOTE]` as a block quote's first line), as the admonition each becomes: the
 * name gives the title, the type the look. GitHub shows CAUTION in red, as paydocs shows danger.
 */
export const GITHUB_ALERTS: Readonly<Record<string, { name: AdmonitionName; type: AdmonitionType }>> = {
  NOTE: { name: 'note', type: 'note' },
  TIP: { name: 'tip', type: 'tip' },
  IMPORTANT: { name: 'important', type: 'info' },
  WARNING: { name: 'warning', type: 'warning' },
  CAUTION: { name: 'caution', type: 'danger' },
};
