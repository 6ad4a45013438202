import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { makeSine, makeTempDir, removeDir } from '../support/audio';
import { execute, executeWithFiles } from '../support/graphql-client';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { startTestApp, storedBlobs, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { serveFiles } from '../v2/helpers';

const VoiceSplittingQuery = graphql(`
  query VoiceSplittingFailure($partner: String!, $name: String!) {
    voice(partner: $partner, name: $name) {
      splitting {
        status
        error
      }
    }
  }
`);

const CreateMediaDocument = graphql(`
  mutation CreateMediaDocument($partner: String!, $kb: String!, $folder: String!, $file: Upload) {
    createDocument(partner: $partner, kb: $kb, folder: $folder, file: $file) {
      id
    }
  }
`);

/** An app whose audio tools named in `missing` point at nothing, and a second of recording to upload to it. */
function withoutTools(missing: ('ffmpeg' | 'ffprobe')[], overrides: Record<string, string> = {}) {
  const state = {} as { app: TestApp; dir: string; recording: string; video: string; paths: Record<'ffmpeg' | 'ffprobe', string> };
  beforeAll(async () => {
    state.dir = await makeTempDir('no-tools-');
    state.paths = { ffmpeg: join(state.dir, 'no-such-ffmpeg'), ffprobe: join(state.dir, 'no-such-ffprobe') };
    const variables = Object.fromEntries(missing.map((tool) => [tool === 'ffmpeg' ? 'FFMPEG_PATH' : 'FFPROBE_PATH', state.paths[tool]]));
    state.app = await startTestApp({ ...variables, ...overrides });
    state.recording = await makeSine(join(state.dir, 'tone.wav'), { seconds: 1 });
    // An MP4 container (brand isom): a video document, whatever its tracks.
    state.video = await makeSine(join(state.dir, 'tone.mp4'), { seconds: 1 });
  });
  afterAll(async () => {
    await state.app?.close();
    await removeDir(state.dir);
  });
  return state;
}

/** A voice's recording and a transcript's audio are refused 503 naming the tool, and nothing is stored. */
async function expectUploadsRefused(call: RestClient, recording: string, missing: string) {
  const voice = await call('POST', '/api/voices/acme', { form: await multipart({ name: 'Ada' }, { file: recording }) });
  expect(voice.status).toBe(503);
  expect(voice.headers.get('retry-after')).toBe('60');
  expect(voice.body).toEqual({ detail: missing });
  expect((await call('GET', '/api/voices/acme/Ada')).status).toBe(404);

  const transcript = await call('POST', '/v2/transcript', { form: await multipart({}, { audio: recording }) });
  expect(transcript.status).toBe(503);
  expect(transcript.body).toEqual({ error: missing });
}

/**
 * Audio and video documents (created from a file, over REST and GraphQL, or given as a new
 * original) are refused 503 naming the tool, and nothing of them is stored; a text document is
 * taken and digitized without any audio tool.
 */
async function expectMediaDocumentsRefused(app: TestApp, media: string[], missing: string) {
  const key = await app.createKey('acme');
  const call = restClient(app.url, key);
  expect((await call('POST', '/api/knowledgebases/acme', { form: await multipart({ name: 'Media' }) })).status).toBe(201);
  const text = await call('POST', '/api/documents/acme/Media', {
    form: await multipart({ type: 'file', folder: 'F' }, { file: { data: 'Plain words.', filename: 'notes.txt', type: 'text/plain' } }),
  });
  expect(text.status).toBe(201);
  const digitized = await waitFor(
    async () => (await call('GET', `/api/document/acme/Media/${text.body.id}`)).body as { in_queues: string[]; file_digitized: string | null },
    (document) => document.in_queues.length === 0,
  );
  expect(digitized).toMatchObject({ file_original: 'original.txt', file_digitized: 'digitized.md', processing_error: null });
  const blobsBefore = (await storedBlobs(app)).sort();

  for (const file of media) {
    const created = await call('POST', '/api/documents/acme/Media', { form: await multipart({ type: 'file', folder: 'F' }, { file }) });
    const original = await call('POST', `/api/documents/acme/Media/${text.body.id}/content/original`, { form: await multipart({}, { file }) });
    for (const answer of [created, original]) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('60');
      expect(answer.body).toEqual({ detail: missing });
    }
  }
  const mutation = await executeWithFiles(
    app.url,
    key,
    CreateMediaDocument,
    { partner: 'acme', kb: 'Media', folder: 'F', file: null as unknown as File },
    { file: media[0]! },
  );
  expect(mutation.status).toBe(503);
  expect(mutation.errors).toEqual([expect.objectContaining({ message: missing, extensions: { code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 60 } })]);

  const listed = (await call('GET', '/api/documents/acme/Media')).body as { documents: { id: string; file_original: string }[] };
  expect(listed.documents.map(({ id, file_original }) => ({ id, file_original }))).toEqual([{ id: text.body.id, file_original: 'original.txt' }]);
  expect((await storedBlobs(app)).sort()).toEqual(blobsBefore);
}

describe('without ffmpeg and ffprobe', () => {
  const toolless = withoutTools(['ffmpeg', 'ffprobe'], { ALLOW_PRIVATE_URLS: 'true' });
  // ffprobe is named: the work runs it first, so the request says what its job would.
  const MISSING = 'The audio tool no-such-ffprobe is not installed on the server';

  it('is not ready, names the missing tools, and lists the built-in voice engine as missing', async () => {
    const ready = await restClient(toolless.app.url)('GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.failing).toEqual(['audioTools']);
    expect(ready.body.checks.audioTools).toBe(
      `ffmpeg (FFMPEG_PATH=${toolless.paths.ffmpeg}: not installed); ffprobe (FFPROBE_PATH=${toolless.paths.ffprobe}: not installed)`,
    );
    expect(ready.body.engines.find((engine: { kind: string }) => engine.kind === 'voice')).toMatchObject({ status: 'missing', model: null });
  });

  it('answers an upload that needs them 503 naming the tool, never a 4xx that blames the file', async () => {
    await expectUploadsRefused(restClient(toolless.app.url, await toolless.app.createKey('acme')), toolless.recording, MISSING);
  });

  it('refuses audio and video documents 503 naming the tool, storing nothing, and still takes text', async () => {
    await expectMediaDocumentsRefused(toolless.app, [toolless.recording, toolless.video], MISSING);
  });

  // A URL's format is known only once its job has downloaded it: the job fails with the tool as its reason.
  it('fails a document from a URL to audio with the missing tool as its reason, and digitizes one to a page', async () => {
    const page = join(toolless.dir, 'page.html');
    await writeFile(page, '<!doctype html><html><head><title>Page</title></head><body><article><p>Words of a page.</p></article></body></html>');
    const files = await serveFiles({
      'tone.wav': { path: toolless.recording, contentType: 'audio/wav' },
      'page.html': { path: page, contentType: 'text/html' },
    });
    try {
      const call = restClient(toolless.app.url, await toolless.app.createKey('acme'));
      await call('POST', '/api/knowledgebases/acme', { form: await multipart({ name: 'Links' }) });
      const ended = async (url: string) => {
        const created = await call('POST', '/api/documents/acme/Links', { form: await multipart({ type: 'url', folder: 'F', url }) });
        expect(created.status).toBe(201);
        return waitFor(
          async () => (await call('GET', `/api/document/acme/Links/${created.body.id}`)).body as { in_queues: string[] },
          (document) => document.in_queues.length === 0,
        );
      };
      expect(await ended(files.url('tone.wav'))).toMatchObject({ processing_error: MISSING, file_digitized: null });
      expect(await ended(files.url('page.html'))).toMatchObject({ processing_error: null, file_digitized: 'digitized.md' });
    } finally {
      await files.close();
    }
  });

  it('fails a transcript of a URL with the missing tool as its reason, not as unreadable audio', async () => {
    const files = await serveFiles({ 'tone.wav': { path: toolless.recording, contentType: 'audio/wav' } });
    try {
      const call = restClient(toolless.app.url, await toolless.app.createKey('acme'));
      const submitted = await call('POST', '/v2/transcript', { json: { audio_url: files.url('tone.wav') } });
      expect(submitted.status).toBe(200);
      const ended = await waitFor(
        async () => (await call('GET', submitted.body.id as string)).body as { status: string; error?: string },
        (transcript) => transcript.status === 'error',
      );
      expect(ended.error).toBe(MISSING);
    } finally {
      await files.close();
    }
  });
});

describe('without ffmpeg, ffprobe found', () => {
  const ffmpegless = withoutTools(['ffmpeg']);
  const MISSING = 'The audio tool no-such-ffmpeg is not installed on the server';

  it('is not ready, naming ffmpeg alone', async () => {
    const ready = await restClient(ffmpegless.app.url)('GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.checks.audioTools).toBe(`ffmpeg (FFMPEG_PATH=${ffmpegless.paths.ffmpeg}: not installed)`);
  });

  // ffprobe reads the upload, so only the job would meet the missing ffmpeg: the request is refused rather than answered 201 for a split bound to fail.
  it('refuses a recording 503 naming ffmpeg, storing nothing, and still takes work without audio', async () => {
    const call = restClient(ffmpegless.app.url, await ffmpegless.app.createKey('acme'));
    await expectUploadsRefused(call, ffmpegless.recording, MISSING);

    // An empty voice needs no audio tool; its first sample does.
    expect((await call('POST', '/api/voices/acme', { form: await multipart({ name: 'Empty' }) })).status).toBe(201);
    const sample = await call('POST', '/api/voices/acme/Empty/samples', { form: await multipart({}, { file: ffmpegless.recording }) });
    expect(sample.status).toBe(503);
    expect(sample.body).toEqual({ detail: MISSING });
    expect((await call('GET', '/api/voices/acme/Empty')).body.samples).toEqual([]);
  });

  it('refuses audio and video documents 503 naming ffmpeg, storing nothing', async () => {
    await expectMediaDocumentsRefused(ffmpegless.app, [ffmpegless.recording, ffmpegless.video], MISSING);
  });

  it('fails the split of a recording taken where ffmpeg is found, on a worker without it, with a readable stored reason', async () => {
    // An API process with both tools in front of this app, whose worker has no ffmpeg: the one way a recording reaches such a worker.
    const { app } = ffmpegless;
    const front = await startTestApp({ ROLE: 'api', REDIS_PREFIX: app.env.REDIS_PREFIX!, DATA_DIR: app.dataDir }, app.redis);
    try {
      const key = await front.createKey('acme');
      const call = restClient(front.url, key);
      const created = await call('POST', '/api/voices/acme', { form: await multipart({ name: 'Split' }, { file: ffmpegless.recording }) });
      expect(created.status).toBe(201);
      const splitting = await waitFor(
        async () => (await execute(front.url, key, VoiceSplittingQuery, { partner: 'acme', name: 'Split' })).data!.voice!.splitting,
        (state) => state.status !== 'IN_PROGRESS',
      );
      expect(splitting).toEqual({ status: 'FAILED', error: MISSING });
      expect((await call('GET', '/api/voices/acme/Split')).body.status.splitting).toBe('failed');
    } finally {
      await front.close();
    }
  });
});
