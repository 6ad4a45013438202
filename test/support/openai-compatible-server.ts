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
import { recognise, type HeardToken, type Recognition } from './whisper-like-recogniser';

export type OpenAiEndpoint = 'transcriptions' | 'chat' | 'embeddings';

export interface ChatMessageBody {
  role: string;
  content: string;
}

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

export interface ServerBehaviour {
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
  reply: string | ((messages: ChatMessageBody[]) => string);
  embeddingDimension: number;
  /**
   * When set, vectors carry meaning: one dimension per group of words that mean the same (a
   * topic), counting the group's words in the text, so a paraphrase lands near its original.
   */
  embeddingTopics?: readonly (readonly string[])[];
  /** The protocol orders results by `index`, not by position; this makes clients prove they honour it. */
  reverseEmbeddingData: boolean;
  /**
   * Requests of an endpoint answered with this error: all of them, or after the first `skip`
   * (counted from when the failure was set), `times` of them.
   */
  failures: Partial<Record<OpenAiEndpoint, { status: number; message: string; skip?: number; times?: number; retryAfterSeconds?: number }>>;
  delaysMs: Partial<Record<OpenAiEndpoint, number>>;
}

export interface RecordedRequest {
  endpoint: OpenAiEndpoint;
  authorization?: string;
  model?: string;
  language?: string;
  prompt?: string;
  responseFormat?: string;
  timestampGranularities?: string[];
  filename?: string;
  fileBytes?: number;
  /** Seconds of audio in the upload, once decoded. */
  audioSeconds?: number;
  /** When the body was read and when the answer left (Date.now()): the engine's own time. */
  receivedAt?: number;
  answeredAt?: number;
  messages?: ChatMessageBody[];
  temperature?: number;
  maxTokens?: number;
  inputs?: string[];
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

export function echoLastUserMessage(messages: ChatMessageBody[]): string {
  return `Echo: ${messages.filter((message) => message.role === 'user').at(-1)?.content ?? ''}`;
}

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = 'invalid_request_error',
  ) {
    super(message);
  }
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
    embeddingDimension: 16,
    reverseEmbeddingData: false,
    failures: {},
    delaysMs: {},
    ...initial,
  };
  const requests: RecordedRequest[] = [];
  const concurrency = { now: new Map<OpenAiEndpoint, number>(), peak: new Map<OpenAiEndpoint, number>() };
  const refused: OpenAiCompatibleServer['refused'] = [];
  const failuresSeen = new WeakMap<object, number>();
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
      const seen = failure ? (failuresSeen.get(failure) ?? 0) : 0;
      if (failure) failuresSeen.set(failure, seen + 1);
      if (failure && seen >= (failure.skip ?? 0) && (failure.times === undefined || seen < (failure.skip ?? 0) + failure.times)) {
        const wait: Record<string, string> = failure.retryAfterSeconds === undefined ? {} : { 'retry-after': String(failure.retryAfterSeconds) };
        sendError(res, new HttpFailure(failure.status, failure.message, 'server_error'), wait);
        recorded.answeredAt = Date.now();
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

interface Handled {
  recorded: Omit<RecordedRequest, 'endpoint' | 'authorization'>;
  /** Built only once auth, delays and failures have had their say, as a real service would; may add to the record. */
  answer: (recorded: RecordedRequest) => Promise<{ contentType: string; body: string }>;
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

async function handleChat(req: IncomingMessage, behaviour: ServerBehaviour): Promise<Handled> {
  const body = await readJson(req);
  const messages = Array.isArray(body.messages)
    ? body.messages.filter(
        (message): message is ChatMessageBody =>
          typeof message === 'object' &&
          message !== null &&
          typeof (message as ChatMessageBody).role === 'string' &&
          typeof (message as ChatMessageBody).content === 'string',
      )
    : [];
  const model = typeof body.model === 'string' ? body.model : undefined;
  const maxTokens = typeof body.max_tokens === 'number' ? body.max_tokens : undefined;
  return {
    recorded: {
      model,
      messages,
      temperature: typeof body.temperature === 'number' ? body.temperature : undefined,
      maxTokens,
    },
    answer: async () => {
      if (!model) throw new HttpFailure(400, "Missing required parameter: 'model'.");
      if (messages.length === 0) throw new HttpFailure(400, "Missing required parameter: 'messages'.");
      const full = typeof behaviour.reply === 'string' ? behaviour.reply : behaviour.reply(messages);
      const words = full.split(/\s+/).filter(Boolean);
      const truncated = maxTokens !== undefined && words.length > maxTokens;
      const content = truncated ? words.slice(0, maxTokens).join(' ') : full;
      const promptTokens = messages.reduce((sum, message) => sum + countWords(message.content), 0);
      const completionTokens = countWords(content);
      return json({
        id: `chatcmpl-${randomUUID()}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content },
            logprobs: null,
            finish_reason: truncated ? 'length' : 'stop',
          },
        ],
        usage: {
          prompt_tokens: promptTokens,
          completion_tokens: completionTokens,
          total_tokens: promptTokens + completionTokens,
        },
      });
    },
  };
}

async function handleEmbeddings(req: IncomingMessage, behaviour: ServerBehaviour): Promise<Handled> {
  const body = await readJson(req);
  const inputs =
    typeof body.input === 'string' ? [body.input] : Array.isArray(body.input) ? body.input.filter((input): input is string => typeof input === 'string') : [];
  const model = typeof body.model === 'string' ? body.model : undefined;
  return {
    recorded: { model, inputs },
    answer: async () => {
      if (!model) throw new HttpFailure(400, "Missing required parameter: 'model'.");
      if (inputs.length === 0) throw new HttpFailure(400, "Missing required parameter: 'input'.");
      const data = inputs.map((input, index) => ({
        object: 'embedding',
        index,
        embedding: behaviour.embeddingTopics ? topicEmbedding(input, behaviour.embeddingTopics) : fakeEmbedding(input, behaviour.embeddingDimension),
      }));
      if (behaviour.reverseEmbeddingData) data.reverse();
      const tokens = inputs.reduce((sum, input) => sum + countWords(input), 0);
      return json({ object: 'list', data, model, usage: { prompt_tokens: tokens, total_tokens: tokens } });
    },
  };
}

/** A unit vector that depends only on the text, so a test can recompute what any input must map to. */
export function fakeEmbedding(text: string, dimension: number): number[] {
  let state = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) state = Math.imul(state ^ byte, 0x01000193);
  const values: number[] = [];
  for (let index = 0; index < dimension; index += 1) {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    values.push(((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 31 - 1);
  }
  const norm = Math.hypot(...values) || 1;
  return values.map((value) => value / norm);
}

/**
 * Topic-word counts: a word counts for a topic when it starts with one of the topic's words
 * (so "tides" counts for "tide"). The last dimension is a constant, so no vector is zero.
 */
export function topicEmbedding(text: string, topics: readonly (readonly string[])[]): number[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const values = topics.map((topic) => words.filter((word) => topic.some((stem) => word.startsWith(stem))).length);
  values.push(0.1);
  const norm = Math.hypot(...values);
  return values.map((value) => value / norm);
}

function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // Falls through to the same answer a real service gives for any malformed body.
  }
  throw new HttpFailure(400, 'We could not parse the JSON body of your request.');
}

function json(value: unknown): { contentType: string; body: string } {
  return { contentType: 'application/json', body: JSON.stringify(value) };
}

function send(res: ServerResponse, status: number, answer: { contentType: string; body: string }, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...headers, 'content-type': answer.contentType });
  res.end(answer.body);
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
