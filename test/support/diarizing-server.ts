import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Busboy } from '@fastify/busboy';
import { FFMPEG_PATH } from './audio';
import { recognise, type HeardToken } from './whisper-like-recogniser';

/**
 * A local stand-in for OpenAI's diarizing transcription (`gpt-4o-transcribe-diarize`,
 * `response_format=diarized_json`) that tells speakers apart by the sound itself: the
 * conversations of test/support/conversation.ts give each speaker a register of tones (the low
 * speaker 300-600 Hz, the high one 700-1000 Hz), and this engine hears each word's pitch with
 * the real ffmpeg (whisper-like-recogniser.ts). Like OpenAI it labels the speakers of each
 * request on its own: a speaker matching a known_speaker_references[] clip (by register) gets
 * that clip's name, any other a letter in the order heard in this request. So a client that
 * sends no references gets `A` for whoever speaks first in each segment, and labels swap.
 *
 * It holds OpenAI's limits: a body over 25 MB is a 413, more than 4 known speakers, names and
 * references that do not pair up, and a reference outside 2-10 s are a 400.
 */
export interface DiarizingServerBehaviour {
  maxRequestBytes: number;
  /** Time spent per second of audio, as a real engine would. */
  msPerAudioSecond: number;
  /** When set, requests must carry `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
}

export interface DiarizedRequest {
  model?: string;
  responseFormat?: string;
  chunkingStrategy?: string;
  language?: string;
  knownSpeakerNames: string[];
  /** The register each reference was heard in. */
  referenceRegisters: Register[];
  fileBytes: number;
  audioSeconds: number;
  /** Milliseconds the engine worked on it, from its answer back to the first byte of the request (what the bench calls the engine's own time). */
  busyMs: number;
  receivedAt: number;
  answeredAt: number;
}

export interface DiarizingServer {
  baseUrl: string;
  requests: DiarizedRequest[];
  /** Requests refused, with the status and why. */
  refused: { status: number; message: string }[];
  setBehaviour(patch: Partial<DiarizingServerBehaviour>): void;
  close(): Promise<void>;
}

export type Register = 'low' | 'high';

export const OPENAI_MAX_REQUEST_BYTES = 26_214_400;
const MAX_KNOWN_SPEAKERS = 4;
const LOW_WORDS = new Set(['alpha', 'bravo', 'charlie', 'delta']);

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The register a heard word was spoken in, from its pitch's name. */
export function registerOf(token: Pick<HeardToken, 'text'>): Register {
  return LOW_WORDS.has(token.text.toLowerCase().replace(/[^a-z]/g, '')) ? 'low' : 'high';
}

export async function startDiarizingServer(options: Partial<DiarizingServerBehaviour> = {}): Promise<DiarizingServer> {
  const behaviour: DiarizingServerBehaviour = { maxRequestBytes: OPENAI_MAX_REQUEST_BYTES, msPerAudioSecond: 0, ...options };
  const requests: DiarizedRequest[] = [];
  const refused: DiarizingServer['refused'] = [];
  const dir = await mkdtemp(join(tmpdir(), 'diarizing-server-'));

  const server = createServer((req, res) => {
    void (async () => {
      try {
        if (req.method !== 'POST' || !new URL(req.url ?? '/', 'http://localhost').pathname.endsWith('/audio/transcriptions')) {
          throw new Refusal(404, `Unknown request URL: ${req.method} ${req.url}`);
        }
        if (behaviour.apiKey !== undefined && req.headers.authorization !== `Bearer ${behaviour.apiKey}`) throw new Refusal(401, 'Incorrect API key provided.');
        const answer = await transcribe(req, behaviour, dir, requests);
        send(res, 200, answer);
      } catch (error) {
        req.resume();
        const refusal = error instanceof Refusal ? error : new Refusal(500, String(error));
        refused.push({ status: refusal.status, message: refusal.message });
        send(res, refusal.status, { error: { message: refusal.message, type: 'invalid_request_error' } });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    refused,
    setBehaviour: (patch) => Object.assign(behaviour, patch),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

interface Form {
  fields: Map<string, string[]>;
  file: { path: string; bytes: number } | null;
}

async function readForm(req: IncomingMessage, maxBytes: number, dir: string): Promise<Form> {
  const contentType = req.headers['content-type'] ?? '';
  if (!contentType.startsWith('multipart/form-data')) throw new Refusal(400, 'Expected a multipart/form-data body.');
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBytes) throw new Refusal(413, `Maximum content size limit (${maxBytes}) exceeded`);
  const form: Form = { fields: new Map(), file: null };
  let bytes = 0;
  const writes: Promise<void>[] = [];
  await new Promise<void>((resolve, reject) => {
    const parser = Busboy({ headers: { ...req.headers, 'content-type': contentType }, limits: { fieldSize: maxBytes } });
    parser.on('field', (name, value) => form.fields.set(name, [...(form.fields.get(name) ?? []), value]));
    parser.on('file', (name, stream) => {
      if (name !== 'file' || form.file) return stream.resume();
      const file = { path: join(dir, randomUUID()), bytes: 0 };
      form.file = file;
      stream.on('data', (chunk: Buffer) => (file.bytes += chunk.length));
      writes.push(pipeline(stream, createWriteStream(file.path)));
    });
    parser.on('error', reject);
    parser.on('finish', () => {
      Promise.all(writes).then(() => resolve(), reject);
    });
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > maxBytes) {
        req.unpipe(parser);
        reject(new Refusal(413, `Maximum content size limit (${maxBytes}) exceeded`));
      }
    });
    req.pipe(parser);
  });
  return form;
}

async function transcribe(req: IncomingMessage, behaviour: DiarizingServerBehaviour, dir: string, requests: DiarizedRequest[]) {
  const receivedAt = Date.now();
  const form = await readForm(req, behaviour.maxRequestBytes, dir);
  const started = Date.now();
  const field = (name: string) => form.fields.get(name)?.at(-1);
  try {
    if (!form.file) throw new Refusal(400, "Missing required parameter: 'file'.");
    if (field('response_format') !== 'diarized_json') throw new Refusal(400, 'This stand-in answers response_format=diarized_json only.');
    if (!field('chunking_strategy')) throw new Refusal(400, 'chunking_strategy is required for diarization models when the input is longer than 30 seconds.');
    const names = form.fields.get('known_speaker_names[]') ?? [];
    const references = form.fields.get('known_speaker_references[]') ?? [];
    if (names.length !== references.length) throw new Refusal(400, 'known_speaker_names and known_speaker_references must have the same length.');
    if (names.length > MAX_KNOWN_SPEAKERS) throw new Refusal(400, `At most ${MAX_KNOWN_SPEAKERS} known speakers are supported.`);
    const registers: Register[] = [];
    for (const [index, reference] of references.entries()) registers.push(await referenceRegister(reference, index, dir));
    const heard = await recognise(form.file.path, { ffmpegPath: FFMPEG_PATH, mode: 'tones', transcript: '' });
    const known = new Map<Register, string>();
    registers.forEach((register, index) => known.set(register, known.get(register) ?? names[index]!));
    const letters = new Map<Register, string>();
    const labelOf = (register: Register) => {
      const name = known.get(register);
      if (name) return name;
      if (!letters.has(register)) letters.set(register, String.fromCharCode(65 + letters.size));
      return letters.get(register)!;
    };
    const segments: { type: string; id: string; start: number; end: number; text: string; speaker: string }[] = [];
    let turn: { register: Register; tokens: HeardToken[] } | null = null;
    const close = () => {
      if (!turn) return;
      const { tokens } = turn;
      segments.push({
        type: 'transcript.text.segment',
        id: `seg_${segments.length}`,
        start: tokens[0]!.start,
        end: tokens.at(-1)!.end,
        text: tokens.map((token) => token.text).join(' '),
        speaker: labelOf(turn.register),
      });
    };
    for (const token of heard.tokens) {
      const register = registerOf(token);
      if (!turn || turn.register !== register) {
        close();
        turn = { register, tokens: [] };
      }
      turn.tokens.push(token);
    }
    close();
    const wait = behaviour.msPerAudioSecond * heard.durationSeconds - (Date.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    requests.push({
      model: field('model'),
      responseFormat: field('response_format'),
      chunkingStrategy: field('chunking_strategy'),
      language: field('language'),
      knownSpeakerNames: names,
      referenceRegisters: registers,
      fileBytes: form.file.bytes,
      audioSeconds: heard.durationSeconds,
      busyMs: Date.now() - receivedAt,
      receivedAt,
      answeredAt: Date.now(),
    });
    return {
      task: 'transcribe',
      duration: heard.durationSeconds,
      text: segments.map((segment) => segment.text).join(' '),
      segments,
      usage: { type: 'duration', seconds: Math.ceil(heard.durationSeconds) },
    };
  } finally {
    if (form.file) await rm(form.file.path, { force: true });
  }
}

/** The register most of a reference clip is spoken in; a clip that is no data URL, or not 2-10 s, is refused. */
async function referenceRegister(reference: string, index: number, dir: string): Promise<Register> {
  const match = /^data:audio\/[\w.+-]+;base64,(.+)$/s.exec(reference);
  if (!match) throw new Refusal(400, `known_speaker_references[${index}] must be a data URL of audio.`);
  const path = join(dir, randomUUID());
  try {
    await writeFile(path, Buffer.from(match[1]!, 'base64'));
    const heard = await recognise(path, { ffmpegPath: FFMPEG_PATH, mode: 'tones', transcript: '' });
    if (heard.durationSeconds < 2 - 0.02 || heard.durationSeconds > 10 + 0.02) {
      throw new Refusal(400, `known_speaker_references[${index}] must be between 2 and 10 seconds long (it is ${heard.durationSeconds} s).`);
    }
    const low = heard.tokens.filter((token) => registerOf(token) === 'low').length;
    return low * 2 >= heard.tokens.length ? 'low' : 'high';
  } finally {
    await rm(path, { force: true });
  }
}
