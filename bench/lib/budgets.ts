import { formatTable } from './stats.ts';

export interface Budget {
  name: string;
  /** Undefined: not measured in this run (the budget is reported, not failed). */
  value: number | undefined;
  limit: number;
  /** The value must be >= limit (default: < limit, or <= limit for counts). */
  atLeast?: boolean;
  /** Strictly below the limit ("under 100 ms"); default allows equality. */
  strict?: boolean;
  format: (v: number) => string;
}

/** Checks each budget; the table says ok / BROKEN / not measured. */
export function evaluateBudgets(list: Budget[]): { failed: number; text: string; markdown: string } {
  let failed = 0;
  const rows = list.map((b) => {
    if (b.value === undefined || Number.isNaN(b.value)) return [b.name, '–', `${b.atLeast ? '>=' : '<='} ${b.format(b.limit)}`, 'not measured'];
    const ok = b.atLeast ? b.value >= b.limit : b.strict ? b.value < b.limit : b.value <= b.limit;
    if (!ok) failed++;
    return [b.name, b.format(b.value), `${b.atLeast ? '>=' : b.strict ? '<' : '<='} ${b.format(b.limit)}`, ok ? 'ok' : 'BROKEN'];
  });
  const { text, markdown } = formatTable(['budget', 'measured', 'limit', ''], rows);
  return { failed, text: `${text}\n\n${failed ? `${failed} budget${failed === 1 ? '' : 's'} broken` : 'all budgets hold'}`, markdown };
}
