import { mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcribeQueue } from '../../src/queues/transcription.queues';
import { espeakAvailable, makeNoise, makeRecording, makeSine, makeTempDir, removeDir } from '../support/audio';
import { ARTICLE, buildArticleHtml } from '../support/documents';
import { startGpuJobsServer, type GpuJobsServer } from '../support/gpu-jobs-server';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { startAppProcess } from '../support/app-process';
import { freePort } from '../support/redis-server';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { chromiumPath, keepLocal, launchChromium } from './chromium';

/** Where people find what the browser saw. */
const OUTPUT_DIR = join(import.meta.dirname, '..', '..', 'test-output');

/** The curated upload needs spoken sentences (espeak-ng; CI installs it). */
const hasEspeak = await espeakAvailable();

/** One moment of a voice row, as the page showed it. */
interface VoiceRowSnapshot {
  splitting: { status: string; value: number | null };
  embedding: { status: string; value: number | null };
}

describe.skipIf(!chromiumPath)('the live console at /console (Chromium)', () => {
  let gpu: GpuJobsServer;
  let speechToText: OpenAiCompatibleServer;
  let app: TestApp;
  let key: string;
  let call: RestClient;
  let browser: Browser;
  let dir: string;
  let recording: string;
  let pages: Server;
  /** The web page a URL document fetches answers 503 until the test makes it available. */
  let pageAvailable = false;
  let documentId: string;

  beforeAll(async () => {
    // The GPU stand-in keeps each embedding running for a few polls, so the page shows it running.
    gpu = await startGpuJobsServer({ queuedPolls: 1, runningPolls: 10 });
    pages = createServer((_request, response) => {
      if (pageAvailable) response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(buildArticleHtml());
      else response.writeHead(503, { 'content-type': 'text/plain' }).end('down for maintenance');
    });
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
    speechToText = await startOpenAiCompatibleServer();
    app = await startTestApp({ GPU_JOBS_URL: gpu.url, GPU_JOBS_POLL_MS: '200', ASR_BASE_URL: speechToText.baseUrl, ALLOW_PRIVATE_URLS: 'true' });
    key = await app.createKey('acme', 'zeta');
    call = restClient(app.url, key);
    dir = await makeTempDir('console-');
    recording = await makeNoise(join(dir, 'recording.wav'), { seconds: 20, amplitude: 0.2 });

    await call('POST', '/api/knowledgebases/acme', { form: await multipart({ name: 'Handbook' }) });
    const pageUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}/guide`;
    const created = await call('POST', '/api/documents/acme/Handbook', { form: await multipart({ type: 'url', folder: 'Guides', url: pageUrl }) });
    expect(created.status).toBe(201);
    documentId = created.body.id;
    const failed = await waitFor(
      () => call('GET', `/api/document/acme/Handbook/${documentId}`),
      (answer) => answer.status !== 200 || typeof answer.body.processing_error === 'string',
    );
    expect(failed.body.processing_error).toBe('Download failed: HTTP 503');

    browser = await launchChromium();
    await mkdir(OUTPUT_DIR, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await gpu?.close();
    await speechToText?.close();
    pages?.closeAllConnections();
    await new Promise((resolve) => pages?.close(resolve));
    if (dir) await removeDir(dir);
  });

  it('serves its page and scripts itself, with their content types and a strict Content-Security-Policy', async () => {
    const page = await fetch(`${app.url}/console`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'; script-src 'self'");
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\//);
    for (const script of ['console.js', 'graphql-ws.js']) {
      const answer = await fetch(`${app.url}/console/${script}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    }
    expect((await fetch(`${app.url}/console/console.css`)).headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await fetch(`${app.url}/console/..%2Fconsole-page.ts`)).status).toBe(404);
  });

  /** The voice row's two bars and statuses each time the table changes. */
  async function recordVoiceRows(page: Page, name: string) {
    await page.evaluate((voice) => {
      const seen: VoiceRowSnapshot[] = [];
      (window as unknown as { seen: VoiceRowSnapshot[] }).seen = seen;
      const read = (stage: string) => {
        const bar = document.querySelector<HTMLProgressElement>(`#voices progress[aria-label="${voice}: ${stage}"]`);
        return { status: bar?.closest('td')?.dataset.status ?? 'none', value: bar?.hasAttribute('value') ? bar.value : null };
      };
      new MutationObserver(() => seen.push({ splitting: read('splitting'), embedding: read('embedding') })).observe(document.getElementById('voices')!, {
        subtree: true,
        childList: true,
        attributes: true,
      });
    }, name);
  }

  it("shows a key's partners, a recording split and embedded up to full bars, a failed document retried and a recording transcribed", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const external = await keepLocal(page, [app.url]);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    await page.goto(`${app.url}/console`);

    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByText('Live: changes appear as they happen.').waitFor();
    expect(await page.getByLabel('Partner', { exact: true }).locator('option').allTextContents()).toEqual(['acme', 'zeta']);
    for (const label of ['Voice name', 'Recording', 'Knowledge base', 'Transcript id', 'Transcribe a recording']) {
      await expect(page.getByLabel(label, { exact: true }).count()).resolves.toBe(1);
    }
    expect(await page.getByLabel('Knowledge base', { exact: true }).inputValue()).toBe('Handbook');

    // The document whose page was down: shown failed, with its reason and a Retry button.
    const documentRow = page.locator(`#documents tr[data-key="${documentId}"]`);
    await documentRow.and(page.locator('[data-state="failed"]')).waitFor();
    expect(await documentRow.innerText()).toContain('HTTP 503');

    await recordVoiceRows(page, 'Ada');
    await page.getByLabel('Voice name', { exact: true }).fill('Ada');
    await page.getByLabel('Recording', { exact: true }).setInputFiles(recording);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();

    const bar = (stage: string) => page.locator(`#voices progress[aria-label="Ada: ${stage}"]`);
    await waitFor(
      () => bar('embedding').evaluate((element: HTMLProgressElement) => ({ value: element.value, status: element.closest('td')!.dataset.status })),
      (state) => state.status === 'COMPLETED' && state.value === 100,
    );
    expect(await bar('splitting').evaluate((element: HTMLProgressElement) => element.value)).toBe(100);
    expect(await page.locator('#upload-progress').evaluate((element: HTMLProgressElement) => element.value)).toBe(100);
    const seen = await page.evaluate(() => (window as unknown as { seen: VoiceRowSnapshot[] }).seen);
    // The split job's own progress moved the bar while it ran (not only the final state)...
    const splitting = seen.filter((row) => row.splitting.status === 'IN_PROGRESS' && row.splitting.value !== null).map((row) => row.splitting.value!);
    expect(splitting.length).toBeGreaterThan(0);
    expect(splitting).toEqual([...splitting].sort((a, b) => a - b));
    const splitDone = seen.findIndex((row) => row.splitting.status === 'COMPLETED');
    expect(seen.findIndex((row) => row.splitting.status === 'IN_PROGRESS' && row.splitting.value !== null)).toBeLessThan(splitDone);
    // ...and the embedding ran on screen before its bar filled.
    const running = seen.findIndex((row) => row.embedding.status === 'IN_PROGRESS');
    expect(running).toBeGreaterThanOrEqual(0);
    expect(seen[running]!.embedding.value).not.toBe(100);
    expect(seen.findIndex((row) => row.embedding.status === 'COMPLETED' && row.embedding.value === 100)).toBeGreaterThan(running);
    expect(await page.locator('#voices tr[data-key="Ada"]').innerText()).toMatch(/Ada\s+\d+/);

    pageAvailable = true;
    await documentRow.getByRole('button', { name: /^Retry/ }).click();
    await documentRow.and(page.locator('[data-state="digitized"]')).waitFor({ timeout: 30_000 });
    expect(await documentRow.locator('progress').evaluate((element: HTMLProgressElement) => element.value)).toBe(100);
    const retried = await call('GET', `/api/document/acme/Handbook/${documentId}`);
    expect(retried.body).toMatchObject({ processing_error: null, file_digitized: expect.any(String) });

    await page.getByLabel('Transcribe a recording').setInputFiles(recording);
    await page.getByRole('button', { name: 'Transcribe', exact: true }).click();
    const transcriptRow = page.locator('#transcripts tr[data-status="COMPLETED"]');
    await transcriptRow.waitFor();
    // The stand-in hears 'Um, hello world. This is, uh, a test.'; filler words are dropped by default.
    expect(await transcriptRow.innerText()).toContain('Hello world. This is a test.');
    expect(await transcriptRow.locator('progress').evaluate((element: HTMLProgressElement) => element.value)).toBe(100);

    await page.screenshot({ path: join(OUTPUT_DIR, 'console.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
    expect(external).toEqual([]);
    await page.close();
  });

  it.skipIf(!hasEspeak)('uploads a recording to be curated, explains each sample, shows the clean speech and re-splits it fixed', async () => {
    const speech = join(dir, 'speech.wav');
    await makeRecording(speech, [
      { silence: 0.5 },
      { speech: 'Good morning, and welcome to the weekly update from the research team.' },
      { silence: 0.8 },
      { speech: 'Today we will talk about the progress on the new recording studio.' },
      { silence: 0.8 },
      { speech: 'The microphones arrived on Tuesday, and the panels are almost finished.' },
      { silence: 3 },
      { speech: 'Several people asked how long a voice sample should be for a good clone.', gain: 8 },
      { silence: 0.8 },
      { speech: 'The short answer is that clean speech matters far more than length.', gain: 8 },
      { silence: 0.5 },
    ]);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const external = await keepLocal(page, [app.url]);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${app.url}/console`);
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByText('Live: changes appear as they happen.').waitFor();

    await page.getByLabel('Voice name', { exact: true }).fill('Curated');
    await page.getByLabel('Recording', { exact: true }).setInputFiles(speech);
    await page.getByLabel('Split', { exact: true }).selectOption('curated');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();

    const row = page.locator('#voices tr[data-key="Curated"]');
    const splitDone = () =>
      waitFor(
        () => row.locator('progress[aria-label="Curated: splitting"]').evaluate((element: HTMLProgressElement) => element.closest('td')!.dataset.status),
        (status) => status === 'COMPLETED',
      );
    await splitDone();
    expect(await page.getByLabel('Split mode of Curated').inputValue()).toBe('CURATED');
    await row.getByText(/^\d+ samples$/).click();
    const samples = row.locator('ol.samples > li');
    expect(await samples.count()).toBe(2);
    // The clean sentences are one sample with nothing against it; the clipped ones say so, with the share clipped.
    expect(await samples.nth(0).innerText()).toMatch(/^00:00 · [\d.]+ s · [\d.]+ s speech · score 0\.\d\d clean$/);
    expect(await samples.nth(1).locator('li[data-code="CLIPPING"]').innerText()).toMatch(/^[\d.]+% of the audio is clipped: flattened at its loudest level$/);
    const clean = await row.locator('td.clean-speech').innerText();
    expect(clean).toMatch(/^[1-9][\d.]* s of 60 s\s+more needed$/);

    // Re-split in fixed mode from the row: the list, still open, shows the new samples.
    await page.getByLabel('Split mode of Curated').selectOption('FIXED');
    await page.getByRole('button', { name: 'Re-split Curated' }).click();
    // Fixed slices start at 0 and last 15 s; the curated first sample started at the speech.
    await waitFor(
      () => samples.first().innerText(),
      (text) => /^00:00 · 15\.0 s/.test(text),
    );
    await splitDone();
    expect(await page.getByLabel('Split mode of Curated').inputValue()).toBe('FIXED');

    await page.screenshot({ path: join(OUTPUT_DIR, 'console-curated-samples.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
    expect(external).toEqual([]);
    await page.close();
  });

  it("lists the key's transcripts submitted elsewhere, live, and a knowledge base embedding up to a full bar", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const external = await keepLocal(page, [app.url]);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    // Submitted through REST by the same key, not through the page, and held queued until the page shows it.
    const transcribe = app.app.services.platform.queues.get(transcribeQueue);
    await transcribe.pause();
    let transcriptId: string;
    try {
      const submitted = await call('POST', '/v2/transcript', { form: await multipart({}, { audio: recording }) });
      expect(submitted.status).toBe(200);
      transcriptId = submitted.body.id;

      await page.goto(`${app.url}/console`);
      await page.getByLabel('API key').fill(key);
      await page.getByRole('button', { name: 'Connect', exact: true }).click();
      await page.getByText('Live: changes appear as they happen.').waitFor();
      await page.locator(`#transcripts tr[data-key="${transcriptId}"][data-status="QUEUED"]`).waitFor();
      // Newest first: above the one the page transcribed itself in the test before.
      const listed = await page.locator('#transcripts tr').evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.status));
      expect(listed).toEqual(['QUEUED', 'COMPLETED']);
      expect(await page.locator('#transcripts tr').first().getAttribute('data-key')).toBe(transcriptId);
    } finally {
      await transcribe.resume();
    }
    const transcriptRow = page.locator(`#transcripts tr[data-key="${transcriptId}"][data-status="COMPLETED"]`);
    await transcriptRow.waitFor();
    expect(await transcriptRow.locator('progress').evaluate((element: HTMLProgressElement) => element.value)).toBe(100);

    // A knowledge base created elsewhere shows up on Refresh, and the one shown stays selected.
    expect((await call('POST', '/api/knowledgebases/acme', { form: await multipart({ name: 'Recipes' }) })).status).toBe(201);
    await page.getByRole('button', { name: 'Refresh knowledge bases' }).click();
    const options = page.getByLabel('Knowledge base', { exact: true }).locator('option');
    await waitFor(
      () => options.allTextContents(),
      (names) => names.includes('Recipes'),
    );
    expect(await page.getByLabel('Knowledge base', { exact: true }).inputValue()).toBe('Handbook');

    const bar = page.getByLabel('Knowledge base embedding');
    await bar.evaluate((element: HTMLProgressElement) => {
      const seen: { status: string | undefined; value: number | null }[] = [];
      (window as unknown as { embeddingSeen: typeof seen }).embeddingSeen = seen;
      new MutationObserver(() => seen.push({ status: element.dataset.status, value: element.hasAttribute('value') ? element.value : null })).observe(element, {
        attributes: true,
      });
    });
    await page.getByRole('button', { name: 'Embed', exact: true }).click();
    await waitFor(
      () => bar.evaluate((element: HTMLProgressElement) => ({ status: element.dataset.status, value: element.value })),
      (state) => state.status === 'COMPLETED' && state.value === 100,
    );
    expect(await page.locator('#embedding-state').innerText()).toBe('embedded');
    const seen = await page.evaluate(() => (window as unknown as { embeddingSeen: { status: string; value: number | null }[] }).embeddingSeen);
    const running = seen.findIndex((state) => state.status === 'IN_PROGRESS');
    expect(running).toBeGreaterThanOrEqual(0);
    expect(seen.findIndex((state) => state.status === 'COMPLETED' && state.value === 100)).toBeGreaterThan(running);
    const knowledgeBases = (await call('GET', '/api/knowledgebases/acme')).body as { name: string; embedding_info: { last_update_status: string } }[];
    expect(knowledgeBases.find((kb) => kb.name === 'Handbook')?.embedding_info.last_update_status).toBe('success');

    // Searched from the page: an article's passage under its heading, and a recording's passage with the time it starts at.
    const talk = await makeSine(join(dir, 'talk.wav'), { seconds: 3 });
    const recorded = await call('POST', '/api/documents/acme/Handbook', {
      form: await multipart({ type: 'file', folder: 'Talks', use_original_as_rewritten: 'true' }, { file: talk }),
    });
    expect(recorded.status).toBe(201);
    await waitFor(
      () => call('GET', `/api/document/acme/Handbook/${recorded.body.id}`),
      (answer) => answer.body.in_queues.length === 0,
    );
    expect((await call('POST', '/api/embedding/acme/Handbook', { json: { split_level: 2 } })).status).toBe(202);
    await waitFor(
      () => call('GET', '/api/embedding/acme/Handbook'),
      (answer) => answer.body.status === 'completed',
    );
    await page.getByLabel('Search the knowledge base').fill('quorum of scouts');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const firstResult = page.locator('#search-results tr').first();
    await firstResult.waitFor();
    expect(await firstResult.locator('td').allInnerTexts()).toEqual([
      expect.stringContaining('Honeybees'),
      expect.stringContaining(ARTICLE.subheading),
      '',
      expect.stringMatching(/^\d\.\d{3}$/),
      expect.stringContaining('quorum'),
    ]);
    await page.getByLabel('Search mode').selectOption('KEYWORD');
    await page.getByLabel('Search the knowledge base').fill('hello world');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const spoken = page.locator(`#search-results tr[data-document="${recorded.body.id}"]`);
    await spoken.waitFor();
    expect((await spoken.locator('td').allInnerTexts()).slice(2, 3)).toEqual(['0:00']);
    expect(await page.locator('#search-summary').innerText()).toMatch(/^\d+ results?\./);

    await page.screenshot({ path: join(OUTPUT_DIR, 'console-transcripts-embedding.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
    expect(external).toEqual([]);
    await page.close();
  });

  it('works the same from the built service (npm start), whose files come from dist/', async () => {
    const port = await freePort();
    const built = `http://127.0.0.1:${port}`;
    // A second API process over the same Redis and files, as a deployment scales out: same keys, same voices.
    const child = await startAppProcess(
      {
        REDIS_URL: app.redis.url,
        REDIS_PREFIX: app.redis.prefix,
        DATA_DIR: app.dataDir,
        ROLE: 'api',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
      },
      { via: 'npm' },
    );
    try {
      for (const path of ['/console', '/console/console.js', '/console/console.css', '/console/graphql-ws.js']) {
        const [fromBuild, fromSource] = await Promise.all([fetch(`${built}${path}`), fetch(`${app.url}${path}`)]);
        expect(fromBuild.status).toBe(200);
        expect(fromBuild.headers.get('content-type')).toBe(fromSource.headers.get('content-type'));
        expect(await fromBuild.text()).toBe(await fromSource.text());
      }
      const page = await browser.newPage();
      const external = await keepLocal(page, [built]);
      await page.goto(`${built}/console`);
      await page.getByLabel('API key').fill(key);
      await page.getByRole('button', { name: 'Connect', exact: true }).click();
      await page.getByText('Live: changes appear as they happen.').waitFor();
      await page.locator('#voices tr[data-key="Ada"]').waitFor();
      expect(external).toEqual([]);
      await page.close();
    } finally {
      child.kill('SIGTERM');
      await child.exited;
    }
  });
});
