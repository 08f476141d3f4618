/**
 * Every code block of the portal, and every request sample of its API reference, highlights through the
 * build's shortcuts exactly as through shiki's own way: one tokenizing pass for both themes
 * (dual-theme.ts) and the shared pattern engine (shared-pattern-engine.ts). The shortcuts themselves are
 * tested on fixtures (test/unit/dual-theme.test.ts, shared-pattern-engine.test.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { toHtml } from 'hast-util-to-html';
import type { HighlighterCore } from 'shiki/core';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { describeOperation, listOperations, type OpenApiDocument } from '../../cli/pipeline/compile/api/operation-model.ts';
import { requestSamples } from '../../cli/pipeline/compile/api/request-samples.ts';
import { dualThemeCodeToHast } from '../../cli/pipeline/compile/markdown/dual-theme.ts';
import { createSiteHighlighter, createStyleToClass, THEMES } from '../../cli/pipeline/compile/markdown/highlighter.ts';
import { createSharedPatternEngine } from '../../cli/pipeline/compile/markdown/shared-pattern-engine.ts';
import { codeBlocksIn } from '../helpers/code-blocks.ts';
import { PROJECT_ROOT } from '../helpers/site.ts';

/** Every fenced block of the docs (both languages) and every request sample of the API reference: [lang, code]. */
function siteBlocks(): Array<[string, string]> {
  const out = codeBlocksIn(path.join(PROJECT_ROOT, 'content/docs'), path.join(PROJECT_ROOT, 'content/i18n/ru'));
  const doc = YAML.parse(readFileSync(path.join(PROJECT_ROOT, 'content/api/openapi.yaml'), 'utf8')) as OpenApiDocument;
  for (const o of listOperations(doc).filter((x) => x.kind === 'path')) {
    const op = describeOperation(doc, o.id)!;
    for (const s of requestSamples(doc, op, op.requestExamples[0])) out.push([s.lang, s.code]);
  }
  return out;
}

describe('content: the code of the portal with the highlighting of the build', () => {
  it('highlights every code block and request sample as shiki does with Oniguruma’s own scanners, in one pass for both themes', async () => {
    const oniguruma = () => createOnigurumaEngine(import('shiki/wasm'));
    const theirs: HighlighterCore = await createSiteHighlighter(await oniguruma());
    const ours: HighlighterCore = await createSiteHighlighter(createSharedPatternEngine(await oniguruma()));
    const blocks = siteBlocks().filter(([lang]) => theirs.getLoadedLanguages().includes(lang));
    expect(blocks.length).toBeGreaterThan(400);
    const options = (lang: string) => ({ lang, themes: THEMES, defaultColor: false as const, transformers: [createStyleToClass()] });
    const dual = dualThemeCodeToHast(ours, THEMES);
    for (const [lang, code] of blocks) expect(toHtml(dual(code, options(lang))), `${lang}:\n${code}`).toBe(toHtml(theirs.codeToHast(code, options(lang))));
  });
});
