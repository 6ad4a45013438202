import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeNoise, makeTempDir, removeDir } from '../support/audio';
import { startGpuJobsServer, type GpuJobsServer } from '../support/gpu-jobs-server';
import { multipart, restClient } from '../support/rest-client';
import { waitFor } from '../support/wait-for';
import { startTestApp, type TestApp } from '../support/test-app';

interface Detail {
  status: { splitting: string; embedding: string; embedding_error: string | null };
  samples: { index: number }[];
  embedding_info: { tts_type: string; last_update_status: string; sample_scores: { sample_index: number; score: number }[]; test_samples: unknown[] } | null;
}

let gpu: GpuJobsServer;
let app: TestApp;
let key: string;
let dir: string;
let recording: string;

const settled = (voice: Detail) => voice.status.splitting !== 'in_progress' && voice.status.embedding !== 'in_progress';

beforeAll(async () => {
  gpu = await startGpuJobsServer({ apiKey: 'gpu-secret', queuedPolls: 1, runningPolls: 1 });
  app = await startTestApp({ GPU_JOBS_URL: gpu.url, GPU_JOBS_API_KEY: 'gpu-secret', GPU_JOBS_POLL_MS: '50' });
  key = await app.createKey('acme');
  dir = await makeTempDir('voice-gpu-');
  recording = await makeNoise(join(dir, 'recording.wav'), { seconds: 20, amplitude: 0.2 });
});

afterAll(async () => {
  await app?.close();
  await gpu?.close();
  await removeDir(dir);
});

async function createAndSettle(name: string): Promise<Detail> {
  const call = restClient(app.url, key);
  const response = await call('POST', '/api/voices/acme', { form: await multipart({ name }, { file: recording }) });
  expect(response.status).toBe(201);
  return waitFor(async () => (await call('GET', `/api/voices/acme/${name}`)).body as Detail, settled);
}

describe('embedding through the GPU job service', () => {
  it('submits the samples, polls the job and stores its results', async () => {
    const voice = await createAndSettle('Gpu');
    expect(voice.status.embedding).toBe('completed');
    expect(voice.embedding_info!.last_update_status).toBe('success');
    expect(voice.embedding_info!.sample_scores.map((score) => score.sample_index).sort()).toEqual(voice.samples.map((sample) => sample.index));
    expect(voice.embedding_info!.test_samples.length).toBeGreaterThan(0);
    const submissions = gpu.requests.filter((request) => request.method === 'POST');
    expect(submissions.length).toBe(1);
    const call = restClient(app.url, key);
    const tests = (await call('GET', '/api/voices/acme/Gpu/test-samples')).body as { url: string }[];
    const audio = await call('GET', tests[0]!.url);
    expect(audio.status).toBe(200);
    expect(audio.bytes.subarray(0, 4).toString()).toBe('OggS');
  });

  it('stores the service error as the readable reason when the job fails', async () => {
    gpu.failJobsWith('CUDA out of memory');
    const voice = await createAndSettle('GpuFails');
    expect(voice.status.splitting).toBe('completed');
    expect(voice.status.embedding).toBe('failed');
    expect(voice.status.embedding_error).toContain('CUDA out of memory');
    expect(voice.embedding_info!.last_update_status).toBe('failed');
  });
});
