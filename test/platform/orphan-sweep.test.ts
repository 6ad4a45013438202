import { randomUUID } from 'node:crypto';
import { mkdir, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepOrphans } from '../../src/workers/orphan-sweep';
import { makeSine, makeTempDir, removeDir } from '../support/audio';
import { multipart, restClient } from '../support/rest-client';
import { waitFor } from '../support/wait-for';
import { startTestRedis, type TestRedis } from '../support/redis-server';
import { localBlobs, startTestApp, type TestApp } from '../support/test-app';

const HOUR_MS = 3600_000;

let dir: string;
let redis: TestRedis;
let api: TestApp;

beforeAll(async () => {
  dir = await makeTempDir('orphan-sweep-');
  redis = await startTestRedis();
  // API only: the uploaded transcript waits for a worker, so its audio stays referenced.
  api = await startTestApp({ ROLE: 'api', ORPHAN_MAX_AGE_SECONDS: '3600' }, redis);
});

afterAll(async () => {
  await api?.close();
  await redis?.stop();
  await removeDir(dir);
});

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );
const ageBy = (path: string, ms: number) => utimes(path, new Date(Date.now() - ms), new Date(Date.now() - ms));

async function strayFile(path: string, ageMs: number): Promise<string> {
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, 'left behind by a crash');
  await ageBy(path, ageMs);
  return path;
}

describe('the orphan sweep', () => {
  it('removes old files no record references, and keeps fresh, referenced and in-use ones', async () => {
    const blobs = localBlobs(api);
    const body = await multipart({}, { audio: { path: await makeSine(join(dir, 'tone.wav')), filename: 'tone.wav' } });
    const call = restClient(api.url, await api.createKey('acme'));
    const submitted = (await call('POST', '/v2/transcript', { form: body })).body as { id: string };
    const transcript = await api.app.services.transcripts.getById(submitted.id.slice(submitted.id.lastIndexOf('/') + 1));
    const referenced = blobs.pathOf((transcript!.source as { blobId: string }).blobId);
    await ageBy(referenced, 2 * HOUR_MS);

    const oldOrphan = await strayFile(blobs.pathOf(randomUUID()), 2 * HOUR_MS);
    const freshOrphan = await strayFile(blobs.pathOf(randomUUID()), 0);
    // A job's work directory in this process: old on disk, but its lease says it is in use.
    const workDir = await blobs.scratch.tmpDirectory();
    await ageBy(workDir, 2 * HOUR_MS);
    // Scratch files of a process that died: nobody holds a lease on them.
    const oldScratch = await strayFile(join(workDir, '..', `${randomUUID()}.wav`), 2 * HOUR_MS);
    const freshScratch = await strayFile(join(workDir, '..', `${randomUUID()}.wav`), 0);

    expect(await sweepOrphans(api.app.services.platform, HOUR_MS)).toEqual({ blobs: 1, scratch: 1 });
    expect(await exists(oldOrphan)).toBe(false);
    expect(await exists(oldScratch)).toBe(false);
    for (const kept of [referenced, freshOrphan, freshScratch, workDir]) expect(await exists(kept)).toBe(true);
  });

  it('runs when a worker starts', async () => {
    const orphan = await strayFile(localBlobs(api).pathOf(randomUUID()), 2 * HOUR_MS);
    const worker = await startTestApp({ ROLE: 'worker', DATA_DIR: api.dataDir, ORPHAN_MAX_AGE_SECONDS: '3600' }, redis);
    try {
      await waitFor(
        () => exists(orphan),
        (present) => !present,
        30_000,
      );
    } finally {
      await worker.close();
    }
  });
});
