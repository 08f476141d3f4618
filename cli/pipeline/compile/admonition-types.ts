/** The admonition types, `:::note` ... `:::danger`: the registry (directives.ts) and the plugins that parse them read this list. */
export const ADMONITION_TYPES = ['note', 'tip', 'info', 'warning', 'danger'] as const;
