import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { chromiumPath, keepLocal, launchChromium } from './chromium';

describe.skipIf(!chromiumPath)('the REST reference at /docs in a real browser (Chromium)', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startTestApp();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('shows every service’s routes from /openapi.json, and loads nothing from elsewhere', async () => {
    const page = await browser.newPage();
    const external = await keepLocal(page, [app.url]);
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    await page.goto(`${app.url}/docs`);
    for (const tag of ['Voices', 'Knowledge bases', 'Transcripts and completions', 'Operations']) {
      await page.getByRole('heading', { name: tag }).first().waitFor({ timeout: 20_000 });
    }
    await page.getByText('/api/voices/{partner}/{voice}/split', { exact: true }).first().waitFor({ timeout: 20_000 });
    expect(external).toEqual([]);
    expect(refused.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
    await page.close();
  });
});
