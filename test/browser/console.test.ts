import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcribeQueue } from '../../src/domain/transcription/transcript.queues';
import { startAppProcess } from '../support/app-process';
import { freePort } from '../support/redis-server';
import { multipart } from '../support/rest-client';
import { waitFor } from '../support/wait-for';
import { chromiumPath } from './chromium';
import { OUTPUT_DIR, startConsoleFixture, toast, type ConsoleFixture } from './console-fixture';

/** One moment of a bar on the voice list, as the page showed it. */
interface BarSnapshot {
  status: string;
  value: number | null;
}

describe.skipIf(!chromiumPath)('the console at /console (Chromium)', () => {
  let fixture: ConsoleFixture;
  let app: ConsoleFixture['app'];
  let call: ConsoleFixture['call'];
  let openConsole: ConsoleFixture['openConsole'];
  let connect: ConsoleFixture['connect'];

  beforeAll(async () => {
    fixture = await startConsoleFixture();
    ({ app, call, openConsole, connect } = fixture);
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('serves its page, style and one bundled script itself, with a strict Content-Security-Policy', async () => {
    const page = await fetch(`${app.url}/console`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'; script-src 'self'");
    expect(await page.text()).not.toMatch(/https?:\/\//);
    const script = await fetch(`${app.url}/console/console.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const bytes = Buffer.from(await script.arrayBuffer());
    // Bundled: it imports nothing, and names no other host (XML namespaces aside).
    const text = bytes.toString();
    expect(text.match(/\bimport\s*\(|^import\s/m)).toBeNull();
    expect([...text.matchAll(/https?:\/\/[\w.-]+/g)].map((found) => found[0]).filter((url) => url !== 'http://www.w3.org')).toEqual([]);
    console.info(`console.js: ${bytes.length} bytes, ${gzipSync(bytes).length} gzipped`);
    expect((await fetch(`${app.url}/console/console.css`)).headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await fetch(`${app.url}/console/..%2Fbuild.ts`)).status).toBe(404);
  });

  it('says a wrong key is wrong, once, with nothing half-connected above it', async () => {
    const { page, external, errors } = await openConsole();
    await page.getByLabel('API key').fill('not-a-key');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid API key' }).waitFor();
    expect(await page.getByText(/Connecting/).count()).toBe(0);
    expect(await page.locator('nav').count()).toBe(0);
    expect(errors).toEqual([]);
    expect(external).toEqual([]);
    await page.close();
  });

  it('walks a voice: upload with live progress, waveforms, playing a sample, preferred sample, rename, a refused rename, re-split, delete', async () => {
    const { page, external, errors } = await openConsole();
    await connect(page);
    expect(await page.locator('.partner select option').allTextContents()).toEqual(['acme', 'zeta']);
    await page.getByRole('heading', { name: 'Voices', level: 1 }).waitFor();

    // Each change of the voice list's bars, recorded by the page itself.
    await page.evaluate(() => {
      const seen: { splitting: BarSnapshot; embedding: BarSnapshot }[] = [];
      (window as unknown as { seen: typeof seen }).seen = seen;
      const read = (stage: string) => {
        const bar = document.querySelector<HTMLProgressElement>(`progress[aria-label="Ada: ${stage}"]`);
        return { status: bar?.closest<HTMLElement>('.bar')?.dataset.status ?? 'none', value: bar?.hasAttribute('value') ? bar.value : null };
      };
      new MutationObserver(() => seen.push({ splitting: read('splitting'), embedding: read('embedding') })).observe(document.querySelector('main')!, {
        subtree: true,
        childList: true,
        attributes: true,
      });
    });
    await page.getByLabel('Voice name', { exact: true }).fill('Ada');
    await page.getByLabel('Recording', { exact: true }).setInputFiles(fixture.recording);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await toast(page, 'success', 'Ada uploaded').waitFor();
    const row = page.locator('#voices tr[data-key="Ada"]');
    await row.locator('.bar[data-status="COMPLETED"] progress[aria-label="Ada: embedding"]').waitFor({ timeout: 30_000 });
    const seen = await page.evaluate(() => (window as unknown as { seen: { splitting: BarSnapshot; embedding: BarSnapshot }[] }).seen);
    // The embedding ran on screen, its bar short of full, before it completed.
    const running = seen.findIndex((each) => each.embedding.status === 'IN_PROGRESS');
    expect(running).toBeGreaterThanOrEqual(0);
    expect(seen[running]!.embedding.value).not.toBe(100);
    expect(seen.findIndex((each) => each.splitting.status === 'COMPLETED')).toBeLessThan(seen.findIndex((each) => each.embedding.status === 'COMPLETED'));
    expect(await row.locator('td[data-label="Samples"]').innerText()).toBe('2');

    // The voice page: each sample's waveform drawn from its audio, its score, a player.
    await row.getByRole('link', { name: 'Ada' }).click();
    await page.getByRole('heading', { name: 'Ada', level: 1 }).waitFor();
    const samples = page.locator('li.sample');
    await waitFor(
      () => samples.count(),
      (count) => count === 2,
    );
    await page.locator('canvas[aria-label="Waveform of sample 0"][data-drawn="true"]').waitFor();
    await page.locator('canvas[aria-label="Waveform of sample 1"][data-drawn="true"]').waitFor();
    // Noise is no voice: the local engine scores it low and says why.
    expect(await samples.first().locator('.score').innerText()).toMatch(/^score 0\.\d\d$/);
    expect(await samples.first().locator('.reasons li').count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Play sample 0' }).click();
    await page.getByRole('button', { name: 'Pause sample 0' }).waitFor();
    await waitFor(
      () => page.getByLabel('Audio of sample 0').evaluate((audio: HTMLAudioElement) => audio.currentTime),
      (time) => time > 0.2,
    );
    await page.getByRole('button', { name: 'Pause sample 0' }).click();

    await page.getByRole('button', { name: 'Set sample 1 as preferred' }).click();
    await toast(page, 'success', 'Sample 1 is now the preferred sample of Ada.').waitFor();
    await page.locator('li.sample[data-index="1"][data-preferred="true"]').waitFor();
    expect(
      (await call('GET', '/api/voices/acme/Ada')).body.preferred_sample_index ?? (await call('GET', '/api/voices/acme/Ada')).body.preferredSampleIndex,
    ).toBe(1);

    // A refused action: its reason, visible.
    await page.getByRole('button', { name: 'Rename', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('New name').fill('Grace');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await toast(page, 'error', /^Rename failed: .*already exists/).waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByLabel('New name').fill('Ada Lovelace');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await toast(page, 'success', 'Renamed to Ada Lovelace.').waitFor();
    await page.getByRole('heading', { name: 'Ada Lovelace', level: 1 }).waitFor();
    expect(page.url()).toContain('#/acme/voices/Ada%20Lovelace');

    // Re-split with its parameters: 5 s slices of the 20 s recording.
    await page.getByRole('button', { name: 'Re-split', exact: true }).click();
    await dialog.getByLabel('Split mode').selectOption('FIXED');
    await dialog.getByLabel(/^Sample length/).fill('5');
    await dialog.getByRole('button', { name: 'Re-split' }).click();
    await toast(page, 'success', 'Re-splitting Ada Lovelace.').waitFor();
    await waitFor(
      () => samples.count(),
      (count) => count === 4,
      30_000,
    );
    expect(await samples.first().locator('.facts').innerText()).toMatch(/^00:00 · 5\.0 s/);
    await page.locator('canvas[aria-label="Waveform of sample 3"][data-drawn="true"]').waitFor();
    await page.screenshot({ path: join(OUTPUT_DIR, 'console-voice.png'), fullPage: true });

    // Delete, confirmed in a dialog; back on the list, it is gone.
    await page.locator('.page-header').getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete voice' }).click();
    await toast(page, 'success', 'Ada Lovelace deleted.').waitFor();
    await page.getByRole('heading', { name: 'Voices', level: 1 }).waitFor();
    await page.locator('#voices tr[data-key="Grace"]').waitFor();
    expect(await page.locator('#voices tr[data-key="Ada Lovelace"]').count()).toBe(0);

    expect(errors).toEqual([]);
    expect(external).toEqual([]);
    await page.close();
  });

  it('retries a failed document with feedback, then shows its texts side by side and its history; a rewrite waits for the LLM engine', async () => {
    const { page, external, errors } = await openConsole();
    await connect(page);
    await page.getByRole('link', { name: 'Knowledge bases' }).click();
    await page.getByRole('link', { name: 'Handbook' }).click();
    const documentRow = page.locator(`#documents tr[data-key="${fixture.documentId}"]`);
    await documentRow.and(page.locator('[data-state="failed"]')).waitFor();
    expect(await documentRow.innerText()).toContain('HTTP 503');

    fixture.makePageAvailable();
    await documentRow.getByRole('button', { name: /^Retry/ }).click();
    await toast(page, 'success', /digitizing queued again/).waitFor();
    await documentRow.and(page.locator('[data-state="digitized"]')).waitFor({ timeout: 30_000 });
    expect(await documentRow.locator('progress').evaluate((element: HTMLProgressElement) => element.value)).toBe(100);

    await documentRow.getByRole('link').click();
    const columns = page.locator('.contents article');
    await columns.first().waitFor();
    expect(await columns.locator('h2').allInnerTexts()).toEqual(['Original', 'Digitized', 'Draft', 'Final']);
    expect(await page.locator('article[data-kind="original"] pre').innerText()).toContain('<html');
    expect(await page.locator('article[data-kind="digitized"] pre').innerText()).toContain('Honeybees');
    expect(await page.locator('article[data-kind="draft"]').innerText()).toContain('None yet.');
    const history = await page.locator('ol.history li').allInnerTexts();
    expect(history[0]).toMatch(/Created \(from http/);
    expect(history.some((entry) => /Digitized: [\d,]+ characters/.test(entry))).toBe(true);
    expect(history.some((entry) => entry.includes('Failed'))).toBe(false);
    // No LLM is configured: in place of a Rewrite button, the engine it waits for and the variable to set.
    expect(await page.locator('.waits-for-engine[data-engine="LLM"]').innerText()).toBe(
      'Rewriting waits for the llm engine: set LLM_BASE_URL and restart the service.',
    );
    expect(await page.getByRole('button', { name: 'Rewrite', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Digitize again' }).waitFor();
    await page.screenshot({ path: join(OUTPUT_DIR, 'console-document.png'), fullPage: true });

    // Back on the knowledge base: embed it, watching the bar, then search it.
    await page.getByRole('link', { name: '← Handbook' }).click();
    const bar = page.getByLabel('Knowledge base embedding');
    await bar.waitFor();
    await page.locator('.embedding').getByRole('button', { name: 'Embed', exact: true }).click();
    await toast(page, 'success', 'Embedding Handbook.').waitFor();
    await page.locator('#embedding-state', { hasText: /^embedded$/ }).waitFor({ timeout: 30_000 });
    expect(await bar.evaluate((element: HTMLProgressElement) => element.value)).toBe(100);
    await page.getByLabel('Search the knowledge base').fill('quorum of scouts');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const firstResult = page.locator('#search-results li').first();
    await firstResult.waitFor();
    expect(await firstResult.innerText()).toContain('Honeybees');
    expect(await firstResult.getAttribute('data-document')).toBe(fixture.documentId);

    expect(errors).toEqual([]);
    expect(external).toEqual([]);
    await page.close();
  });

  it('transcribes a recording and plays it, highlighting each word as it is spoken, with its language', async () => {
    const { page, external, errors } = await openConsole();
    await connect(page);
    await page.getByRole('link', { name: 'Transcripts' }).click();
    await page.getByLabel('Transcribe a recording').setInputFiles(fixture.speech);
    await page.getByRole('button', { name: 'Transcribe', exact: true }).click();
    await toast(page, 'success', 'speech.wav submitted for transcription.').waitFor();
    await page.locator('section.transcript[data-status="COMPLETED"]').waitFor({ timeout: 30_000 });
    // The stand-in hears 'Um, hello world. This is, uh, a test.'; filler words are dropped by default.
    expect((await page.locator('#words').innerText()).trim()).toBe('Hello world This is a test');
    expect(await page.locator('#language').innerText()).toContain('en');

    const words = page.locator('#words span[data-start]');
    const starts = await words.evaluateAll((spans) => spans.map((span) => Number((span as HTMLElement).dataset.start)));
    expect(starts.length).toBe(6);
    await page.getByRole('button', { name: 'Play the recording' }).click();
    // The highlight moves with the audio: the first word, then one that starts later.
    const spoken = () => page.locator('#words [aria-current="true"]').evaluate((span) => Number((span as HTMLElement).dataset.start));
    const first = await waitFor(spoken, (start) => start >= 0, 10_000);
    await waitFor(spoken, (start) => start > first, 10_000);
    await page.screenshot({ path: join(OUTPUT_DIR, 'console-transcript.png'), fullPage: true });

    // After a reload the tab holds no copy: the recording streams from the service (audioUrl, with Range).
    await page.reload();
    await page.locator('section.transcript[data-status="COMPLETED"]').waitFor();
    expect(await page.getByLabel('Recording', { exact: true }).getAttribute('src')).toMatch(/^\/v2\/transcript\/[\w-]+\/audio\?token=/);
    await page.locator('canvas[aria-label="Waveform of the recording"][data-drawn="true"]').waitFor();
    await page.getByRole('button', { name: 'Play the recording' }).click();
    await waitFor(spoken, (start) => start > first, 10_000);

    expect(errors).toEqual([]);
    expect(external).toEqual([]);
    await page.close();
  });

  it('lists the engines, and shows where waiting work stands in its queue', async () => {
    const { page, external, errors } = await openConsole();
    await connect(page);
    await page.getByRole('link', { name: 'Engines' }).click();
    const engine = (kind: string) => page.locator(`tr[data-engine="${kind}"]`);
    await engine('LLM').waitFor();
    const status = (kind: string) => engine(kind).locator('td[data-label="Status"] .badge').innerText();
    expect(await status('SPEECH_TO_TEXT')).toBe('configured');
    expect(await status('LLM')).toBe('missing');
    expect(await engine('LLM').innerText()).toContain('LLM_BASE_URL');
    expect(await status('TEXT_EMBEDDING')).toBe('local');

    // Two transcripts held in a paused queue: the second says one is ahead of it.
    const transcribe = app.app.services.platform.queues.get(transcribeQueue);
    await transcribe.pause();
    const ids: string[] = [];
    try {
      for (let n = 0; n < 2; n++) ids.push((await call('POST', '/v2/transcript', { form: await multipart({}, { audio: fixture.speech }) })).body.id);
      await page.getByRole('link', { name: 'Transcripts' }).click();
      const second = page.locator(`#transcripts tr[data-key="${ids[1]}"][data-status="QUEUED"]`);
      await second.waitFor();
      await second.locator('.waiting', { hasText: /^waiting for its turn: 1 ahead/ }).waitFor();
    } finally {
      await transcribe.resume();
    }

    // Once they ran, the engines say how the last call went: speech-to-text answered; the
    // LLM, missing and never called, has none.
    await waitFor(
      async () => (await call('GET', ids[1]!)).body.status,
      (status) => status === 'completed',
      20_000,
    );
    await page.getByRole('link', { name: 'Engines' }).click();
    const speechToText = engine('SPEECH_TO_TEXT').locator('.last-call');
    await speechToText.locator('.badge', { hasText: 'answered' }).waitFor();
    expect(await speechToText.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await engine('LLM').locator('.last-call').innerText()).toBe('—');
    expect(errors).toEqual([]);
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
      for (const path of ['/console', '/console/console.js', '/console/console.css']) {
        const [fromBuild, fromSource] = await Promise.all([fetch(`${built}${path}`), fetch(`${app.url}${path}`)]);
        expect(fromBuild.status).toBe(200);
        expect(fromBuild.headers.get('content-type')).toBe(fromSource.headers.get('content-type'));
        expect(await fromBuild.text()).toBe(await fromSource.text());
      }
      const { page, external } = await openConsole(1280, built);
      await connect(page);
      await page.locator('#voices tr[data-key="Grace"]').waitFor();
      expect(external).toEqual([]);
      await page.close();
    } finally {
      child.kill('SIGTERM');
      await child.exited;
    }
  });
});
