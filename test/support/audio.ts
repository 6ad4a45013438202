import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Ffmpeg, type ProbeResult } from '../../src/engines/ffmpeg';

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
 * Renders a lavfi source graph to `path`; the container and codec follow the extension
 * (.wav, .mp3, .ogg, .opus, .webm, ...).
 */
export async function renderLavfi(path: string, source: string, options: { filter?: string; sampleRate?: number } = {}) {
  const codec = /\.(opus|webm)$/.test(path) ? ['-c:a', 'libopus'] : [];
  await run(FFMPEG_PATH, [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    source,
    ...(options.filter ? ['-af', options.filter] : []),
    '-ac',
    '1',
    '-ar',
    String(options.sampleRate ?? 48000),
    ...codec,
    path,
  ]);
  return path;
}

/** A steady tone; volume is the peak amplitude (1 = full scale). */
export function makeSine(path: string, options: { seconds?: number; frequency?: number; volume?: number } = {}) {
  const { seconds = 3, frequency = 220, volume = 0.14 } = options;
  // The sine source peaks at 1/8 of full scale.
  return renderLavfi(path, `sine=frequency=${frequency}:sample_rate=48000:duration=${seconds}`, { filter: `volume=${volume * 8}` });
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
    const codec = /\.(opus|webm)$/.test(path) ? ['-c:a', 'libopus'] : [];
    await run(FFMPEG_PATH, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', wav, '-ac', '1', '-ar', '48000', ...codec, path]);
    return true;
  } finally {
    await removeDir(dir);
  }
}
