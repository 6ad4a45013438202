import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { chromiumPath, keepLocal, launchChromium } from './chromium';

const ADMIN_KEY = 'admin-key-for-the-queue-board';

describe.skipIf(!chromiumPath)('the queue board in a real browser (Chromium)', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startTestApp({ ADMIN_API_KEY: ADMIN_KEY });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('opens with the admin key as the Basic auth password, shows every queue, and loads nothing from elsewhere', async () => {
    const context = await browser.newContext({ httpCredentials: { username: 'admin', password: ADMIN_KEY } });
    const page = await context.newPage();
    const external = await keepLocal(page, [app.url]);
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    await page.goto(`${app.url}/admin/queues`);
    for (const name of ['voice-split', 'voice-embed', 'kb-digitize', 'kb-rewrite', 'kb-embed', 'transcribe', 'complete']) {
      await page.getByText(name, { exact: true }).first().waitFor({ timeout: 20_000 });
    }
    expect(external).toEqual([]);
    // The page's content security policy let everything it needs through.
    expect(refused.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
    await context.close();
  });
});
