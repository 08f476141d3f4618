import { describe, expect, it } from 'vitest';
import { needsLaterData } from '../../cli/pipeline/pipeline.ts';
import { CompilePlan, laneOf } from '../../cli/pipeline/compile/compile-plan.ts';
import { loadConfig } from '../../cli/pipeline/load/load-config.ts';
import { loadContent, type SourceDoc } from '../../cli/pipeline/load/load-content.ts';
import { DiagnosticList } from '../../cli/diagnostics.ts';
import { PROJECT_ROOT } from '../helpers/site.ts';

const config = await loadConfig(PROJECT_ROOT);
const site = [...loadContent({ root: PROJECT_ROOT, config, mode: 'build', diagnostics: new DiagnosticList() }).docs.values()].flat();

const doc = (relPath: string, body: string, locale = 'en'): SourceDoc => ({
  locale,
  file: `content/docs/${relPath}`,
  relPath,
  id: relPath.replace(/\.md$/, ''),
  route: `/${relPath.replace(/\.md$/, '')}`,
  frontmatter: { title: relPath } as SourceDoc['frontmatter'],
  body,
  bodyLineOffset: 0,
  hash: '',
});

/** Every batch the plan hands out, worker by worker in turn, until none has anything left. */
function drain(plan: CompilePlan, workers: number, arrivedAfter = 0): Array<{ worker: number; batch: number[] }> {
  const out: Array<{ worker: number; batch: number[] }> = [];
  for (let round = 0, idle = 0; idle < workers; round++) {
    const worker = round % workers;
    const batch = plan.next(worker, round >= arrivedAfter);
    if (batch) (out.push({ worker, batch }), (idle = 0));
    else idle++;
  }
  return out;
}

describe('cli/build/compile-plan', () => {
  it('puts the API pages and the docs with code in the costly grammars in lane 0, the rest in lane 1', () => {
    expect(laneOf(doc('a.md', '::api-operation{operation=x}'))).toBe(0);
    expect(laneOf(doc('a.md', 'Text\n\n```php\n<?php\n```\n'))).toBe(0);
    expect(laneOf(doc('a.md', 'Text\n\n  ~~~ Python title="x"\nprint(1)\n~~~\n'))).toBe(0);
    expect(laneOf(doc('a.md', 'Text\n\n```json\n{}\n```\n\n```bash\nls\n```\n'))).toBe(1);
    expect(laneOf(doc('a.md', 'In JavaScript, write `js` code.'))).toBe(1);
    // The real site: about half its docs each way, every API page in lane 0.
    const lane0 = site.filter((d) => laneOf(d) === 0);
    expect(site.filter((d) => d.body.includes('::api-operation')).every((d) => laneOf(d) === 0)).toBe(true);
    expect(lane0.length).toBeGreaterThan(60);
    expect(site.length - lane0.length).toBeGreaterThan(lane0.length);
  });

  it('hands out every doc of the real site exactly once, a page and its translations in one batch', () => {
    const plan = new CompilePlan(site, { batchSize: 16, waits: needsLaterData });
    const batches = drain(plan, 2, 5);
    const handed = batches.flatMap((b) => b.batch);
    expect(handed.length).toBe(site.length);
    expect(new Set(handed).size).toBe(site.length);
    const batchOf = new Map(batches.flatMap(({ batch }, n) => batch.map((i) => [i, n] as const)));
    const byRel = new Map<string, Set<number>>();
    site.forEach((d, i) => byRel.set(d.relPath, (byRel.get(d.relPath) ?? new Set()).add(batchOf.get(i)!)));
    // A group is cut only where a batch ends (16 docs), into the next batch of the same lane.
    expect([...byRel.values()].filter((s) => s.size > 1).length).toBeLessThan(site.length / 16);
  });

  it('keeps worker 1 off the costly docs while it has others, and gives worker 0 the API pages as soon as the data has come', () => {
    const docs = [
      doc('api/a.md', '::api-operation{operation=a}'),
      doc('api/a.md', '::api-operation{operation=a}', 'ru'),
      doc('guide-js.md', '```javascript\nx()\n```\n'.repeat(5)),
      doc('plain-1.md', 'text '.repeat(400)),
      doc('plain-2.md', 'text '.repeat(300)),
      doc('plain-3.md', 'text '.repeat(200)),
      doc('table.md', '::data-table{source=x}'),
    ];
    const waits = (d: SourceDoc) => /::(api-operation|data-table)/.test(d.body);
    const plan = new CompilePlan(docs, { batchSize: 1, waits });
    // Before the data: worker 0 its costly guide, worker 1 the plain docs, longest first.
    expect(plan.next(0, false)).toEqual([2]);
    expect(plan.next(1, false)).toEqual([3]);
    // Worker 0 has no costly doc it can compile yet: it helps with the plain ones.
    expect(plan.next(0, false)).toEqual([4]);
    expect(plan.next(1, false)).toEqual([5]);
    expect(plan.next(1, false)).toBeUndefined();
    // The data has come: worker 0 the API page (batches of one here), worker 1 the data table.
    expect(plan.next(0, true)).toEqual([0]);
    expect(plan.next(1, true)).toEqual([6]);
    // Worker 1 has nothing of its own left: it takes from lane 0.
    expect(plan.next(1, true)).toEqual([1]);
    expect(plan.next(0, true)).toBeUndefined();
    expect(plan.next(1, true)).toBeUndefined();
  });

  it('is one queue, longest first, for a site with no costly code and nothing to wait for', () => {
    const docs = [doc('a.md', 'x'.repeat(10)), doc('b.md', 'x'.repeat(30)), doc('c.md', 'x'.repeat(20))];
    const plan = new CompilePlan(docs, { batchSize: 2 });
    expect(plan.next(0, false)).toEqual([1, 2]);
    expect(plan.next(1, false)).toEqual([0]);
    expect(plan.next(0, false)).toBeUndefined();
  });
});
