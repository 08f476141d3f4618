/** Parses a code fence's meta: `title="Response" {1,3-4}`. */
export function parseFenceMeta(meta: string | null | undefined): { title?: string; highlight: Set<number>; backwards: string[] } {
  const highlight = new Set<number>();
  /** Ranges written end first (`{9-5}`), which highlight nothing. */
  const backwards: string[] = [];
  if (!meta) return { highlight, backwards };
  const title = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  const lines = /\{([\d,\s-]+)\}/.exec(meta);
  if (lines) {
    for (const part of lines[1]!.split(',')) {
      const [a, b] = part.trim().split('-').map((s) => Number.parseInt(s, 10));
      if (a === undefined || Number.isNaN(a)) continue;
      const end = b === undefined || Number.isNaN(b) ? a : b;
      if (end < a) backwards.push(`${a}-${end}`);
      for (let i = a; i <= end; i++) highlight.add(i);
    }
  }
  const t = title ? (title[1] ?? title[2] ?? title[3]) : undefined;
  return { title: t, highlight, backwards };
}
