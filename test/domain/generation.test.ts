import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoiceSample } from '../../src/domain/voice/voice.types';
import { makeSine, makeTempDir, removeDir } from '../support/audio';
import { startTestDomain, type TestDomain } from '../support/test-app';

let domain: TestDomain;
let audioDir: string;

beforeAll(async () => {
  domain = await startTestDomain();
  audioDir = await makeTempDir();
});

afterAll(async () => {
  await domain?.close();
  await removeDir(audioDir);
});

/** A voice whose first split (generation 1) has been superseded by a second trigger (generation 2). */
async function voiceSplitTwice(name: string) {
  const recording = await makeSine(join(audioDir, `${name}.wav`));
  const { size } = await stat(recording);
  const created = await domain.services.voices.create('acme', { name }, { field: 'file', path: recording, filename: `${name}.wav`, mimetype: 'audio/wav', size });
  const resplit = await domain.services.voices.split('acme', name, { maxSamples: 3, sampleDurationSeconds: 1 });
  return { created, resplit };
}

/** Sample files in the blob store, as a split job leaves them before it records its result. */
async function sampleBlobs(count: number): Promise<VoiceSample[]> {
  const { blobs } = domain.services.platform;
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const file = await makeSine(join(audioDir, `${randomUUID()}.opus`), { seconds: 1 });
      return { index, blobId: await blobs.adopt(file), sourceTimestamp: `00:0${index}`, durationSeconds: 1 };
    }),
  );
}

describe('the generation rule, through the voice services', () => {
  describe('when a split is triggered again while the first split runs', () => {
    it("refuses the first split's late result, leaves the voice as it was, and removes that result's files", async () => {
      const { created, resplit } = await voiceSplitTwice('Twice');
      expect(resplit.splitting.generation).toBe(created.splitting.generation + 1);
      const late = await sampleBlobs(2);
      for (const sample of late) expect(await domain.services.platform.blobs.size(sample.blobId)).toBeGreaterThan(0);

      const accepted = await domain.services.voicePipeline.recordSplit(resplit.id, created.splitting.generation, late);

      expect(accepted).toBe(false);
      expect(await domain.services.voices.find('acme', 'Twice')).toEqual(resplit);
      for (const sample of late) expect(await domain.services.platform.blobs.size(sample.blobId)).toBeNull();
    });

    it("accepts the second split's result and keeps its files", async () => {
      const { resplit } = await voiceSplitTwice('Current');
      const samples = await sampleBlobs(2);

      const accepted = await domain.services.voicePipeline.recordSplit(resplit.id, resplit.splitting.generation, samples);

      expect(accepted).toBe(true);
      const stored = await domain.services.voices.find('acme', 'Current');
      expect(stored).toMatchObject({ samples, splitting: { status: 'completed', generation: resplit.splitting.generation }, version: resplit.version + 1 });
      for (const sample of samples) expect(await domain.services.platform.blobs.size(sample.blobId)).toBeGreaterThan(0);
    });
  });
});
