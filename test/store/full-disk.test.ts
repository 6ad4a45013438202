import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { makeSine, makeTempDir, removeDir } from '../support/audio';
import { executeWithFiles } from '../support/graphql-client';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { mountSmallDisk } from '../support/small-disk';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

const CreateVoiceFromFile = graphql(`
  mutation CreateVoiceFromFile($partner: String!, $name: String!, $file: Upload) {
    createVoice(partner: $partner, name: $name, file: $file) {
      name
    }
  }
`);

const DISK_FULL = "The service's disk is full; try again later";

// DATA_DIR on a tmpfs of its own: filling it is a real full disk, with the system's own ENOSPC.
const disk = await mountSmallDisk(8);

describe.skipIf(!disk)('with DATA_DIR full (a tmpfs filled to the last byte)', () => {
  let api: TestApp;
  let call: RestClient;
  let key: string;
  let dir: string;
  let recording: string;

  beforeAll(async () => {
    dir = await makeTempDir('full-disk-');
    recording = await makeSine(join(dir, 'tone.wav'), { seconds: 2 });
    // API only: the document's job waits for the worker started once the disk is full.
    api = await startTestApp({ ROLE: 'api', DATA_DIR: disk!.dir, RATE_LIMIT_PER_MINUTE: '100000' });
    key = await api.createKey('acme');
    call = restClient(api.url, key);
  });

  afterAll(async () => {
    await api?.close();
    await disk?.close();
    await removeDir(dir);
  });

  const scratchFiles = () => readdir(join(disk!.dir, 'tmp'));

  it('answers 507 in each API’s format, keeps nothing of the upload, and readiness says so; all is well once space is freed', async () => {
    expect((await call('GET', '/readyz', { key: null })).status).toBe(200);
    await disk!.fill();

    const ready = await call('GET', '/readyz', { key: null });
    expect(ready.status).toBe(503);
    expect(ready.body.failing).toEqual(['dataDir']);
    expect(ready.body.checks.dataDir).toBe(DISK_FULL);

    const voice = await call('POST', '/api/voices/acme', { form: await multipart({ name: 'Ada' }, { file: recording }) });
    expect(voice.status).toBe(507);
    expect(voice.body).toEqual({ detail: DISK_FULL });
    expect((await call('GET', '/api/voices/acme/Ada')).status).toBe(404);

    const transcript = await call('POST', '/v2/transcript', { form: await multipart({}, { audio: { path: recording, filename: 'tone.wav' } }) });
    expect(transcript.status).toBe(507);
    expect(transcript.body).toEqual({ error: DISK_FULL });

    const viaGraphql = await executeWithFiles(api.url, key, CreateVoiceFromFile, { partner: 'acme', name: 'Grace', file: null }, { file: recording });
    expect(viaGraphql.status).toBe(507);
    expect(viaGraphql.errors?.[0]).toMatchObject({ message: DISK_FULL, extensions: { code: 'INSUFFICIENT_STORAGE' } });

    // No half-written upload stays behind.
    expect(await scratchFiles()).toEqual([]);

    await disk!.free();
    expect((await call('GET', '/readyz', { key: null })).status).toBe(200);
    expect((await call('POST', '/api/voices/acme', { form: await multipart({ name: 'Ada' }, { file: recording }) })).status).toBe(201);
  });

  it('fails a job that meets the full disk with a reason in the service’s words, not the system’s', async () => {
    expect((await call('POST', '/api/knowledgebases/acme', { form: await multipart({ name: 'Later' }) })).status).toBe(201);
    const created = await call('POST', '/api/documents/acme/Later', {
      form: await multipart(
        { type: 'file', folder: 'f' },
        { file: { filename: 'later.md', data: Buffer.from('# Later\n\nWritten once the disk is full.\n'), type: 'text/markdown' } },
      ),
    });
    expect(created.status).toBe(201);
    await disk!.fill();
    const worker = await startTestApp({ ROLE: 'worker', DATA_DIR: disk!.dir }, api.redis);
    try {
      const failed = await waitFor(
        async () => (await call('GET', `/api/document/acme/Later/${created.body.id}`)).body as { in_queues: string[]; processing_error: string | null },
        (current) => current.in_queues.length === 0,
      );
      expect(failed.processing_error).toBe(DISK_FULL);
    } finally {
      await worker.close();
      await disk!.free();
    }
  });
});
