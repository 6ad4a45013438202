import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSine, makeTempDir, removeDir } from '../support/audio';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { restClient, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { serveFiles, type FileServer } from './helpers';

// The download limits reach the jobs from the configuration, through the composition root:
// a transcript's audio_url is held to DOWNLOAD_MAX_MB and DOWNLOAD_TIMEOUT_SECONDS.
describe('URL downloads, held to the configured limits', () => {
  let dir: string;
  let asr: OpenAiCompatibleServer;
  let files: FileServer;
  let app: TestApp;
  let call: RestClient;
  let releaseHeld: () => void = () => {};

  beforeAll(async () => {
    dir = await makeTempDir('download-limits-');
    const tone = await makeSine(join(dir, 'tone.mp3'), { seconds: 2 });
    // Within the size limit: only its pace can stop it.
    const small = join(dir, 'small.mp3');
    await writeFile(small, Buffer.alloc(5_000));
    asr = await startOpenAiCompatibleServer();
    const held = new Promise<void>((resolve) => (releaseHeld = resolve));
    files = await serveFiles({
      'tone.mp3': { path: tone, contentType: 'audio/mpeg' },
      'held.mp3': { path: small, contentType: 'audio/mpeg', held: { bytes: 1_000, until: held } },
    });
    app = await startTestApp({
      ASR_BASE_URL: asr.baseUrl,
      ALLOW_PRIVATE_URLS: 'true',
      ENGINE_RETRY_WINDOW_SECONDS: '0',
      DOWNLOAD_MAX_MB: '0.01',
      DOWNLOAD_TIMEOUT_SECONDS: '0.5',
    });
    call = restClient(app.url, await app.createKey('acme'));
  });
  afterAll(async () => {
    releaseHeld();
    await app?.close();
    await files?.close();
    await asr?.close();
    await removeDir(dir);
  });

  async function failureOf(audioUrl: string): Promise<string | undefined> {
    const submitted = await call('POST', '/v2/transcript', { json: { audio_url: audioUrl } });
    expect(submitted.status).toBe(200);
    const { id } = submitted.body as { id: string };
    const done = await waitFor(
      () => call('GET', id),
      (answer) => ['completed', 'error'].includes((answer.body as { status: string }).status),
    );
    return (done.body as { error?: string }).error;
  }

  it('refuses a recording larger than DOWNLOAD_MAX_MB', async () => {
    expect(await failureOf(files.url('tone.mp3'))).toMatch(/^Download too large: over /);
  });

  it('gives up on a download that takes longer than DOWNLOAD_TIMEOUT_SECONDS', async () => {
    expect(await failureOf(files.url('held.mp3'))).toBe('Download failed: timed out after 0.5 s');
  });
});
