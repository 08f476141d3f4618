import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumPath } from '../../test/helpers/chromium.ts';

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type LighthouseScores = Record<(typeof LIGHTHOUSE_CATEGORIES)[number], number> & { failed: string[] };

/**
 * Lighthouse (its default mobile profile: Moto G power emulation, simulated slow 4G and 4x CPU
 * slowdown) on Debian's Chromium, launched by chrome-launcher. Scores are 0-100; `failed` names the
 * audits that scored below 1 in the accessibility, best-practices and SEO categories.
 */
export async function runLighthouse(url: string): Promise<LighthouseScores> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...LIGHTHOUSE_CATEGORIES] });
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(LIGHTHOUSE_CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<(typeof LIGHTHOUSE_CATEGORIES)[number], number>;
    const failed: string[] = [];
    for (const c of LIGHTHOUSE_CATEGORIES) {
      for (const ref of lhr.categories[c]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1 && (c !== 'performance' || audit.score < 0.9)) failed.push(`${c}/${ref.id}${c === 'performance' && audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      }
    }
    return { ...scores, failed };
  } finally {
    await chrome.kill();
  }
}
