import { randomBytes } from 'node:crypto';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EngineError, EngineUnavailable } from '../../src/domain/shared/engine-error';
import { GpuJobsClient } from '../../src/engines/gpu-jobs.client';
import { TEST_SENTENCES } from '../../src/engines/voice-embedding';
import { ffmpeg, makeSine, makeTempDir, probeFile, removeDir } from '../support/audio';
import { startGpuJobsServer, type GpuJobsServer } from '../support/gpu-jobs-server';
import { readZip } from '../support/zip';

let dir: string;
let samples: { index: number; path: string }[];
let server: GpuJobsServer | undefined;

beforeAll(async () => {
  dir = await makeTempDir('gpu-jobs-test-');
  samples = [];
  for (const index of [0, 1]) {
    const wav = await makeSine(join(dir, `source_${index}.wav`), { seconds: 2, frequency: 200 + 50 * index });
    const path = join(dir, `${index}.opus`);
    await ffmpeg.toOpus(wav, path);
    samples.push({ index, path });
  }
});

afterEach(async () => {
  await server?.close();
  server = undefined;
});

afterAll(async () => {
  await removeDir(dir);
});

function client(baseUrl: string, options: { apiKey?: string; timeoutMs?: number; maxAnswerBytes?: number; maxFileBytes?: number } = {}) {
  return new GpuJobsClient({ baseUrl, pollIntervalMs: 10, ...options, timeoutMs: options.timeoutMs ?? 30_000 });
}

async function workDir(name: string) {
  return makeTempDir(`gpu-jobs-${name}-`);
}

describe('GpuJobsClient', () => {
  it('uploads the samples, polls until success and downloads the results', async () => {
    server = await startGpuJobsServer({ apiKey: 'gpu-secret', queuedPolls: 2, runningPolls: 2 });
    const out = await workDir('success');
    const notes: string[] = [];
    const counts: [number, number | null][] = [];
    const engineQueue: ({ position: number | null } | null)[] = [];
    try {
      const result = await client(server.url, { apiKey: 'gpu-secret' }).embed({
        voiceId: 'voice-1',
        ttsType: 'vendor_tts_v2',
        samples,
        workDir: out,
        onProgress: (note, done, total) => {
          notes.push(note);
          counts.push([done, total]);
        },
        onEngineQueue: async (backlog) => void engineQueue.push(backlog),
      });

      expect(result.ttsType).toBe('vendor_tts_v2');
      expect(result.sampleScores).toEqual([
        { sampleIndex: 0, score: 0.9 },
        { sampleIndex: 1, score: 0.8 },
      ]);
      expect(result.testSamples.map(({ sampleIndex, sentenceIndex }) => [sampleIndex, sentenceIndex])).toEqual(
        TEST_SENTENCES.map((_, sentence) => [0, sentence]),
      );
      for (const testSample of result.testSamples) {
        expect(testSample.path.startsWith(out)).toBe(true);
        expect(await probeFile(testSample.path)).toMatchObject({ audioCodec: 'opus', channels: 1 });
      }
      expect(result.archivePath).toBe(join(out, 'embedding.zip'));
      expect([...(await readZip(result.archivePath)).keys()].sort()).toEqual(['meta.json', 'speaker_embedding.f32']);

      const submission = server.requests.find((request) => request.method === 'POST');
      expect(submission?.path).toBe('/jobs');
      expect(submission?.job).toEqual({
        type: 'voice_embedding',
        voice_id: 'voice-1',
        tts_type: 'vendor_tts_v2',
        sentences: TEST_SENTENCES,
        samples: [{ index: 0 }, { index: 1 }],
      });
      expect(submission?.files?.map(({ field, filename, codec }) => ({ field, filename, codec }))).toEqual([
        { field: 'sample_0', filename: '0.opus', codec: 'opus' },
        { field: 'sample_1', filename: '1.opus', codec: 'opus' },
      ]);
      expect(server.requests.filter((request) => request.path.startsWith('/jobs/')).length).toBe(5);
      expect(server.requests.every((request) => request.headers.authorization === 'Bearer gpu-secret')).toBe(true);
      expect(server.requests.some((request) => request.method === 'DELETE')).toBe(false);
      expect(notes.filter((note) => note.includes(' queued'))).toEqual([
        expect.stringMatching(/ queued \(1 ahead\)$/),
        expect.stringMatching(/ queued \(0 ahead\)$/),
      ]);
      // The service's queue, as the voice's wait shows it: its place there, then out of it.
      expect(engineQueue).toEqual([{ position: 1 }, { position: 0 }, null]);
      expect(notes.filter((note) => note.includes(' running ('))).toEqual([
        expect.stringMatching(/ running \(33 %\)$/),
        expect.stringMatching(/ running \(67 %\)$/),
      ]);
      // The service's own fraction in percent of 100 (kept through its succeeded answer), none before it reports one.
      expect(counts[0]).toEqual([0, null]);
      expect(counts.filter(([, total]) => total !== null)).toEqual([
        [33, 100],
        [67, 100],
        [67, 100],
        [100, 100],
      ]);
      expect(notes.some((note) => note.endsWith(' succeeded'))).toBe(true);
    } finally {
      await removeDir(out);
    }
  });

  it('resolves job and file URLs below a base path', async () => {
    server = await startGpuJobsServer({ basePath: '/gpu/v1' });
    const out = await workDir('base-path');
    try {
      const result = await client(server.url).embed({ voiceId: 'v', ttsType: 't', samples: samples.slice(0, 1), workDir: out });
      expect(result.sampleScores).toEqual([{ sampleIndex: 0, score: 0.9 }]);
      expect(result.testSamples).toHaveLength(TEST_SENTENCES.length);
      expect(server.requests.every((request) => request.path.startsWith('/gpu/v1/'))).toBe(true);
      expect(server.requests.some((request) => request.path.startsWith('/gpu/v1/files/'))).toBe(true);
    } finally {
      await removeDir(out);
    }
  });

  it('surfaces the error text of a failed job', async () => {
    server = await startGpuJobsServer({ failWith: 'CUDA out of memory on worker gpu-3' });
    const out = await workDir('failed');
    try {
      const error = await client(server.url)
        .embed({ voiceId: 'v', ttsType: 't', samples, workDir: out })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(EngineError);
      expect((error as EngineError).message).toBe('The GPU job service failed the embedding: CUDA out of memory on worker gpu-3');
      expect((error as EngineError).retryable).toBe(false);
      expect(server.requests.some((request) => request.method === 'DELETE')).toBe(false);
      expect(await readdir(out)).toEqual([]);
    } finally {
      await removeDir(out);
    }
  });

  it('refuses a wrong API key with a readable, final error', async () => {
    server = await startGpuJobsServer({ apiKey: 'right-key' });
    const out = await workDir('auth');
    try {
      const error = await client(server.url, { apiKey: 'wrong-key' })
        .embed({ voiceId: 'v', ttsType: 't', samples, workDir: out })
        .catch((caught: unknown) => caught);
      expect((error as EngineError).message).toBe('The GPU job service rejected the API key (HTTP 401): Invalid API key');
      expect((error as EngineError).retryable).toBe(false);
      expect(server.requests[0]?.headers.authorization).toBe('Bearer wrong-key');
    } finally {
      await removeDir(out);
    }
  });

  it('passes on the service refusing a sample that is not audio', async () => {
    server = await startGpuJobsServer();
    const out = await workDir('not-audio');
    const bogus = join(dir, 'bogus.opus');
    await writeFile(bogus, randomBytes(2048));
    try {
      const error = await client(server.url)
        .embed({ voiceId: 'v', ttsType: 't', samples: [{ index: 4, path: bogus }], workDir: out })
        .catch((caught: unknown) => caught);
      expect((error as EngineError).message).toBe('The GPU job service answered POST /jobs with HTTP 422: Part sample_4 is not audio');
      expect((error as EngineError).retryable).toBe(false);
    } finally {
      await removeDir(out);
    }
  });

  it('cancels the job when the signal aborts', async () => {
    server = await startGpuJobsServer({ queuedPolls: 1_000_000 });
    const out = await workDir('abort');
    const controller = new AbortController();
    try {
      const embedding = client(server.url).embed({
        voiceId: 'v',
        ttsType: 't',
        samples,
        workDir: out,
        signal: controller.signal,
        onProgress: (note) => {
          if (note.endsWith(' queued')) controller.abort(new Error('voice deleted'));
        },
      });
      await expect(embedding).rejects.toThrow('voice deleted');
      const [job] = [...server.jobs.values()];
      expect(job?.status).toBe('cancelled');
      expect(server.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([`/jobs/${job?.id}`]);
    } finally {
      await removeDir(out);
    }
  });

  it('gives up and cancels the job after the timeout', async () => {
    server = await startGpuJobsServer({ queuedPolls: 1_000_000 });
    const out = await workDir('timeout');
    try {
      // Long enough for the submission to be accepted even on a loaded machine: the point is
      // a job that never finishes, not a submission that never arrives.
      const error = await client(server.url, { timeoutMs: 3_000 })
        .embed({ voiceId: 'v', ttsType: 't', samples, workDir: out })
        .catch((caught: unknown) => caught);
      expect((error as EngineError).message).toBe('The GPU job service did not finish the embedding within 3 s');
      expect((error as EngineError).retryable).toBe(true);
      const [job] = [...server.jobs.values()];
      expect(job?.status).toBe('cancelled');
    } finally {
      await removeDir(out);
    }
  });

  it('reports a service that cannot be reached', async () => {
    const gone = await startGpuJobsServer();
    const url = gone.url;
    await gone.close();
    const out = await workDir('unreachable');
    try {
      const error = await client(url)
        .embed({ voiceId: 'v', ttsType: 't', samples, workDir: out })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(EngineError);
      expect((error as EngineError).message).toMatch(/^The GPU job service could not be reached: .*ECONNREFUSED/);
      expect((error as EngineError).retryable).toBe(true);
    } finally {
      await removeDir(out);
    }
  });

  describe('when the service misbehaves', () => {
    const MB = 1024 * 1024;

    it('hands a refused submission on as the engine being away, with the wait it asked for', async () => {
      server = await startGpuJobsServer({ refuse: { kind: 'submit', times: 1, status: 503, retryAfter: '30' } });
      const out = await workDir('submit-503');
      try {
        const error = await client(server.url)
          .embed({ voiceId: 'v', ttsType: 't', samples, workDir: out })
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(EngineUnavailable);
        expect((error as EngineUnavailable).message).toBe('The GPU job service answered POST /jobs with HTTP 503: The service is restarting');
        expect((error as EngineUnavailable).retryAfterMs).toBe(30_000);
      } finally {
        await removeDir(out);
      }
    });

    it('polls again no sooner than a refused poll asks', async () => {
      server = await startGpuJobsServer({ refuse: { kind: 'poll', times: 1, status: 429, retryAfter: '1' } });
      const out = await workDir('poll-429');
      try {
        const result = await client(server.url).embed({ voiceId: 'v', ttsType: 't', samples, workDir: out });
        expect(result.sampleScores).toHaveLength(2);
        const polls = server.requests.filter((request) => request.method === 'GET' && request.path.startsWith('/jobs/'));
        expect(polls[1]!.at - polls[0]!.at).toBeGreaterThanOrEqual(950);
      } finally {
        await removeDir(out);
      }
    });

    it('stops reading a job status past the answer limit, for good', async () => {
      server = await startGpuJobsServer({ hugePollBytes: 100 * MB });
      const out = await workDir('huge-status');
      try {
        const error = await client(server.url, { maxAnswerBytes: MB })
          .embed({ voiceId: 'v', ttsType: 't', samples, workDir: out })
          .catch((caught: unknown) => caught);
        expect((error as EngineError).message).toBe('The GPU job service sent a job status too large: over 1 MB');
        expect((error as EngineError).retryable).toBe(false);
        const poll = server.requests.find((request) => request.bytesServed !== undefined);
        expect(poll!.bytesServed).toBeLessThan(20 * MB);
      } finally {
        await removeDir(out);
      }
    });

    it('stops downloading a result file past its limit and leaves no part of it', async () => {
      server = await startGpuJobsServer({ hugeFileBytes: 100 * MB });
      const out = await workDir('huge-file');
      try {
        const error = await client(server.url, { maxFileBytes: 2 * MB })
          .embed({ voiceId: 'v', ttsType: 't', samples, workDir: out })
          .catch((caught: unknown) => caught);
        expect((error as EngineError).message).toBe('The GPU job service returned a result file too large: over 2 MB');
        expect((error as EngineError).retryable).toBe(false);
        const download = server.requests.find((request) => request.bytesServed !== undefined);
        expect(download!.bytesServed).toBeLessThan(20 * MB);
        expect((await readdir(out)).filter((name) => name.endsWith('.zip'))).toEqual([]);
      } finally {
        await removeDir(out);
      }
    });
  });
});
