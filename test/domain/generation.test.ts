import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voiceProgress, type VoiceSample } from '../../src/domain/voice/voice.types';
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

async function createVoice(name: string) {
  const recording = await makeSine(join(audioDir, `${name}.wav`));
  const { size } = await stat(recording);
  return domain.services.voices.create('acme', { name }, { field: 'file', path: recording, filename: `${name}.wav`, mimetype: 'audio/wav', size });
}

/** A voice whose first split (generation 1) has been superseded by a second trigger (generation 2). */
async function voiceSplitTwice(name: string) {
  const created = await createVoice(name);
  const resplit = await domain.services.voices.split('acme', name, { maxSamples: 3, sampleDurationSeconds: 1, mode: 'fixed' });
  return { created, resplit };
}

/** Sample files in the blob store, as a split job leaves them before it records its result. */
async function sampleBlobs(count: number): Promise<VoiceSample[]> {
  const { blobs } = domain.services.platform;
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const file = await makeSine(join(audioDir, `${randomUUID()}.opus`), { seconds: 1 });
      return {
        index,
        blobId: await blobs.adopt(file),
        sourceTimestamp: `00:0${index}`,
        sourceStartSeconds: index,
        durationSeconds: 1,
        quality: null,
        speechSeconds: null,
      };
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

  describe('progress', () => {
    it("is shown for the running job, never for a superseded one, and never written over the job's final state", async () => {
      const { voices, voicePipeline } = domain.services;
      const created = await createVoice('Progressing');
      const first = created.splitting.generation;

      const current = voicePipeline.progress(created.id, 'splitting', first);
      current.report('splitting', 1, 3);
      await current.flush();
      const reading = await voices.find('acme', 'Progressing');
      expect(voiceProgress(reading!)).toMatchObject({ stage: 'splitting', done: 1, total: 3 });
      expect(reading!.updatedAt).toBe(created.updatedAt);

      const resplit = await voices.split('acme', 'Progressing', { maxSamples: 3, sampleDurationSeconds: 1, mode: 'fixed' });
      expect(voiceProgress(resplit)).toBeNull();
      const superseded = voicePipeline.progress(created.id, 'splitting', first);
      superseded.report('splitting', 2, 3);
      await superseded.flush();
      expect(await voices.find('acme', 'Progressing')).toEqual(resplit);

      await voicePipeline.recordSplitFailure(created.id, resplit.splitting.generation, 'stopped by the test');
      const failed = await voices.find('acme', 'Progressing');
      const late = voicePipeline.progress(created.id, 'splitting', resplit.splitting.generation);
      late.report('splitting', 3, 3);
      await late.flush();
      expect(await voices.find('acme', 'Progressing')).toEqual(failed);
      expect(voiceProgress(failed!)).toBeNull();
    });
  });
});
