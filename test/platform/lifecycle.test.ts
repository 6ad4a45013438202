import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeNoise, makeTempDir, removeDir } from '../support/audio';
import { multipart, restClient } from '../support/rest-client';
import { waitFor } from '../support/wait-for';
import { startAppProcess } from '../support/app-process';
import { startOpenAiCompatibleServer } from '../support/openai-compatible-server';
import { completeQueue } from '../../src/domain/completion/completion.queues';
import { freePort, startTestRedis, type TestRedis } from '../support/redis-server';
import { startTestApp } from '../support/test-app';

interface Detail {
  status: { splitting: string; embedding: string };
  samples: { index: number; source_timestamp: string }[];
}

let dir: string;
let recording: string;
let redis: TestRedis;

beforeAll(async () => {
  dir = await makeTempDir('lifecycle-');
  recording = await makeNoise(join(dir, 'recording.wav'), { seconds: 60, amplitude: 0.2 });
  redis = await startTestRedis();
});

afterAll(async () => {
  await redis?.stop();
  await removeDir(dir);
});

const settled = (voice: Detail) => voice.status.splitting !== 'in_progress' && voice.status.embedding !== 'in_progress';

describe('job lifecycle', () => {
  it('lets the latest split win when triggers overlap', async () => {
    const app = await startTestApp({ WORKER_CONCURRENCY: '2' }, redis);
    try {
      const key = await app.createKey('acme');
      const call = restClient(app.url, key);
      await call('POST', '/api/voices/acme', { form: await multipart({ name: 'Racer' }, { file: recording }) });
      await waitFor(async () => (await call('GET', '/api/voices/acme/Racer')).body as Detail, settled);
      const split = (settings: Record<string, string>) => call('POST', '/api/voices/acme/Racer/split', { urlencoded: settings });
      expect((await split({ max_samples: '10', sample_duration: '5' })).status).toBe(202);
      expect((await split({ max_samples: '2', sample_duration: '20' })).status).toBe(202);
      const done = await waitFor(async () => (await call('GET', '/api/voices/acme/Racer')).body as Detail, settled);
      expect(done.status.splitting).toBe('completed');
      expect(done.samples.map((sample) => sample.source_timestamp)).toEqual(['00:00', '00:20']);
    } finally {
      await app.close();
    }
  });

  it('drains on SIGTERM: the process exits cleanly and its work is finished or handed back', async () => {
    const port = await freePort();
    const dataDir = join(dir, 'shared-data');
    const env = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      REDIS_URL: redis.url,
      REDIS_PREFIX: `${redis.prefix}-drain`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SHUTDOWN_GRACE_SECONDS: '20',
    };
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { env, stdio: 'ignore' });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const url = `http://127.0.0.1:${port}`;
    const health = async () =>
      restClient(url)('GET', '/healthz').then(
        (response) => response.status,
        () => 0,
      );
    await waitFor(health, (status) => status === 200, 30_000);

    const worker = await startTestApp({ ROLE: 'worker', REDIS_PREFIX: env.REDIS_PREFIX, DATA_DIR: dataDir }, redis);
    try {
      const key = (await worker.app.services.platform.apiKeys.create(['acme'])).key;
      const created = await restClient(url, key)('POST', '/api/voices/acme', { form: await multipart({ name: 'Drained' }, { file: recording }) });
      expect(created.status).toBe(201);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      const refused = await health();
      expect(refused).toBe(0);

      const voices = worker.app.services.voices;
      const done = await waitFor(
        () => voices.get('acme', 'Drained'),
        (voice) => voice.embedding.status !== 'in_progress' && voice.splitting.status !== 'in_progress',
        90_000,
      );
      expect(done.splitting.status).toBe('completed');
      expect(done.embedding.status).toBe('completed');
      expect(done.samples.length).toBe(4);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await worker.close();
    }
  });

  it('at the shutdown deadline hands a running job back at once and cuts an upload in progress (npm start)', async () => {
    const engines = await startOpenAiCompatibleServer({ delaysMs: { chat: 600_000 } });
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const shared = { REDIS_URL: redis.url, REDIS_PREFIX: `${redis.prefix}-deadline`, DATA_DIR: join(dir, 'deadline-data'), LLM_BASE_URL: engines.baseUrl };
    // Locks and stall checks so slow that only a hand-back lets another worker finish the job within the test.
    const slowStalls = { JOB_LOCK_MS: '600000', JOB_STALLED_INTERVAL_MS: '600000' };
    const child = await startAppProcess(
      { ...shared, ...slowStalls, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', SHUTDOWN_GRACE_SECONDS: '2' },
      { via: 'npm' },
    );
    const observer = await startTestApp({ ...shared, ROLE: 'api' }, redis);
    let worker: Awaited<ReturnType<typeof startTestApp>> | undefined;
    try {
      const key = await observer.createKey('acme');
      const submitted = await fetch(`${url}/v2/completions`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ input: { messages: [{ role: 'user', content: 'hello' }] } }),
      });
      const completionPath = ((await submitted.json()) as { id: string }).id;
      const jobId = completeQueue.jobId({ completionId: completionPath.slice(completionPath.lastIndexOf('/') + 1) });
      await waitFor(
        async () => engines.requests.filter((entry) => entry.endpoint === 'chat').length,
        (count) => count === 1,
        30_000,
      );
      engines.setBehaviour({ delaysMs: {} });

      const upload = slowUpload(`${url}/api/voices/acme`, key);
      await upload.started;
      child.kill('SIGTERM');
      expect(await upload.ended).toBe('cut');
      await child.exited;
      expect(
        await fetch(`${url}/healthz`).then(
          (response) => response.status,
          () => 0,
        ),
      ).toBe(0);

      worker = await startTestApp({ ...shared, ...slowStalls, ROLE: 'worker' }, redis);
      const done = await waitFor(
        async () => (await fetch(`${observer.url}${completionPath}`, { headers: { 'x-api-key': key } })).json() as Promise<{ state: string }>,
        (body) => body.state !== 'in-progress',
        30_000,
      );
      expect(done).toMatchObject({ state: 'completed', output: { message: { content: 'Echo: hello' } } });
      const job = await observer.app.services.platform.queues.get(completeQueue).getJob(jobId);
      expect(job?.stalledCounter).toBe(0);
    } finally {
      child.kill('SIGKILL');
      await worker?.close();
      await observer.close();
      await engines.close();
    }
  });
});

/** A multipart upload that sends a little every 100 ms and never finishes on its own. */
function slowUpload(url: string, key: string): { started: Promise<void>; ended: Promise<'cut' | number> } {
  const boundary = 'slow-upload-boundary';
  const outgoing = request(url, { method: 'POST', headers: { 'x-api-key': key, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  let timer: NodeJS.Timeout | undefined;
  const ended = new Promise<'cut' | number>((resolve) => {
    outgoing.once('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    outgoing.once('error', () => resolve('cut'));
  }).finally(() => clearInterval(timer));
  outgoing.write(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nSlow\r\n`);
  outgoing.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.wav"\r\nContent-Type: audio/wav\r\n\r\n`);
  const started = new Promise<void>((resolve) => {
    timer = setInterval(() => {
      outgoing.write(Buffer.alloc(16 * 1024));
      resolve();
    }, 100);
  });
  return { started, ended };
}
