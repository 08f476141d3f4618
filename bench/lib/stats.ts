export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;
export const mib = (bytes: number): string => `${(bytes / 1048576).toFixed(2)} MiB`;
export const secs = (ms: number): string => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${(ms / 1000).toFixed(2)} s`);
export const msec = (ms: number): string => (ms >= 10_000 ? secs(ms) : `${Math.round(ms)} ms`);

/** How many times better paydocs is: `other / ours` (both "lower is better"). */
export function ratio(ours: number | undefined, theirs: number | undefined): string {
  if (ours === undefined || theirs === undefined || !Number.isFinite(ours) || !Number.isFinite(theirs) || ours <= 0) return '–';
  const r = theirs / ours;
  return r >= 10 ? `${Math.round(r)}×` : `${r.toFixed(1)}×`;
}

/** A plain-text table for the terminal, and the same rows as Markdown for the README. */
export function formatTable(head: string[], rows: string[][]): { text: string; markdown: string } {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const text = [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
  const md = (r: string[]) => `| ${r.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
  const markdown = [md(head), `| ${head.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`, ...rows.map(md)].join('\n');
  return { text, markdown };
}
