import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Busboy } from '@fastify/busboy';
import { streamHugeAnswer } from './huge-answer';
import {
  echoLastUserMessage,
  handleChat,
  handleEmbeddings,
  HttpFailure,
  json,
  type Answer,
  type ChatBehaviour,
  type EmbeddingsBehaviour,
  type Handled,
  type OpenAiEndpoint,
  type RecordedRequest,
} from './openai-endpoints';
import { recognise, type HeardToken, type Recognition } from './whisper-like-recogniser';

export { chatTokens, echoLastUserMessage, fakeEmbedding, type ChatMessageBody, type OpenAiEndpoint, type RecordedRequest } from './openai-endpoints';

/**
 * How the speech-to-text side treats `response_format=verbose_json`: as OpenAI does
 * (`supported`), by answering plain json anyway (`ignored`, as minimal servers do), or with
 * a 400 (`refused`).
 */
export type VerboseJsonSupport = 'supported' | 'ignored' | 'refused';

/**
 * How verbose_json words look: OpenAI's are bare words without scores; faster-whisper based
 * servers keep the leading space and punctuation and add a `probability`.
 */
export type WordStyle = 'openai' | 'faster-whisper';

export interface ServerBehaviour extends ChatBehaviour, EmbeddingsBehaviour {
  /** When set, requests must carry `Authorization: Bearer <apiKey>` or get a 401. */
  apiKey?: string;
  /** What the speech-to-text side makes of sound (test/support/whisper-like-recogniser.ts). */
  recognition: Recognition;
  transcript: string;
  /** OpenAI refuses request bodies over 25 MB (26,214,400 bytes) with a 413. */
  maxRequestBytes: number;
  /** Time the speech-to-text side spends per second of audio, as a real engine would. */
  msPerAudioSecond: number;
  verboseJson: VerboseJsonSupport;
  /** False: verbose_json without words whatever `timestamp_granularities[]` asks, as older Whisper servers answer. */
  wordTimestamps: boolean;
  wordStyle: WordStyle;
  /** The language verbose_json reports when none was given; Whisper reports names ("english"). */
  detectedLanguage: string;
  /** When set, verbose_json carries it as `language_probability`, as faster-whisper servers do. */
  languageProbability?: number;
  /**
   * Requests of an endpoint answered with this error: all of them, or after the first `skip`
   * (counted from when the failure was set), `times` of them, or those that come within
   * `forMs` of the first one it answered (a server that restarts, then works). `retryAfter`
   * is sent as the Retry-After header as it is (seconds, or an HTTP date).
   */
  failures: Partial<Record<OpenAiEndpoint, EndpointFailure>>;
  delaysMs: Partial<Record<OpenAiEndpoint, number>>;
  /**
   * Requests of an endpoint answered 200 with a JSON body of this many bytes, sent as the
   * client reads it (never held whole here either), without a Content-Length.
   */
  hugeAnswers: Partial<Record<OpenAiEndpoint, number>>;
  /** Requests of an endpoint answered with a status line and the start of a body, and then nothing. */
  stalledAnswers: Partial<Record<OpenAiEndpoint, boolean>>;
}

export interface EndpointFailure {
  status: number;
  message: string;
  skip?: number;
  times?: number;
  forMs?: number;
  retryAfter?: string;
}

export interface OpenAiCompatibleServer {
  /** Ends with `/v1`, as the clients expect. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** The most requests of an endpoint whose answers were under way at the same time, since the last reset. */
  peakConcurrency(endpoint: OpenAiEndpoint): number;
  resetPeakConcurrency(): void;
  /** Requests refused before they were read in full (413), by endpoint and the bytes read. */
  refused: { endpoint: OpenAiEndpoint; status: number; bytesRead: number }[];
  setBehaviour(patch: Partial<ServerBehaviour>): void;
  close(): Promise<void>;
}

export const defaultTranscript = 'Um, hello world. This is, uh, a test.';

/** The probability a faster-whisper style server gives the word at `index`. */
export function wordProbability(index: number): number {
  return Math.round((0.99 - index * 0.03) * 100) / 100;
}

/**
 * A local stand-in for an OpenAI-compatible service (speech-to-text, chat completions,
 * embeddings) that speaks the real wire protocol over a real socket, so the clients are
 * tested exactly as they talk to production engines.
 */
export async function startOpenAiCompatibleServer(options: Partial<ServerBehaviour> & { ffmpegPath?: string } = {}): Promise<OpenAiCompatibleServer> {
  const { ffmpegPath = process.env.FFMPEG_PATH ?? 'ffmpeg', ...initial } = options;
  const behaviour: ServerBehaviour = {
    recognition: 'transcript',
    transcript: defaultTranscript,
    maxRequestBytes: OPENAI_MAX_REQUEST_BYTES,
    msPerAudioSecond: 0,
    verboseJson: 'supported',
    wordTimestamps: true,
    wordStyle: 'openai',
    detectedLanguage: 'english',
    reply: echoLastUserMessage,
    chatStreaming: 'sse',
    tokensPerSecond: 0,
    embeddingDimension: 16,
    reverseEmbeddingData: false,
    failures: {},
    delaysMs: {},
    hugeAnswers: {},
    stalledAnswers: {},
    ...initial,
  };
  const requests: RecordedRequest[] = [];
  const concurrency = { now: new Map<OpenAiEndpoint, number>(), peak: new Map<OpenAiEndpoint, number>() };
  const refused: OpenAiCompatibleServer['refused'] = [];
  const failuresSeen = new WeakMap<object, { count: number; firstAt: number }>();
  const uploadDir = await mkdtemp(join(tmpdir(), 'openai-server-'));
  const timers = new Set<NodeJS.Timeout>();

  const delay = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const handlers: Record<string, { endpoint: OpenAiEndpoint; handle: (req: IncomingMessage) => Promise<Handled> }> = {
    '/v1/audio/transcriptions': {
      endpoint: 'transcriptions',
      handle: (req) => handleTranscription(req, behaviour, uploadDir, { ffmpegPath, delay }),
    },
    '/v1/chat/completions': { endpoint: 'chat', handle: (req) => handleChat(req, behaviour) },
    '/v1/embeddings': { endpoint: 'embeddings', handle: (req) => handleEmbeddings(req, behaviour) },
  };

  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      const route = handlers[path];
      if (!route || req.method !== 'POST') {
        req.resume();
        sendError(res, new HttpFailure(404, `Unknown request URL: ${req.method} ${path}`));
        return;
      }
      let handled: Handled;
      try {
        handled = await route.handle(req);
      } catch (error) {
        req.resume();
        if (error instanceof TooLarge) refused.push({ endpoint: route.endpoint, status: error.status, bytesRead: error.bytesRead });
        sendError(res, error instanceof HttpFailure ? error : new HttpFailure(500, String(error), 'server_error'));
        return;
      }
      const recorded: RecordedRequest = { endpoint: route.endpoint, authorization: req.headers.authorization, ...handled.recorded, receivedAt: Date.now() };
      requests.push(recorded);
      if (behaviour.apiKey !== undefined && req.headers.authorization !== `Bearer ${behaviour.apiKey}`) {
        sendError(res, new HttpFailure(401, 'Incorrect API key provided.'));
        return;
      }
      const under = (concurrency.now.get(route.endpoint) ?? 0) + 1;
      concurrency.now.set(route.endpoint, under);
      concurrency.peak.set(route.endpoint, Math.max(under, concurrency.peak.get(route.endpoint) ?? 0));
      res.once('close', () => concurrency.now.set(route.endpoint, (concurrency.now.get(route.endpoint) ?? 1) - 1));
      const wait = behaviour.delaysMs[route.endpoint];
      if (wait) await delay(wait);
      const failure = behaviour.failures[route.endpoint];
      if (failure && failing(failure, failuresSeen)) {
        const wait: Record<string, string> = failure.retryAfter === undefined ? {} : { 'retry-after': failure.retryAfter };
        sendError(res, new HttpFailure(failure.status, failure.message, 'server_error'), wait);
        recorded.answeredAt = Date.now();
        return;
      }
      const huge = behaviour.hugeAnswers[route.endpoint];
      if (huge !== undefined) {
        await streamHugeAnswer(res, huge, '{"padding": "', (bytes) => (recorded.answerBytes = bytes));
        recorded.answeredAt = Date.now();
        return;
      }
      if (behaviour.stalledAnswers[route.endpoint]) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"text": "');
        return;
      }
      try {
        send(res, 200, await handled.answer(recorded));
      } catch (error) {
        sendError(res, error instanceof HttpFailure ? error : new HttpFailure(500, String(error), 'server_error'));
      }
      recorded.answeredAt = Date.now();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    peakConcurrency: (endpoint) => concurrency.peak.get(endpoint) ?? 0,
    resetPeakConcurrency: () => concurrency.peak.clear(),
    refused,
    setBehaviour(patch) {
      Object.assign(behaviour, patch);
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
}

/** Whether this request of an endpoint gets the failure, counting it. */
function failing(failure: EndpointFailure, seen: WeakMap<object, { count: number; firstAt: number }>): boolean {
  const record = seen.get(failure) ?? { count: 0, firstAt: Date.now() };
  seen.set(failure, { ...record, count: record.count + 1 });
  const skip = failure.skip ?? 0;
  if (record.count < skip) return false;
  if (failure.times !== undefined && record.count >= skip + failure.times) return false;
  return failure.forMs === undefined || Date.now() - record.firstAt < failure.forMs;
}

/** OpenAI's limit on a request body: 25 MB. */
export const OPENAI_MAX_REQUEST_BYTES = 26_214_400;

/** The file extensions OpenAI's /audio/transcriptions accepts; it goes by the upload's name. */
export const OPENAI_AUDIO_FORMATS = ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm'];

/** OpenAI's answer to a body over its limit, given once the limit is passed. */
class TooLarge extends HttpFailure {
  constructor(
    limit: number,
    readonly bytesRead: number,
  ) {
    super(413, `Maximum content size limit (${limit}) exceeded (${bytesRead} bytes read)`, 'server_error');
  }
}

/** Counts the body as it is read; past `limit` it stops passing it on and says how much it read. */
function limitedBody(limit: number): Transform & { exceeded: () => number | null } {
  let bytes = 0;
  let exceededAt: number | null = null;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (exceededAt === null && bytes > limit) exceededAt = bytes;
      callback(null, exceededAt === null ? chunk : undefined);
    },
    flush(callback) {
      callback();
    },
  });
  return Object.assign(counter, { exceeded: () => exceededAt });
}

async function handleTranscription(
  req: IncomingMessage,
  behaviour: ServerBehaviour,
  uploadDir: string,
  tools: { ffmpegPath: string; delay: (ms: number) => Promise<void> },
): Promise<Handled> {
  const contentType = req.headers['content-type'] ?? '';
  if (!contentType.startsWith('multipart/form-data')) {
    throw new HttpFailure(400, 'Expected a multipart/form-data body.');
  }
  const fields = new Map<string, string>();
  const timestampGranularities: string[] = [];
  let upload: { path: string; filename: string; bytes: number } | undefined;
  const body = limitedBody(behaviour.maxRequestBytes);
  await new Promise<void>((resolve, reject) => {
    const parser = Busboy({ headers: { ...req.headers, 'content-type': contentType } });
    const writes: Promise<void>[] = [];
    parser.on('field', (name, value) => {
      if (name === 'timestamp_granularities[]') timestampGranularities.push(value);
      else fields.set(name, value);
    });
    parser.on('file', (name, stream, filename) => {
      if (name !== 'file' || upload) {
        stream.resume();
        return;
      }
      const path = join(uploadDir, randomUUID());
      const current = { path, filename, bytes: 0 };
      upload = current;
      stream.on('data', (chunk: Buffer) => {
        current.bytes += chunk.length;
      });
      const write = pipeline(stream, createWriteStream(path));
      // A body cut off at the limit ends the file part early; that is not a failure here.
      write.catch(() => undefined);
      writes.push(write);
    });
    parser.on('error', reject);
    parser.on('finish', () => {
      Promise.all(writes).then(() => resolve(), reject);
    });
    // Past the limit the parser gets no more; the rest of the body is read and dropped, so the client hears the 413.
    body.on('end', () => {
      if (body.exceeded() !== null) resolve();
    });
    req.pipe(body).pipe(parser);
  });
  const bytesRead = body.exceeded();
  if (bytesRead !== null) {
    if (upload) await rm(upload.path, { force: true });
    throw new TooLarge(behaviour.maxRequestBytes, bytesRead);
  }
  const recorded = {
    model: fields.get('model'),
    language: fields.get('language'),
    prompt: fields.get('prompt'),
    responseFormat: fields.get('response_format'),
    ...(timestampGranularities.length > 0 ? { timestampGranularities } : {}),
    filename: upload?.filename,
    fileBytes: upload?.bytes,
  };
  return {
    recorded,
    answer: async (record) => {
      if (!upload) throw new HttpFailure(400, "Missing required parameter: 'file'.");
      const file = upload;
      try {
        if (!recorded.model) throw new HttpFailure(400, "Missing required parameter: 'model'.");
        const extension = /\.([^.]+)$/.exec(file.filename)?.[1]?.toLowerCase() ?? '';
        if (!OPENAI_AUDIO_FORMATS.includes(extension)) {
          throw new HttpFailure(400, `Invalid file format. Supported formats: [${OPENAI_AUDIO_FORMATS.map((format) => `'${format}'`).join(', ')}]`);
        }
        const format = recorded.responseFormat ?? 'json';
        if (format === 'verbose_json' && behaviour.verboseJson === 'refused') {
          throw new HttpFailure(400, "Unsupported response_format 'verbose_json'. Use 'json' or 'text'.");
        }
        const heard = await recognise(file.path, { ffmpegPath: tools.ffmpegPath, mode: behaviour.recognition, transcript: behaviour.transcript }).catch(() => {
          throw new HttpFailure(400, 'Invalid file format. The audio could not be decoded.');
        });
        record.audioSeconds = heard.durationSeconds;
        if (behaviour.msPerAudioSecond > 0) await tools.delay(heard.durationSeconds * behaviour.msPerAudioSecond);
        switch (format === 'verbose_json' && behaviour.verboseJson === 'ignored' ? 'json' : format) {
          case 'verbose_json':
            return json({
              task: 'transcribe',
              text: heard.text,
              language: recorded.language ? (LANGUAGE_NAMES[recorded.language] ?? recorded.language) : behaviour.detectedLanguage,
              duration: heard.durationSeconds,
              ...(behaviour.languageProbability !== undefined ? { language_probability: behaviour.languageProbability } : {}),
              segments: heard.segments.map((segment, id) => ({
                id,
                seek: 0,
                start: segment.start,
                end: segment.end,
                text: ` ${segment.text}`,
                tokens: [],
                temperature: 0,
                avg_logprob: -0.25,
                compression_ratio: 1.3,
                no_speech_prob: 0.02,
              })),
              ...(behaviour.wordTimestamps && timestampGranularities.includes('word') ? { words: timedWords(heard.tokens, behaviour.wordStyle) } : {}),
            });
          case 'diarized_json':
            // As OpenAI's one address answers its diarizing model: whatever is heard, one speaker (test/support/diarizing-server.ts tells them apart).
            return json({
              task: 'transcribe',
              duration: heard.durationSeconds,
              text: heard.text,
              segments: heard.segments.map((segment, id) => ({ type: 'transcript.text.segment', id: `seg_${id}`, ...segment, speaker: 'A' })),
            });
          case 'text':
            return { contentType: 'text/plain; charset=utf-8', body: `${heard.text}\n` };
          default:
            return json({ text: heard.text });
        }
      } finally {
        await rm(file.path, { force: true });
      }
    },
  };
}

const LANGUAGE_NAMES: Record<string, string> = { en: 'english', de: 'german', fr: 'french', es: 'spanish' };

/** The words as verbose_json lists them, in centiseconds as Whisper times them. */
function timedWords(tokens: readonly HeardToken[], style: WordStyle) {
  return tokens.map((token, index) => {
    const timing = { start: token.start, end: token.end };
    return style === 'openai'
      ? { word: token.text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''), ...timing }
      : { word: ` ${token.text}`, ...timing, probability: wordProbability(index) };
  });
}

function send(res: ServerResponse, status: number, answer: Answer, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...headers, 'content-type': answer.contentType });
  if ('body' in answer) return void res.end(answer.body);
  void (async () => {
    try {
      for await (const piece of answer.pieces) {
        if (res.destroyed) return;
        if (!res.write(piece)) await new Promise((resolve) => res.once('drain', resolve));
      }
      res.end();
    } catch {
      // A server that fails mid-answer: the connection drops.
      res.destroy();
    }
  })();
}

function sendError(res: ServerResponse, failure: HttpFailure, headers: Record<string, string> = {}): void {
  send(
    res,
    failure.status,
    json({
      error: {
        message: failure.message,
        type: failure.type,
        param: null,
        code: failure.status === 401 ? 'invalid_api_key' : null,
      },
    }),
    headers,
  );
}
