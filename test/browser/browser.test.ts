import { mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeNoise, makeTempDir, removeDir } from '../support/audio';
import { startGpuJobsServer, type GpuJobsServer } from '../support/gpu-jobs-server';
import { multipart, restClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { chromiumPath, keepLocal, launchChromium } from './chromium';

/** Where people find what the browser saw. */
const OUTPUT_DIR = join(import.meta.dirname, '..', '..', 'test-output');

if (!chromiumPath) console.warn("Browser tests skipped: no Chromium found (set CHROMIUM_PATH, or install Debian's chromium package).");

describe.skipIf(!chromiumPath)('in a real browser (Chromium)', () => {
  let gpu: GpuJobsServer;
  let app: TestApp;
  let key: string;
  let browser: Browser;
  let dir: string;
  let recording: string;

  beforeAll(async () => {
    // The GPU stand-in keeps each embedding running for a few polls, so IN_PROGRESS is on screen
    // long enough for the page to render it.
    gpu = await startGpuJobsServer({ queuedPolls: 1, runningPolls: 15 });
    app = await startTestApp({ GPU_JOBS_URL: gpu.url, GPU_JOBS_POLL_MS: '200' });
    key = await app.createKey('acme');
    dir = await makeTempDir('browser-');
    recording = await makeNoise(join(dir, 'recording.wav'), { seconds: 20, amplitude: 0.2 });
    browser = await launchChromium();
    await mkdir(OUTPUT_DIR, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await gpu?.close();
    if (dir) await removeDir(dir);
  });

  describe('GraphiQL', () => {
    /** Replaces a Monaco editor's text: typed text would meet auto-closing brackets, inserted text does not. */
    async function setEditor(page: Page, selector: string, text: string) {
      await page.locator(`${selector} .monaco-editor .view-lines`).click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Delete');
      await page.keyboard.insertText(text);
    }

    /** Runs the operation once GraphiQL has parsed it: the tab takes the operation's name then. */
    async function run(page: Page, operation: string, text: string) {
      await setEditor(page, '.graphiql-query-editor', text);
      await page.locator('.graphiql-tab-active', { hasText: operation }).waitFor();
      await page.locator('.graphiql-execute-button').click();
    }

    /** The response pane's text as shown (Monaco draws spaces as non-breaking ones). */
    const responseText = (page: Page) =>
      page
        .locator('.graphiql-response .view-lines')
        .innerText()
        .then((text) => text.replace(/\u00a0/g, ' '));

    it('loads from the service alone, takes the key in its Headers tab, and streams a voice as it is processed', async () => {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      const external = await keepLocal(page, [app.url]);
      // The page runs under a Content-Security-Policy that allows its own inline script only.
      const refused: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
      });
      await page.goto(`${app.url}/graphql`);
      await page.locator('.graphiql-query-editor .monaco-editor').waitFor();
      expect(await page.locator('.graphiql-query-editor .view-lines').innerText()).toContain('X-Api-Key');

      await page.locator('button[data-name="headers"]').click();
      await setEditor(page, '.graphiql-editor-tool .graphiql-editor:not(.hidden)', JSON.stringify({ 'X-Api-Key': key }));

      await run(page, 'Voices', 'query Voices { voices(partner: "acme") { name } }');
      await waitFor(
        () => responseText(page),
        (text) => /"voices": \[\]/.test(text),
        20_000,
      );

      const created = await restClient(app.url, key)('POST', '/api/voices/acme', { form: await multipart({ name: 'Ada' }, { file: recording }) });
      expect(created.status).toBe(201);
      // Every text the pane shows, in order: the pane keeps only the latest event.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { seen: string[] }).seen = seen;
        const pane = document.querySelector('.graphiql-response')!;
        new MutationObserver(() => seen.push((pane as HTMLElement).innerText.replace(/\u00a0/g, ' '))).observe(pane, {
          subtree: true,
          childList: true,
          characterData: true,
        });
      });
      await run(
        page,
        'Watch',
        'subscription Watch { voiceUpdated(partner: "acme", name: "Ada") { name status { splitting embedding } progress { stage done total percent } } }',
      );
      const done = /"splitting": "COMPLETED",\s*"embedding": "COMPLETED"/;
      const embeddingProgress = /"stage": "embedding",[^}]*"percent": \d/;
      // A picture of progress on screen for people to look at, when the page is caught showing it.
      const midway = await waitFor(
        () => responseText(page),
        (text) => embeddingProgress.test(text) || done.test(text),
        60_000,
      );
      if (embeddingProgress.test(midway)) await page.screenshot({ path: join(OUTPUT_DIR, 'graphiql-progress.png') });
      await waitFor(
        () => responseText(page),
        (text) => done.test(text),
        60_000,
      );
      const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
      const firstInProgress = seen.findIndex((text) => text.includes('"IN_PROGRESS"'));
      expect(firstInProgress).toBeGreaterThanOrEqual(0);
      // The GPU stand-in's own progress, shown as the embedding stage while the job runs.
      const percents = seen.flatMap((text) => {
        const percent = /"stage": "embedding",[^}]*"percent": ([\d.]+)/.exec(text)?.[1];
        return percent ? [Number(percent)] : [];
      });
      const firstProgress = seen.findIndex((text) => text.includes('"stage": "embedding"'));
      expect(firstProgress).toBeGreaterThan(firstInProgress);
      expect(percents.some((percent) => percent > 0 && percent < 100)).toBe(true);
      expect(percents).toEqual([...percents].sort((a, b) => a - b));
      expect(seen.findIndex((text) => done.test(text))).toBeGreaterThan(firstProgress);
      expect(await responseText(page)).toMatch(/"progress": null/);
      expect(await responseText(page)).toContain('"name": "Ada"');

      await page.locator('button[aria-label^="Prettify"]').click();
      await page.screenshot({ path: join(OUTPUT_DIR, 'graphiql.png') });
      expect(external).toEqual([]);
      expect(refused).toEqual([]);
      await page.close();
    });
  });

  describe('a page on another origin', () => {
    let pageServer: Server;
    let pageOrigin: string;

    beforeAll(async () => {
      pageServer = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>frontend</title>'));
      await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
      pageOrigin = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise((resolve) => pageServer?.close(resolve));
    });

    it('reads REST and GraphQL answers, a 401 body included, not a CORS failure', async () => {
      const page = await browser.newPage();
      const external = await keepLocal(page, [app.url, pageOrigin]);
      await page.goto(pageOrigin);
      const results = await page.evaluate(
        async ({ api, key }) => {
          const read = async (path: string, init: RequestInit = {}) => {
            try {
              const response = await fetch(`${api}${path}`, init);
              return { status: response.status, body: await response.json(), retryAfterReadable: response.headers.has('retry-after') };
            } catch (error) {
              return { failed: String(error) };
            }
          };
          const graphql = {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': key },
            body: JSON.stringify({ query: '{ voices(partner: "acme") { name } }' }),
          };
          return {
            rest: await read('/api/voices/acme', { headers: { 'x-api-key': key } }),
            graphql: await read('/graphql', graphql),
            restWithoutKey: await read('/api/voices/acme'),
            graphqlWrongKey: await read('/graphql', { ...graphql, headers: { ...graphql.headers, 'x-api-key': 'pk_wrong' } }),
          };
        },
        { api: app.url, key },
      );
      expect(results.rest).toMatchObject({ status: 200, body: expect.any(Array) });
      expect(results.graphql).toMatchObject({ status: 200, body: { data: { voices: expect.any(Array) } } });
      expect(results.restWithoutKey).toEqual({ status: 401, body: { detail: 'Invalid API key' }, retryAfterReadable: false });
      expect(results.graphqlWrongKey).toMatchObject({ status: 401, body: { errors: [{ message: 'Invalid API key' }] } });
      expect(external).toEqual([]);
      await page.close();
    });
  });
});
