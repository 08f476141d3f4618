import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LinkChecker, LinkState } from 'linkinator';
import type { PaydocsConfig } from '../../config/index.ts';
import { PaydocsError, type Diagnostic } from '../diagnostics.ts';
import { createStaticHandler } from '../serve/static-handler.ts';

export interface CheckBuiltSiteOptions {
  dir: string;
  config: PaydocsConfig;
  /** Fetch external links too (default: list them only). */
  external: boolean;
  log?: (line: string) => void;
}

/**
 * Serves the built site on loopback the way `paydocs serve` does and crawls it with linkinator,
 * so everything a browser would request (pages, assets, preloaded chunks) is checked for real.
 */
export async function checkBuiltSite({ dir, config, external, log = console.log }: CheckBuiltSiteOptions): Promise<{ checked: number; external: string[] }> {
  const server = createServer(createStaticHandler(dir));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const externalLinks = new Set<string>();
  try {
    const checker = new LinkChecker();
    const starts = [`${origin}${config.baseUrl}`, ...config.i18n.locales.filter((l) => l !== config.i18n.defaultLocale).map((l) => `${origin}${config.baseUrl}${config.i18n.localeConfigs[l]?.path ?? l}/`)];
    const result = await checker.check({
      path: starts,
      recurse: true,
      concurrency: 32,
      timeout: 10000,
      linksToSkip: async (link: string) => {
        if (link.startsWith(origin)) return false;
        if (/^https?:/.test(link)) {
          externalLinks.add(link);
          return !external;
        }
        return true;
      },
    });
    const broken = result.links.filter((l) => l.state === LinkState.BROKEN);
    const diagnostics: Diagnostic[] = broken.map((l) => ({
      severity: 'error',
      rule: 'broken-link-built',
      file: l.parent ? `dist${new URL(l.parent).pathname}` : undefined,
      message: `${l.status ?? 'no response'}: \`${l.url.replace(origin, '')}\``,
    }));
    const checked = result.links.filter((l) => l.state === LinkState.OK).length;
    if (diagnostics.length) throw new PaydocsError(diagnostics);
    log(`✔ linkinator: ${checked} links OK on the built site; ${externalLinks.size} external links ${external ? 'checked' : 'listed, not fetched (use --external)'}`);
    return { checked, external: [...externalLinks].sort() };
  } finally {
    server.close();
  }
}
