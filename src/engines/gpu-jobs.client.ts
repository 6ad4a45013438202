import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { FormData, request, type Dispatcher } from 'undici';
import { z } from 'zod';
import { EngineError, EngineUnavailable } from '../domain/shared/engine-error';
import { DEFAULT_MAX_ANSWER_BYTES, EngineTimedOut, errorWords, formatBytes, httpFailure, readCapped } from './engine-http';
import {
  EMBEDDING_ARCHIVE_FILENAME,
  TEST_SENTENCES,
  testSampleFilename,
  type VoiceEmbeddingEngine,
  type VoiceEmbeddingRequest,
  type VoiceEmbeddingResult,
} from './voice-embedding';
import { measureEngineMethods } from '../observability/metrics';

export interface GpuJobsClientOptions {
  baseUrl: string;
  apiKey?: string;
  pollIntervalMs: number;
  /** Whole job: upload, queueing, running and downloads. */
  timeoutMs: number;
  /** The largest JSON answer read (ENGINE_MAX_ANSWER_MB). */
  maxAnswerBytes?: number;
  /** The largest result file downloaded (GPU_JOBS_MAX_FILE_MB). */
  maxFileBytes?: number;
  dispatcher?: Dispatcher;
}

const jobStatusSchema = z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled']);

const resultSchema = z.object({
  sample_scores: z.array(z.object({ sample_index: z.number().int().min(0), score: z.number().min(0).max(1) })),
  test_samples: z.array(z.object({ sample_index: z.number().int().min(0), sentence_index: z.number().int().min(0), url: z.string().min(1) })),
  embedding_url: z.string().min(1),
});

const jobSchema = z.object({
  id: z.string().min(1),
  status: jobStatusSchema,
  progress: z.number().min(0).max(1).nullish(),
  /** While queued: jobs ahead of it at the service. */
  queue_position: z.number().int().min(0).nullish(),
  error: z.string().nullish(),
  retryable: z.boolean().nullish(),
  result: resultSchema.nullish(),
});

type Job = z.infer<typeof jobSchema>;
type JobResult = z.infer<typeof resultSchema>;

/** Polls that fail in a row (network, 5xx, 429) before the job is given up. */
const MAX_POLL_FAILURES = 5;
const CANCEL_TIMEOUT_MS = 5000;
/** GPU_JOBS_MAX_FILE_MB's default: test audio is small, and an archive of hundreds of MB would be no embedding of a voice. */
export const DEFAULT_MAX_FILE_BYTES = 512 * 1024 * 1024;

/** The job ended on the service side; there is nothing left to cancel. */
class JobEnded extends EngineError {}

/** Speaks the GPU job service protocol described in docs/gpu-jobs-protocol.md. */
export class GpuJobsClient implements VoiceEmbeddingEngine {
  readonly name = 'gpu-jobs';
  private readonly base: URL;

  constructor(private readonly options: GpuJobsClientOptions) {
    // A trailing slash makes relative URLs resolve below a base path such as /v1.
    this.base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
  }

  async embed(input: VoiceEmbeddingRequest): Promise<VoiceEmbeddingResult> {
    const onProgress = input.onProgress ?? (() => {});
    // The service reports a fraction of its job, so progress counts in percent; none before it reports one.
    let percent: number | null = null;
    const note = (text: string, reported?: number) => {
      if (reported !== undefined) percent = reported;
      onProgress(text, percent ?? 0, percent === null ? null : 100);
    };
    if (input.samples.length === 0) throw new EngineError('The voice has no samples to embed', false);
    input.signal?.throwIfAborted();
    await mkdir(input.workDir, { recursive: true });

    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
    let jobId: string | undefined;
    try {
      jobId = await this.submit(input, signal);
      note(`GPU job ${jobId} submitted`);
      const result = await this.waitForResult(jobId, input, signal, note);
      const downloaded = await this.download(result, input, signal);
      note(`GPU job ${jobId} results downloaded`, 100);
      return downloaded;
    } catch (error) {
      if (jobId !== undefined && !(error instanceof JobEnded)) await this.cancel(jobId);
      if (input.signal?.aborted) throw input.signal.reason;
      if (timeout.aborted) {
        throw new EngineTimedOut(`The GPU job service did not finish the embedding within ${describeMs(this.options.timeoutMs)}`);
      }
      if (error instanceof EngineError) throw error;
      throw new EngineUnavailable(`The GPU job service could not be reached: ${describeError(error)}`);
    }
  }

  private async submit(input: VoiceEmbeddingRequest, signal: AbortSignal): Promise<string> {
    const form = new FormData();
    form.append(
      'job',
      JSON.stringify({
        type: 'voice_embedding',
        voice_id: input.voiceId,
        tts_type: input.ttsType,
        sentences: TEST_SENTENCES,
        samples: input.samples.map((sample) => ({ index: sample.index })),
      }),
    );
    for (const sample of input.samples) {
      let blob: Blob;
      try {
        blob = await openAsBlob(sample.path, { type: 'audio/ogg' });
      } catch (error) {
        throw new EngineError(`Sample ${sample.index} could not be read: ${describeError(error)}`, false);
      }
      form.append(`sample_${sample.index}`, blob, `${sample.index}.opus`);
    }
    const response = await this.call('POST', this.url('jobs'), signal, form);
    const body = await this.readJson(response, 'job submission');
    const parsed = z.object({ id: z.string().min(1) }).safeParse(body);
    if (!parsed.success) throw new EngineError('The GPU job service answered the job submission without a job id');
    return parsed.data.id;
  }

  private async waitForResult(
    jobId: string,
    input: VoiceEmbeddingRequest,
    signal: AbortSignal,
    note: (text: string, percent?: number) => void,
  ): Promise<JobResult> {
    let reported = '';
    /** The place last reported through onEngineQueue; undefined while none is. */
    let queued: number | null | undefined;
    let failures = 0;
    for (;;) {
      let job: Job;
      try {
        job = await this.getJob(jobId, signal);
        failures = 0;
      } catch (error) {
        const transient = !signal.aborted && (!(error instanceof EngineError) || error.retryable);
        if (!transient || ++failures >= MAX_POLL_FAILURES) throw error;
        // The service's own word on when to ask again comes first; the job's deadline bounds it.
        const wait = Math.max(this.options.pollIntervalMs, error instanceof EngineUnavailable ? (error.retryAfterMs ?? 0) : 0);
        if (input.deadline !== undefined && Date.now() + wait >= input.deadline) throw error;
        await sleep(wait, undefined, { signal });
        continue;
      }
      const position = job.status === 'queued' ? (job.queue_position ?? null) : undefined;
      if (position !== queued) {
        queued = position;
        await input.onEngineQueue?.(position === undefined ? null : { position });
      }
      const progress = job.progress != null ? ` (${Math.round(job.progress * 100)} %)` : typeof position === 'number' ? ` (${position} ahead)` : '';
      if (`${job.status}${progress}` !== reported) {
        reported = `${job.status}${progress}`;
        note(`GPU job ${jobId} ${reported}`, job.progress != null ? Math.round(job.progress * 100) : undefined);
      }
      switch (job.status) {
        case 'succeeded':
          if (!job.result) throw new JobEnded('The GPU job service reported success without a result');
          return this.checkResult(job.result, input);
        case 'failed':
          throw new JobEnded(`The GPU job service failed the embedding: ${job.error?.trim() || 'no reason given'}`, job.retryable ?? true);
        case 'cancelled':
          throw new JobEnded('The GPU job service cancelled the embedding job');
        default:
          await sleep(this.options.pollIntervalMs, undefined, { signal });
      }
    }
  }

  private async getJob(jobId: string, signal: AbortSignal): Promise<Job> {
    const response = await this.call('GET', this.url(`jobs/${encodeURIComponent(jobId)}`), signal);
    const parsed = jobSchema.safeParse(await this.readJson(response, 'job status'));
    if (!parsed.success) {
      throw new EngineError(`The GPU job service sent an invalid job status: ${z.prettifyError(parsed.error)}`, false);
    }
    return parsed.data;
  }

  private checkResult(result: JobResult, input: VoiceEmbeddingRequest): JobResult {
    const submitted = new Set(input.samples.map((sample) => sample.index));
    const unknown = [...result.sample_scores, ...result.test_samples].find((entry) => !submitted.has(entry.sample_index));
    if (unknown) throw new JobEnded(`The GPU job service returned a result for sample ${unknown.sample_index}, which was not sent`, false);
    const sentence = result.test_samples.find((entry) => entry.sentence_index >= TEST_SENTENCES.length);
    if (sentence) throw new JobEnded(`The GPU job service returned test audio for sentence ${sentence.sentence_index}, which was not sent`, false);
    return result;
  }

  private async download(result: JobResult, input: VoiceEmbeddingRequest, signal: AbortSignal): Promise<VoiceEmbeddingResult> {
    const testSamples: VoiceEmbeddingResult['testSamples'] = [];
    for (const entry of result.test_samples) {
      const path = join(input.workDir, testSampleFilename(entry.sample_index, entry.sentence_index));
      await this.downloadFile(entry.url, path, signal);
      testSamples.push({ sampleIndex: entry.sample_index, sentenceIndex: entry.sentence_index, path });
    }
    const archivePath = join(input.workDir, EMBEDDING_ARCHIVE_FILENAME);
    await this.downloadFile(result.embedding_url, archivePath, signal);
    return {
      ttsType: input.ttsType,
      testSamples,
      sampleScores: result.sample_scores.map((entry) => ({ sampleIndex: entry.sample_index, score: entry.score })),
      archivePath,
    };
  }

  private async downloadFile(location: string, path: string, signal: AbortSignal): Promise<void> {
    let url: URL;
    try {
      url = new URL(location, this.base);
    } catch {
      throw new JobEnded(`The GPU job service returned an invalid file URL: ${location}`, false);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new JobEnded(`The GPU job service returned a file URL that is not http(s): ${location}`, false);
    }
    const response = await this.call('GET', url, signal);
    const maxBytes = this.options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    const tooLarge = new JobEnded(`The GPU job service returned a result file too large: over ${formatBytes(maxBytes)}`, false);
    if (Number(response.headers['content-length']) > maxBytes) {
      response.body.destroy();
      throw tooLarge;
    }
    let written = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        written += chunk.length;
        done(written > maxBytes ? tooLarge : null, chunk);
      },
    });
    try {
      await pipeline(response.body, counted, createWriteStream(path));
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
  }

  /** The answer's JSON, read up to the answer limit. */
  private async readJson(response: Dispatcher.ResponseData, what: string): Promise<unknown> {
    const maxBytes = this.options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
    const body = await readCapped(response, maxBytes);
    if (body === null) throw new EngineError(`The GPU job service sent a ${what} too large: over ${formatBytes(maxBytes)}`, false);
    try {
      return JSON.parse(body.toString('utf8'));
    } catch {
      throw new EngineError(`The GPU job service sent a ${what} that is not JSON`, false);
    }
  }

  /** Best effort: the job may already be gone, and the caller's error matters more. */
  private async cancel(jobId: string): Promise<void> {
    try {
      const response = await this.call('DELETE', this.url(`jobs/${encodeURIComponent(jobId)}`), AbortSignal.timeout(CANCEL_TIMEOUT_MS));
      await response.body.dump();
    } catch {
      return;
    }
  }

  private url(path: string): URL {
    return new URL(path, this.base);
  }

  private async call(method: 'GET' | 'POST' | 'DELETE', url: URL, signal: AbortSignal, body?: FormData): Promise<Dispatcher.ResponseData> {
    const headers: Record<string, string> = { accept: 'application/json' };
    // The key is ours to protect: result files on another origin (pre-signed storage URLs)
    // are fetched without it.
    if (this.options.apiKey && url.origin === this.base.origin) headers.authorization = `Bearer ${this.options.apiKey}`;
    const response = await request(url, {
      method,
      headers,
      body,
      signal,
      ...(this.options.dispatcher ? { dispatcher: this.options.dispatcher } : {}),
    });
    const status = response.statusCode;
    if (status >= 200 && status < 300) return response;
    const text = await errorWords(response);
    if (status === 401 || status === 403) {
      throw new EngineError(`The GPU job service rejected the API key (HTTP ${status})${text ? `: ${text}` : ''}`, false);
    }
    throw httpFailure(
      `The GPU job service answered ${method} ${url.pathname} with HTTP ${status}${text ? `: ${text}` : ''}`,
      status,
      response.headers['retry-after'],
    );
  }
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}${code && !error.message.includes(code) ? ` (${code})` : ''}`;
  }
  return String(error);
}

function describeMs(ms: number): string {
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}

measureEngineMethods(GpuJobsClient.prototype, 'gpu-jobs', ['embed']);
