/** 'Did you mean' for diagnostics: the nearest known path or id to a mistyped one. */

/** The candidate nearest to `target` by its last path segment (and sharing its folder), if near enough. */
export function closest(target: string, candidates: Iterable<string>): string | undefined {
  const last = target.split('/').pop() ?? target;
  // A candidate in another folder costs more: `/api/nope` is not `/invoicing/api_invoicing/token`.
  const dir = target.split('/').slice(0, -1).join('/');
  let best: string | undefined;
  let score = Infinity;
  for (const c of candidates) {
    const d = levenshtein(last, c.split('/').pop() ?? c) + (dir === '' || c.startsWith(`${dir}/`) ? 0 : 2);
    if (d < score) {
      score = d;
      best = c;
    }
  }
  return score <= Math.max(3, last.length / 3) ? best : undefined;
}

export function levenshtein(a: string, b: string): number {
  const dp = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = dp[0]!;
    dp[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = dp[j]!;
      dp[j] = Math.min(dp[j]! + 1, dp[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return dp[b.length]!;
}
