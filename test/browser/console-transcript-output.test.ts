import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, makeToneSpeech, removeDir } from '../support/audio';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { chromiumPath, keepLocal, launchChromium } from './chromium';
import { OUTPUT_DIR } from './console-fixture';

/**
 * A running transcript's text grows on its page as the segments of the recording finish
 * (issue 33, item 8). The engine takes 1 MB a request (at most 30 s of audio a segment), one
 * segment at a time, and takes its time over each.
 */
describe.skipIf(!chromiumPath)('the console: a transcript growing segment by segment (Chromium)', () => {
  let engine: OpenAiCompatibleServer;
  let app: TestApp;
  let call: RestClient;
  let key: string;
  let browser: Browser;
  let dir: string;
  let recording: string;

  beforeAll(async () => {
    dir = await makeTempDir('console-growing-');
    recording = await makeToneSpeech(join(dir, 'long.wav'), { seconds: 100 });
    engine = await startOpenAiCompatibleServer({ recognition: 'tones', maxRequestBytes: 1024 * 1024, msPerAudioSecond: 50 });
    app = await startTestApp({ ASR_BASE_URL: engine.baseUrl, ASR_MAX_UPLOAD_MB: '1', ASR_CONCURRENCY: '1' });
    key = await app.createKey('acme');
    call = restClient(app.url, key);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await engine?.close();
    if (dir) await removeDir(dir);
  });

  it('shows the text so far while the transcript runs, each segment added in order, then the whole transcript', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const external = await keepLocal(page, [app.url]);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${app.url}/console`);
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.locator('.connection[data-state="live"]').waitFor();

    const submitted = await call('POST', '/v2/transcript', { form: await multipart({}, { audio: { path: recording, filename: 'long.wav' } }) });
    expect(submitted.status).toBe(200);
    const id: string = submitted.body.id;
    await page.evaluate((to) => (location.hash = to), `#/transcripts/${id.split('/').pop()}`);
    await page.locator('#partial-text').waitFor();
    // Each text the growing paragraph showed, recorded by the page itself.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { partials: string[] }).partials = seen;
      const read = () => {
        const text = document.querySelector<HTMLElement>('#partial-text');
        if (text && !text.querySelector('.hint') && text.innerText !== seen.at(-1)) seen.push(text.innerText);
      };
      read();
      new MutationObserver(read).observe(document.querySelector('main')!, { subtree: true, childList: true, characterData: true });
    });
    await page.waitForFunction(() => (window as unknown as { partials: string[] }).partials.length >= 1, undefined, { timeout: 60_000 });
    await page.screenshot({ path: join(OUTPUT_DIR, 'console-transcript-growing.png'), fullPage: true });
    await page.locator('section.transcript[data-status="COMPLETED"]').waitFor({ timeout: 60_000 });
    const stored = await waitFor(
      () => call('GET', id),
      (answer) => answer.body.status === 'completed',
    );
    const text: string = stored.body.text;
    const partials = await page.evaluate(() => (window as unknown as { partials: string[] }).partials);
    // Several texts, each longer than the last and a beginning of the transcript: it grew.
    expect(partials.length).toBeGreaterThanOrEqual(2);
    for (const [index, partial] of partials.entries()) {
      expect(text.startsWith(partial)).toBe(true);
      if (index > 0) expect(partial.length).toBeGreaterThan(partials[index - 1]!.length);
    }
    expect(partials[0]!.length).toBeLessThan(text.length);
    // Finished: the whole transcript, word by word, and the growing paragraph gone.
    const words = (stored.body.words as { text: string }[]).map((word) => word.text).join(' ');
    expect((await page.locator('#words').innerText()).replace(/\s+/g, ' ').trim()).toBe(words);
    expect(await page.locator('#partial-text').count()).toBe(0);
    expect(errors).toEqual([]);
    expect(external).toEqual([]);
    await page.close();
  });
});
