/**
 * `fill('{count} documents found', { count: 3 })`: `format` of `i18n/strings.ts`, here so the
 * search box and page do not import that module, which holds every locale's strings (they read
 * the locale's own from `SiteData.strings`).
 */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, key: string) => (key in values ? String(values[key]) : m));
}
