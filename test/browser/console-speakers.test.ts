import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir } from '../support/audio';
import { makeConversation, makeSpeakerSample } from '../support/conversation';
import { startDiarizingServer, type DiarizingServer } from '../support/diarizing-server';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { chromiumPath, keepLocal, launchChromium } from './chromium';
import { OUTPUT_DIR } from './console-fixture';

interface Utterance {
  speaker: string;
  start: number;
  end: number;
  text: string;
}

/**
 * Who said what on a transcript's page (issue 35, item 7): utterances with their speakers'
 * names (the voice's name when matched) and colours, and the speaker speaking highlighted as
 * the recording plays. Speakers are told apart by a diarizing stand-in that hears them by sound.
 */
describe.skipIf(!chromiumPath)('the console: speakers of a transcript (Chromium)', () => {
  let diarizer: DiarizingServer;
  let plain: OpenAiCompatibleServer;
  let app: TestApp;
  let call: RestClient;
  let key: string;
  let browser: Browser;
  let dir: string;
  let conversation: string;

  beforeAll(async () => {
    dir = await makeTempDir('console-speakers-');
    diarizer = await startDiarizingServer();
    plain = await startOpenAiCompatibleServer({ recognition: 'tones' });
    app = await startTestApp({
      ASR_BASE_URL: plain.baseUrl,
      ASR_DIARIZE_BASE_URL: diarizer.baseUrl,
      ASR_DIARIZE_MODEL: 'gpt-4o-transcribe-diarize',
      ASR_MAX_SEGMENT_SECONDS: '30',
    });
    key = await app.createKey('acme');
    call = restClient(app.url, key);
    conversation = await makeConversation(join(dir, 'conversation.wav'), 40);
    // Ada is the low speaker: her voice's sample is her alone.
    expect((await call('POST', '/api/voices/acme/empty', { form: await multipart({ name: 'Ada' }) })).status).toBe(201);
    const sample = await makeSpeakerSample(join(dir, 'ada.wav'), 'low', 6);
    expect((await call('POST', '/api/voices/acme/Ada/samples', { form: await multipart({}, { file: { path: sample, filename: 'ada.wav' } }) })).status).toBe(
      201,
    );
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await diarizer?.close();
    await plain?.close();
    if (dir) await removeDir(dir);
  });

  async function openConsole(): Promise<{ page: Page; external: string[]; errors: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const external = await keepLocal(page, [app.url]);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${app.url}/console`);
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.locator('.connection[data-state="live"]').waitFor();
    return { page, external, errors };
  }

  const finished = (id: string) =>
    waitFor(
      () => call('GET', id),
      (answer) => answer.body.status === 'completed' || answer.body.status === 'error',
      60_000,
    );

  it('shows each utterance with its speaker’s name and colour, and highlights who speaks as it plays', async () => {
    const submitted = await call('POST', '/v2/transcript', {
      form: await multipart({ speaker_labels: 'true', 'speaker_voices[]': 'Ada' }, { audio: { path: conversation, filename: 'conversation.wav' } }),
    });
    expect(submitted.status).toBe(200);
    const body = (await finished(submitted.body.id)).body as { status: string; error?: string; utterances: Utterance[] };
    expect(body.status, body.error).toBe('completed');
    const { page, external, errors } = await openConsole();
    await page.evaluate((to) => (location.hash = to), `#/transcripts/${String(submitted.body.id).split('/').pop()}`);
    await page.locator('section.transcript[data-status="COMPLETED"]').waitFor();
    await page.locator('#utterances').waitFor();

    // The speakers: the matched voice by its name, the other by its letter, each its own colour.
    const speakers = page.locator('#speakers li');
    expect(await speakers.locator('.speaker-name').allInnerTexts()).toEqual(['Ada', 'Speaker A']);
    const colours = await speakers.locator('.speaker-name').evaluateAll((names) => names.map((name) => getComputedStyle(name).color));
    expect(new Set(colours).size).toBe(2);
    // Every utterance, in order, named and coloured as its speaker.
    const shown = await page.locator('#utterances li').evaluateAll((items) =>
      items.map((item) => ({
        speaker: (item as HTMLElement).dataset.speaker,
        name: item.querySelector<HTMLElement>('.speaker-name')!.innerText,
        colour: getComputedStyle(item.querySelector('.speaker-name')!).color,
        text: item.querySelector<HTMLElement>('.text')!.innerText,
      })),
    );
    expect(shown.map(({ speaker, text }) => ({ speaker, text }))).toEqual(body.utterances.map(({ speaker, text }) => ({ speaker, text })));
    for (const each of shown) {
      expect(each.name).toBe(each.speaker === 'Ada' ? 'Ada' : `Speaker ${each.speaker}`);
      expect(each.colour).toBe(colours[each.speaker === 'Ada' ? 0 : 1]);
    }

    // The player: at a moment of each speaker's, that speaker and that utterance are highlighted.
    await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 1);
    for (const label of ['A', 'Ada']) {
      const index = body.utterances.findIndex((utterance) => utterance.speaker === label);
      const utterance = body.utterances[index]!;
      await page.evaluate((ms) => (document.querySelector('audio')!.currentTime = ms / 1000), (utterance.start + utterance.end) / 2);
      await page
        .locator('#now-speaking')
        .filter({ hasText: label === 'Ada' ? 'Ada' : 'Speaker A' })
        .waitFor();
      expect(await page.locator('#speakers li[aria-current="true"]').getAttribute('data-label')).toBe(label);
      expect(await page.locator('#utterances li[aria-current="true"]').getAttribute('data-start')).toBe(String(utterance.start));
    }
    await page.screenshot({ path: join(OUTPUT_DIR, 'console-transcript-speakers.png'), fullPage: true });
    // A click on an utterance's time plays from its start.
    const last = body.utterances.at(-1)!;
    await page.locator('#utterances li').last().getByRole('button').click();
    await page.waitForFunction((ms) => Math.abs(document.querySelector('audio')!.currentTime * 1000 - ms) < 1500, last.start);
    expect(errors).toEqual([]);
    expect(external).toEqual([]);
    await page.close();
  });

  it('asks for speaker labels from the transcripts page', async () => {
    const { page, errors } = await openConsole();
    await page.getByRole('link', { name: 'Transcripts' }).click();
    await page.getByRole('heading', { name: 'Transcripts', level: 1 }).waitFor();
    await page.getByLabel('Transcribe a recording').setInputFiles(conversation);
    await page.getByLabel('Who said what (speaker labels)').check();
    await page.getByRole('button', { name: 'Transcribe', exact: true }).click();
    await page.locator('section.transcript[data-status="COMPLETED"]').waitFor({ timeout: 60_000 });
    await page.locator('#utterances li').first().waitFor();
    expect(await page.locator('#speakers .speaker-name').allInnerTexts()).toEqual(['Speaker A', 'Speaker B']);
    expect(errors).toEqual([]);
    await page.close();
  });
});
