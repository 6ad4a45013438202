import { rm } from 'node:fs/promises';
import type { ProgressCallback } from '../domain/shared/progress';
import {
  byLine,
  fileUrl,
  INPUT_GUARD,
  OPUS_OUTPUT,
  QUIET,
  runTool,
  seconds,
  toEngineError,
  type CallOptions,
  type FfmpegOptions,
  type OpusSlice,
} from './ffmpeg-process';
import { SPEECH_PCM } from './ffmpeg-slices';

/**
 * Converts to the sample format of the platform: Ogg Opus, 96 kbps, mono, 48 kHz.
 * `onProgress` hears seconds converted, of `totalSeconds` when the caller knows the length.
 */
export async function toOpus(
  tools: FfmpegOptions,
  input: string,
  output: string,
  options: CallOptions & { startSeconds?: number; durationSeconds?: number; onProgress?: ProgressCallback; totalSeconds?: number } = {},
): Promise<void> {
  const { onProgress, totalSeconds } = options;
  const slice: string[] = [];
  if (options.startSeconds !== undefined && options.startSeconds > 0) slice.push('-ss', seconds(options.startSeconds));
  const length = options.durationSeconds !== undefined ? ['-t', seconds(options.durationSeconds)] : [];
  await convert(
    tools,
    output,
    [...slice, ...INPUT_GUARD, '-i', fileUrl(input), ...length, '-map', '0:a:0', '-vn', '-sn', '-dn', '-map_metadata', '-1', ...OPUS_OUTPUT],
    options.signal,
    onProgress && ((seconds) => onProgress(seconds, totalSeconds === undefined ? null : Math.ceil(totalSeconds))),
  );
}

/**
 * Streams the first audio track as mono s16le PCM at `sampleRate` into `onChunk`; with a
 * `range`, only that stretch (sample-accurate).
 */
export async function decodePcm(
  tools: FfmpegOptions,
  path: string,
  sampleRate: number,
  onChunk: (chunk: Buffer) => void,
  signal?: AbortSignal,
  range?: OpusSlice,
): Promise<void> {
  const stretch = range ? [...(range.startSeconds > 0 ? ['-ss', seconds(range.startSeconds)] : []), '-t', seconds(range.durationSeconds)] : [];
  try {
    await runTool(
      tools.ffmpegPath,
      [
        ...QUIET,
        ...INPUT_GUARD,
        ...stretch,
        '-i',
        fileUrl(path),
        '-map',
        '0:a:0',
        '-vn',
        '-ac',
        '1',
        '-ar',
        String(sampleRate),
        '-c:a',
        'pcm_s16le',
        '-f',
        's16le',
        'pipe:1',
      ],
      signal,
      onChunk,
    );
  } catch (error) {
    throw toEngineError(error, 'Audio decoding failed', 'pipe:1');
  }
}

/**
 * The stretches `pieces` (seconds from its start, in order) of PCM that `detectSilences`
 * kept, joined into one 16 kHz mono 16-bit FLAC file: lossless, about half the size of WAV
 * (never more than 32 kB a second), and read by every speech-to-text engine, OpenAI's
 * included. The gaps between pieces are left out on a 10 ms grid, so when every piece but
 * the last lasts a whole number of centiseconds, each starts in the file exactly at the sum
 * of the lengths before it.
 */
export async function pcmToSpeechFlac(
  tools: FfmpegOptions,
  pcm: string,
  output: string,
  pieces: readonly { startSeconds: number; endSeconds: number }[],
  options: CallOptions = {},
): Promise<void> {
  const from = pieces[0]?.startSeconds ?? 0;
  const to = pieces.at(-1)?.endSeconds ?? from;
  // Frames of 160 samples start on the grid; a frame is kept when its start lies in a piece.
  const inFile = (time: number) => (time - from - 0.005).toFixed(3);
  const kept = pieces.map((piece) => `gte(t\\,${inFile(piece.startSeconds)})*lt(t\\,${inFile(piece.endSeconds)})`).join('+');
  const select = pieces.length > 1 ? ['-af', `asetnsamples=n=160:p=0,aselect=${kept},asetpts=N/SR/TB`] : [];
  await convert(
    tools,
    output,
    [
      // Our own file, so no demuxer guard: raw PCM has no header to say what it is.
      '-protocol_whitelist',
      'file',
      '-f',
      's16le',
      '-ar',
      String(SPEECH_PCM.sampleRate),
      '-ac',
      '1',
      '-ss',
      seconds(from),
      '-t',
      seconds(to - from),
      '-i',
      fileUrl(pcm),
      ...select,
      '-c:a',
      'flac',
      '-f',
      'flac',
    ],
    options.signal,
  );
}

/** One ffmpeg run that writes `output` (removed when the run fails); `onSeconds` hears the output time reached. */
async function convert(tools: FfmpegOptions, output: string, args: string[], signal?: AbortSignal, onSeconds?: (seconds: number) => void): Promise<void> {
  // ffmpeg's -progress writes key=value lines; out_time_us is the output time reached.
  const progress = onSeconds ? ['-progress', 'pipe:1', '-nostats'] : [];
  const onStdout =
    onSeconds &&
    byLine((line) => {
      const microseconds = /^out_time_us=(\d+)/.exec(line)?.[1];
      if (microseconds) onSeconds(Math.floor(Number(microseconds) / 1_000_000));
    });
  try {
    await runTool(tools.ffmpegPath, [...QUIET, ...progress, '-y', ...args, fileUrl(output)], signal, onStdout);
  } catch (error) {
    await rm(output, { force: true });
    throw toEngineError(error, 'Audio conversion failed', fileUrl(output));
  }
}
