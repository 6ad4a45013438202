import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Ffmpeg } from '../../src/engines/ffmpeg';
import type { ProbeResult } from '../../src/engines/ffmpeg-probe';

const run = promisify(execFile);

export const FFMPEG_PATH = process.env.FFMPEG_PATH ?? 'ffmpeg';
export const FFPROBE_PATH = process.env.FFPROBE_PATH ?? 'ffprobe';
export const ESPEAK_PATH = process.env.ESPEAK_PATH ?? 'espeak-ng';

export const ffmpeg = new Ffmpeg({ ffmpegPath: FFMPEG_PATH, ffprobePath: FFPROBE_PATH });

export function probeFile(path: string): Promise<ProbeResult> {
  return ffmpeg.probe(path);
}

export async function makeTempDir(prefix = 'audio-test-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

export async function removeDir(path: string): Promise<void> {
  await rm(path, { recursive: true, force: true });
}

/**
 * Runs ffmpeg from an input (its arguments up to and with `-i`) to mono `path`; the container
 * and codec follow the extension (.wav, .mp3, .ogg, .opus, .webm, ...).
 */
async function encode(path: string, input: string[], options: { filter?: string; sampleRate?: number } = {}) {
  const codec = /\.(opus|webm)$/.test(path) ? ['-c:a', 'libopus'] : [];
  const filter = options.filter ? ['-af', options.filter] : [];
  const rate = String(options.sampleRate ?? 48000);
  await run(FFMPEG_PATH, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...input, ...filter, '-ac', '1', '-ar', rate, ...codec, path]);
  return path;
}

/** Renders a lavfi source graph to `path`, in the format of the extension. */
export function renderLavfi(path: string, source: string, options: { filter?: string; sampleRate?: number } = {}) {
  return encode(path, ['-f', 'lavfi', '-i', source], options);
}

/** A steady tone; volume is the peak amplitude (1 = full scale). */
export function makeSine(path: string, options: { seconds?: number; frequency?: number; volume?: number } = {}) {
  const { seconds = 3, frequency = 220, volume = 0.14 } = options;
  // The sine source peaks at 1/8 of full scale.
  return renderLavfi(path, `sine=frequency=${frequency}:sample_rate=48000:duration=${seconds}`, { filter: `volume=${volume * 8}` });
}

/**
 * A real MP3 of `seconds` whose Xing/Info header claims `claimedSeconds`: ffprobe reports the
 * claim (it trusts the frame count the header gives), only decoding finds the truth.
 */
export async function makeMp3WithForgedLength(path: string, options: { seconds: number; claimedSeconds: number }): Promise<string> {
  const sampleRate = 44_100;
  await renderLavfi(path, `sine=frequency=220:sample_rate=${sampleRate}:duration=${options.seconds}`, { sampleRate });
  const bytes = await readFile(path);
  const tag = Math.max(bytes.indexOf('Info'), bytes.indexOf('Xing'));
  // The tag, its flags (bit 1: a frame count follows), then the count of 1152-sample frames, big-endian.
  if (tag < 0 || (bytes.readUInt32BE(tag + 4) & 1) === 0) throw new Error('the encoder wrote no Xing/Info frame count');
  bytes.writeUInt32BE(Math.round((options.claimedSeconds * sampleRate) / 1152), tag + 8);
  await writeFile(path, bytes);
  return path;
}

export function makeNoise(path: string, options: { seconds?: number; amplitude?: number } = {}) {
  const { seconds = 3, amplitude = 0.3 } = options;
  return renderLavfi(path, `anoisesrc=color=white:amplitude=${amplitude}:sample_rate=48000:duration=${seconds}:seed=7`);
}

export function makeSilence(path: string, options: { seconds?: number } = {}) {
  return renderLavfi(path, `anullsrc=channel_layout=mono:sample_rate=48000:duration=${options.seconds ?? 3}`);
}

/** A tone driven four times past full scale: the 16-bit output flattens most of every cycle. */
export function makeClippedSine(path: string, options: { seconds?: number; frequency?: number } = {}) {
  const { seconds = 3, frequency = 220 } = options;
  return renderLavfi(path, `sine=frequency=${frequency}:sample_rate=48000:duration=${seconds}`, { filter: 'volume=32' });
}

/** A tone for the first `soundSeconds`, digital silence for the rest. */
export function makeMostlySilent(path: string, options: { seconds?: number; soundSeconds?: number } = {}) {
  const { seconds = 10, soundSeconds = 1 } = options;
  return renderLavfi(path, `aevalsrc=0.14*sin(2*PI*220*t)*lt(t\\,${soundSeconds}):s=48000:d=${seconds}`);
}

let espeakChecked: Promise<boolean> | undefined;

export function espeakAvailable(): Promise<boolean> {
  espeakChecked ??= run(ESPEAK_PATH, ['--version']).then(
    () => true,
    () => false,
  );
  return espeakChecked;
}

/** Speech by espeak-ng converted to the extension's format; false when espeak-ng is missing. */
export async function makeSpeech(path: string, text: string): Promise<boolean> {
  if (!(await espeakAvailable())) return false;
  const dir = await makeTempDir('speech-');
  try {
    const wav = join(dir, 'speech.wav');
    await run(ESPEAK_PATH, ['-v', 'en-us', '-w', wav, text]);
    await encode(path, ['-i', wav]);
    return true;
  } finally {
    await removeDir(dir);
  }
}

/** A part of a built recording: a sentence (louder by `gain`, which clips above about 4), a silence or a burst of white noise. */
export type RecordingPart = { speech: string; gain?: number } | { silence: number } | { noise: number; amplitude?: number };

/** Where each part of a built recording lies, in seconds. */
export interface RecordingLayout {
  durationSeconds: number;
  parts: (RecordingPart & { startSeconds: number; endSeconds: number })[];
}

/**
 * A recording assembled from parts, 48 kHz mono, in the format of the extension; the layout
 * says where each part landed, so tests know where the pauses are. Speech needs espeak-ng
 * (see espeakAvailable).
 */
export async function makeRecording(path: string, parts: RecordingPart[]): Promise<RecordingLayout> {
  const dir = await makeTempDir('recording-');
  try {
    const files: string[] = [];
    const layout: RecordingLayout = { durationSeconds: 0, parts: [] };
    for (const [index, part] of parts.entries()) {
      const file = join(dir, `${index}.wav`);
      if ('speech' in part) {
        const spoken = join(dir, `${index}-espeak.wav`);
        await run(ESPEAK_PATH, ['-v', 'en-us', '-w', spoken, part.speech]);
        await encode(file, ['-i', spoken], { filter: `volume=${part.gain ?? 1}` });
      } else if ('silence' in part) {
        await renderLavfi(file, `anullsrc=channel_layout=mono:sample_rate=48000:duration=${part.silence}`);
      } else {
        await renderLavfi(file, `anoisesrc=color=white:amplitude=${part.amplitude ?? 0.3}:sample_rate=48000:duration=${part.noise}:seed=11`);
      }
      const { durationSeconds } = await probeFile(file);
      layout.parts.push({ ...part, startSeconds: layout.durationSeconds, endSeconds: layout.durationSeconds + durationSeconds });
      layout.durationSeconds += durationSeconds;
      files.push(file);
    }
    const list = join(dir, 'list.txt');
    await writeFile(list, files.map((file) => `file '${file}'`).join('\n'));
    await encode(path, ['-f', 'concat', '-safe', '0', '-i', list]);
    return layout;
  } finally {
    await removeDir(dir);
  }
}

/** EBU R128 figures of a file, or of the stretch `range` of it, as ffmpeg's ebur128 filter measures them. */
export async function measureEbuR128(
  path: string,
  range?: { startSeconds: number; durationSeconds: number },
): Promise<{ integratedLufs: number; truePeakDbtp: number }> {
  const stretch = range ? ['-ss', String(range.startSeconds), '-t', String(range.durationSeconds)] : [];
  const { stderr } = await run(FFMPEG_PATH, ['-hide_banner', '-nostdin', '-nostats', ...stretch, '-i', path, '-af', 'ebur128=peak=true', '-f', 'null', '-']);
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const integrated = /I:\s+(-?[\d.]+|-inf) LUFS/.exec(summary)?.[1];
  const peak = /Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)?.[1];
  if (integrated === undefined || peak === undefined) throw new Error(`ebur128 printed no summary for ${path}`);
  return { integratedLufs: Number(integrated), truePeakDbtp: Number(peak) };
}

/** What `makeToneSpeech` says: the words the stand-in engine must hear, in order, and when. */
export interface ToneWord {
  /** The pitch's name as the stand-in engine writes it, lower case. */
  text: string;
  start: number;
  end: number;
}

export interface ToneSpeech {
  seconds: number;
  /** Words in a sentence: bursts of 0.3 s, 0.2 s apart. */
  wordsPerSentence?: number;
  /** Between sentences; 0.5 s or more is a pause the service may cut at. */
  pauseSeconds?: number;
  /** Stretches `[from, to)` of digital silence. */
  silent?: [number, number][];
  sampleRate?: number;
}

const TONE_WORD_NAMES = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel'];

function toneSpeechShape(speech: ToneSpeech) {
  const wordsPerSentence = speech.wordsPerSentence ?? 4;
  const pause = speech.pauseSeconds ?? 0.7;
  return { wordsPerSentence, period: wordsPerSentence * 0.5 - 0.2 + pause, silent: speech.silent ?? [] };
}

/**
 * "Speech" that the stand-in engine transcribes word for word (test/support/whisper-like-recogniser.ts):
 * sentences of tone bursts, word k at 300 + 100 * (k mod 8) Hz. Rendered by lavfi in a few
 * seconds even for long recordings at the default 8 kHz.
 */
export function makeToneSpeech(path: string, speech: ToneSpeech) {
  const { wordsPerSentence, period, silent } = toneSpeechShape(speech);
  const inSentence = `mod(t\\,${period})`;
  const word = `(floor(t/${period})*${wordsPerSentence}+floor(${inSentence}/0.5))`;
  const sounding = `lt(${inSentence}\\,${wordsPerSentence * 0.5 - 0.2})*lt(mod(${inSentence}\\,0.5)\\,0.3)`;
  const quiet = silent.map(([from, to]) => `*(1-between(t\\,${from}\\,${to}))`).join('');
  const rate = speech.sampleRate ?? 8000;
  return renderLavfi(path, `aevalsrc=0.3*${sounding}${quiet}*sin(2*PI*t*(300+100*mod(${word}\\,8))):s=${rate}:d=${speech.seconds}`, { sampleRate: rate });
}

/** The words of `makeToneSpeech(speech)` that are whole and not silenced. */
export function toneSpeechWords(speech: ToneSpeech): ToneWord[] {
  const { wordsPerSentence, period, silent } = toneSpeechShape(speech);
  const words: ToneWord[] = [];
  for (let index = 0; ; index++) {
    const start = Math.floor(index / wordsPerSentence) * period + (index % wordsPerSentence) * 0.5;
    const end = start + 0.3;
    if (end > speech.seconds) return words;
    if (silent.some(([from, to]) => start < to && end > from)) continue;
    words.push({ text: TONE_WORD_NAMES[index % 8]!, start, end });
  }
}
