import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

/** The Chromium to drive: CHROMIUM_PATH, else Debian's package; undefined when neither exists. */
export const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((path): path is string => !!path && existsSync(path));

/**
 * Headless Chromium that stays on this machine: no sync, updates or background fetches of
 * its own. playwright-core gives each launch a fresh temporary profile.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

/**
 * Lets a page reach only the given origins; every other request is aborted and recorded,
 * so a test can assert that nothing tried to leave the machine.
 */
export async function keepLocal(page: Page, origins: string[]): Promise<string[]> {
  const attempted: string[] = [];
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || url.protocol === 'blob:' || origins.includes(url.origin)) return route.continue();
    attempted.push(url.href);
    return route.abort('blockedbyclient');
  });
  return attempted;
}
