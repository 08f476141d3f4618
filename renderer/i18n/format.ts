/**
 * `format('{count} documents found', { count: 3 })`. Its own module so the browser's search code can
 * use it without `strings.ts`, which holds every locale's strings.
 */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, key: string) => (key in values ? String(values[key]) : m));
}
