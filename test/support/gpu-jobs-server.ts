import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { Busboy } from '@fastify/busboy';
import { ZipFile } from 'yazl';
import { Ffmpeg } from '../../src/engines/ffmpeg';
import { FFMPEG_PATH, FFPROBE_PATH } from './audio';
import { streamHugeAnswer } from './huge-answer';

const run = promisify(execFile);

export interface GpuJobsServerOptions {
  /** When set, every request must carry `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  /** Polls answered `queued` before the job runs. */
  queuedPolls?: number;
  /** Polls answered `running` before the job ends. */
  runningPolls?: number;
  /** Every job fails with this error text. */
  failWith?: string;
  /** Serves the protocol below this path (such as `/v1`), like a service behind a gateway. */
  basePath?: string;
  /** The first `times` submissions or polls are answered with `status` (and `retryAfter` as Retry-After): a service restarting. */
  refuse?: { kind: 'submit' | 'poll'; times: number; status: number; retryAfter?: string };
  /** Polls are answered with a JSON body of this many bytes, sent as the client reads it. */
  hugePollBytes?: number;
  /** The embedding archive is served as this many bytes, sent as the client reads it. */
  hugeFileBytes?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** When it arrived (Date.now()). */
  at: number;
  /** Of a huge answer: the bytes written before the client stopped reading. */
  bytesServed?: number;
  /** The parsed `job` part of a submission. */
  job?: unknown;
  /** Sample parts of a submission, with what ffprobe found in them. */
  files?: { field: string; filename: string; bytes: number; codec?: string }[];
}

export interface ServerJob {
  id: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
  polls: number;
  sampleIndices: number[];
  sentences: string[];
  error?: string;
  result?: {
    sample_scores: { sample_index: number; score: number }[];
    test_samples: { sample_index: number; sentence_index: number; url: string }[];
    embedding_url: string;
  };
}

export interface GpuJobsServer {
  url: string;
  requests: RecordedRequest[];
  jobs: Map<string, ServerJob>;
  /** Makes later jobs fail with this text (undefined: succeed again). */
  failJobsWith(error: string | undefined): void;
  close(): Promise<void>;
}

/** A local stand-in for the GPU job service, speaking docs/gpu-jobs-protocol.md over real HTTP. */
export async function startGpuJobsServer(options: GpuJobsServerOptions = {}): Promise<GpuJobsServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'gpu-jobs-'));
  const probe = new Ffmpeg({ ffmpegPath: FFMPEG_PATH, ffprobePath: FFPROBE_PATH });
  const requests: RecordedRequest[] = [];
  const jobs = new Map<string, ServerJob>();
  const queuedPolls = options.queuedPolls ?? 1;
  const runningPolls = options.runningPolls ?? 1;
  let failWith = options.failWith;
  let refusals = 0;

  const send = (response: ServerResponse, status: number, body?: unknown) => {
    if (body === undefined) {
      response.writeHead(status).end();
      return;
    }
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  const submit = async (request: IncomingMessage, response: ServerResponse, record: RecordedRequest) => {
    const id = randomUUID();
    const jobDir = join(dataDir, id);
    await mkdir(join(jobDir, 'in'), { recursive: true });
    const fields = new Map<string, string>();
    const files: { field: string; filename: string; path: string }[] = [];
    await new Promise<void>((resolve, reject) => {
      const busboy = Busboy({ headers: request.headers as { 'content-type': string } });
      const writes: Promise<void>[] = [];
      busboy.on('field', (name, value) => fields.set(name, value));
      busboy.on('file', (field, stream, filename) => {
        const path = join(jobDir, 'in', `${files.length}.bin`);
        files.push({ field, filename, path });
        writes.push(pipeline(stream, createWriteStream(path)));
      });
      busboy.on('finish', () => void Promise.all(writes).then(() => resolve(), reject));
      busboy.on('error', reject);
      request.pipe(busboy);
    });

    let job: { type?: unknown; samples?: { index?: unknown }[]; sentences?: unknown };
    try {
      job = JSON.parse(fields.get('job') ?? '') as typeof job;
    } catch {
      send(response, 400, { error: 'The job part is missing or not JSON' });
      return;
    }
    record.job = job;
    record.files = [];
    for (const file of files) {
      const entry: NonNullable<RecordedRequest['files']>[number] = {
        field: file.field,
        filename: file.filename,
        bytes: (await stat(file.path)).size,
      };
      try {
        const probed = await probe.probe(file.path);
        if (probed.audioCodec) entry.codec = probed.audioCodec;
      } catch {
        // Left without a codec: the check below refuses the job.
      }
      record.files.push(entry);
    }
    if (job.type !== 'voice_embedding' || !Array.isArray(job.samples) || !Array.isArray(job.sentences)) {
      send(response, 422, { error: 'Only voice_embedding jobs with samples and sentences are supported' });
      return;
    }
    const sampleIndices = job.samples.map((sample) => Number(sample.index));
    for (const index of sampleIndices) {
      const file = record.files.find((entry) => entry.field === `sample_${index}`);
      if (!file) {
        send(response, 422, { error: `Part sample_${index} is missing` });
        return;
      }
      if (!file.codec) {
        send(response, 422, { error: `Part sample_${index} is not audio` });
        return;
      }
    }
    jobs.set(id, { id, status: 'queued', polls: 0, sampleIndices, sentences: job.sentences.map(String) });
    send(response, 202, { id, status: 'queued' });
  };

  const finish = async (job: ServerJob) => {
    if (failWith !== undefined) {
      job.status = 'failed';
      job.error = failWith;
      return;
    }
    const outDir = join(dataDir, job.id, 'out');
    await mkdir(outDir, { recursive: true });
    const best = job.sampleIndices[0] ?? 0;
    const testSamples: NonNullable<ServerJob['result']>['test_samples'] = [];
    for (const [sentenceIndex] of job.sentences.entries()) {
      const name = `test_${best}_${sentenceIndex}.opus`;
      await run(FFMPEG_PATH, [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=${300 + 100 * sentenceIndex}:sample_rate=48000:duration=1.5`,
        '-ac',
        '1',
        '-c:a',
        'libopus',
        '-b:a',
        '96k',
        join(outDir, name),
      ]);
      testSamples.push({ sample_index: best, sentence_index: sentenceIndex, url: `files/${job.id}/${name}` });
    }
    await writeEmbeddingZip(join(outDir, 'embedding.zip'), job);
    job.status = 'succeeded';
    job.result = {
      sample_scores: job.sampleIndices.map((index, position) => ({
        sample_index: index,
        score: Math.max(0.1, Math.round((0.9 - 0.1 * position) * 100) / 100),
      })),
      test_samples: testSamples,
      embedding_url: `files/${job.id}/embedding.zip`,
    };
  };

  const poll = async (job: ServerJob, response: ServerResponse) => {
    if (job.status === 'queued' || job.status === 'running') {
      job.polls++;
      if (job.polls > queuedPolls + runningPolls) await finish(job);
      else if (job.polls > queuedPolls) job.status = 'running';
    }
    send(response, 200, {
      id: job.id,
      status: job.status,
      // Rises with each running poll and stays short of 1 until the job is done, as a real service's would.
      ...(job.status === 'running' ? { progress: (job.polls - queuedPolls) / (runningPolls + 1) } : {}),
      // The jobs ahead of it shrink by one with each queued poll.
      ...(job.status === 'queued' && queuedPolls < 1_000_000 ? { queue_position: queuedPolls - job.polls } : {}),
      ...(job.error !== undefined ? { error: job.error, retryable: false } : {}),
      ...(job.result ? { result: job.result } : {}),
    });
  };

  const serveFile = async (jobId: string, name: string, response: ServerResponse, record: RecordedRequest) => {
    const job = jobs.get(jobId);
    if (!job || job.status !== 'succeeded' || !/^[\w.-]+$/.test(name)) {
      send(response, 404, { error: 'File not found' });
      return;
    }
    const path = join(dataDir, jobId, 'out', name);
    const type = name.endsWith('.zip') ? 'application/zip' : 'audio/ogg';
    if (options.hugeFileBytes !== undefined && name.endsWith('.zip')) {
      await streamHugeAnswer(response, options.hugeFileBytes, '', (bytes) => (record.bytesServed = bytes));
      return;
    }
    response.writeHead(200, { 'content-type': type, 'content-length': (await stat(path)).size });
    await pipeline(createReadStream(path), response);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const fullPath = new URL(request.url ?? '/', 'http://localhost').pathname;
    const record: RecordedRequest = { method: request.method ?? '', path: fullPath, headers: request.headers, at: Date.now() };
    requests.push(record);
    const prefix = options.basePath ?? '';
    if (!fullPath.startsWith(`${prefix}/`)) {
      request.resume();
      send(response, 404, { error: 'Not found' });
      return;
    }
    const path = fullPath.slice(prefix.length);
    if (options.apiKey !== undefined && request.headers.authorization !== `Bearer ${options.apiKey}`) {
      request.resume();
      send(response, 401, { error: 'Invalid API key' });
      return;
    }
    const jobMatch = /^\/jobs\/([^/]+)$/.exec(path);
    const fileMatch = /^\/files\/([^/]+)\/([^/]+)$/.exec(path);
    const kind = request.method === 'POST' && path === '/jobs' ? 'submit' : jobMatch && request.method === 'GET' ? 'poll' : null;
    const { refuse } = options;
    if (refuse && kind === refuse.kind && refusals < refuse.times) {
      refusals++;
      request.resume();
      response.writeHead(refuse.status, { 'content-type': 'application/json', ...(refuse.retryAfter ? { 'retry-after': refuse.retryAfter } : {}) });
      response.end(JSON.stringify({ error: 'The service is restarting' }));
      return;
    }
    if (kind === 'poll' && options.hugePollBytes !== undefined) {
      await streamHugeAnswer(response, options.hugePollBytes, '{"id": "', (bytes) => (record.bytesServed = bytes));
      return;
    }
    if (request.method === 'POST' && path === '/jobs') {
      await submit(request, response, record);
    } else if (jobMatch && (request.method === 'GET' || request.method === 'DELETE')) {
      const job = jobs.get(decodeURIComponent(jobMatch[1] ?? ''));
      if (!job) send(response, 404, { error: 'Job not found' });
      else if (request.method === 'GET') await poll(job, response);
      else {
        if (job.status === 'queued' || job.status === 'running') job.status = 'cancelled';
        send(response, 204);
      }
    } else if (fileMatch && request.method === 'GET') {
      await serveFile(fileMatch[1] ?? '', fileMatch[2] ?? '', response, record);
    } else {
      send(response, 404, { error: 'Not found' });
    }
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, { error: `Test server error: ${(error as Error).message}` });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${options.basePath ?? ''}`,
    requests,
    jobs,
    failJobsWith(error) {
      failWith = error;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The service's archive: a float32 speaker vector plus a description of it. */
async function writeEmbeddingZip(path: string, job: ServerJob): Promise<void> {
  const vector = Float32Array.from({ length: 256 }, (_, i) => Math.sin(i + job.sampleIndices.length));
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(vector.buffer), 'speaker_embedding.f32');
  zip.addBuffer(Buffer.from(JSON.stringify({ dims: vector.length, dtype: 'float32', samples: job.sampleIndices })), 'meta.json');
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(path));
}
