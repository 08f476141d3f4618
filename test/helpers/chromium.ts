import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, never a downloaded one. */
export function chromiumPath(candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter((p): p is string => Boolean(p))): string {
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error(
      'Chromium was not found (looked at $CHROMIUM_PATH and /usr/bin/chromium). The browser tests need Debian\'s Chromium:\n' +
        '  sudo apt-get update && sudo apt-get install -y chromium\n' +
        'or set CHROMIUM_PATH to a Chromium binary. paydocs never downloads a browser.',
    );
  }
  return found;
}

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-dev-shm-usage'];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}
