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
    // Swagger UI warns in red above the routes when the document names a jsonSchemaDialect of its own.
    expect(await page.locator('.errors-wrapper').count()).toBe(0);
    expect(await page.textContent('body')).not.toContain('jsonSchemaDialect');
    await page.close();
  });

  it('opens the front page with its links and favicon, and nothing answers 404', async () => {
    const page = await browser.newPage();
    const external = await keepLocal(page, [app.url]);
    const missing: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) missing.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(app.url);
    const links = await page.locator('a').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
    expect(links).toEqual(expect.arrayContaining(['/console', '/graphql', '/docs']));
    expect(missing).toEqual([]);
    expect(external).toEqual([]);
    await page.close();
    // The browser draws what /favicon.ico answers (an SVG) as an image. On a page of its own:
    // with the request interception above on, Chromium reported the image as failed to load.
    const plain = await browser.newPage();
    await plain.goto(app.url);
    const drawn = await plain.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const image = new Image();
          image.onload = () => resolve(image.naturalWidth > 0);
          image.onerror = () => resolve(false);
          image.src = '/favicon.ico';
        }),
    );
    expect(drawn).toBe(true);
    await plain.close();
  });
});
