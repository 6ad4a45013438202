import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { makeNoise, makeTempDir, removeDir } from '../support/audio';
import { buildArticleHtml } from '../support/documents';
import { startGpuJobsServer } from '../support/gpu-jobs-server';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { keepLocal, launchChromium } from './chromium';

/** Where people find what the browser saw. */
export const OUTPUT_DIR = join(import.meta.dirname, '..', '..', 'test-output');

/**
 * What the console's browser tests stand on: the service with local stand-ins for the GPU job
 * service and speech-to-text (no LLM: the console says what a rewrite waits for), a key for
 * two partners, acme's knowledge base `Handbook` with a URL document whose page answered 503,
 * acme's voice `Grace`, two recordings, and Chromium.
 */
export interface ConsoleFixture {
  app: TestApp;
  key: string;
  call: RestClient;
  browser: Browser;
  /** The speech-to-text stand-in, whose transcript a test may change. */
  speechToText: OpenAiCompatibleServer;
  /** 20 s of noise, to upload as a voice. */
  recording: string;
  /** 4 s of noise, to transcribe. */
  speech: string;
  /** The URL document, failed: its page answers 503 until `makePageAvailable()`. */
  documentId: string;
  makePageAvailable: () => void;
  /** A page that may reach only the service, with its script errors collected. */
  openConsole: (width?: number, base?: string) => Promise<{ page: Page; external: string[]; errors: string[] }>;
  /** Connects the page with the fixture's key, and waits until it is live. */
  connect: (page: Page) => Promise<void>;
  close: () => Promise<void>;
}

export async function startConsoleFixture(): Promise<ConsoleFixture> {
  // What is started so far, stopped in reverse order: at the end, or when a later step fails.
  const started: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const close of started.reverse()) await close();
  };
  try {
    // The GPU stand-in keeps each embedding running for a few polls, so the page shows it running.
    const gpu = await startGpuJobsServer({ queuedPolls: 1, runningPolls: 6 });
    started.push(() => gpu.close());
    let pageAvailable = false;
    const pages = createServer((_request, response) => {
      if (pageAvailable) response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(buildArticleHtml());
      else response.writeHead(503, { 'content-type': 'text/plain' }).end('down for maintenance');
    });
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
    started.push(() => {
      pages.closeAllConnections();
      return new Promise((resolve) => pages.close(resolve));
    });
    const speechToText = await startOpenAiCompatibleServer();
    started.push(() => speechToText.close());
    // No LLM_BASE_URL: the rewrite waits for an engine, and the console says so.
    const app = await startTestApp({ GPU_JOBS_URL: gpu.url, GPU_JOBS_POLL_MS: '200', ASR_BASE_URL: speechToText.baseUrl, ALLOW_PRIVATE_URLS: 'true' });
    started.push(() => app.close());
    const dir = await makeTempDir('console-');
    started.push(() => removeDir(dir));
    const key = await app.createKey('acme', 'zeta');
    const call = restClient(app.url, key);

    await call('POST', '/api/knowledgebases/acme', { form: await multipart({ name: 'Handbook' }) });
    const pageUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}/guide`;
    const created = await call('POST', '/api/documents/acme/Handbook', { form: await multipart({ type: 'url', folder: 'Guides', url: pageUrl }) });
    expect(created.status).toBe(201);
    const documentId: string = created.body.id;
    const failed = await waitFor(
      () => call('GET', `/api/document/acme/Handbook/${documentId}`),
      (answer) => answer.status !== 200 || typeof answer.body.processing_error === 'string',
    );
    expect(failed.body.processing_error).toBe('Download failed: HTTP 503');
    // A voice whose name a rename will collide with.
    expect((await call('POST', '/api/voices/acme/empty', { form: await multipart({ name: 'Grace' }) })).status).toBe(201);

    const browser = await launchChromium();
    started.push(() => browser.close());
    await mkdir(OUTPUT_DIR, { recursive: true });

    return {
      app,
      key,
      call,
      browser,
      speechToText,
      recording: await makeNoise(join(dir, 'recording.wav'), { seconds: 20, amplitude: 0.2 }),
      speech: await makeNoise(join(dir, 'speech.wav'), { seconds: 4, amplitude: 0.2 }),
      documentId,
      makePageAvailable: () => {
        pageAvailable = true;
      },
      openConsole: async (width = 1280, base = app.url) => {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        const external = await keepLocal(page, [base]);
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(`${base}/console`);
        return { page, external, errors };
      },
      connect: async (page) => {
        await page.getByLabel('API key').fill(key);
        await page.getByRole('button', { name: 'Connect', exact: true }).click();
        await page.locator('.connection[data-state="live"]').waitFor();
      },
      close: stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Every action says how it went: the toast that says so. */
export function toast(page: Page, kind: 'success' | 'error', text: string | RegExp) {
  return page.locator(`.toast.${kind}`).filter({ hasText: text }).first();
}
