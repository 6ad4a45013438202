import { resolve } from 'node:path';
import { ProcessFailed, ProcessNotStarted, runProcess } from './child-process';
import { InsufficientStorage } from '../domain/errors';
import { EngineError, toolUnavailable } from '../domain/shared/engine-error';

/** Where the system's ffmpeg and ffprobe are. */
export interface FfmpegOptions {
  ffmpegPath: string;
  ffprobePath: string;
}

export interface CallOptions {
  signal?: AbortSignal;
}

/** A stretch of a recording to cut. */
export interface OpusSlice {
  startSeconds: number;
  durationSeconds: number;
}

const STDERR_TAIL_CHARS = 4000;

/**
 * Demuxers ffmpeg may use on files we did not make. Playlist and concat demuxers (hls,
 * concat, ...) open other files or URLs named inside the upload, so a crafted upload could
 * read server files or reach internal hosts; only plain media containers are allowed.
 */
const INPUT_FORMATS = [
  'mov,mp4,m4a,3gp,3g2,mj2',
  'matroska,webm',
  'ogg',
  'wav',
  'w64',
  'mp3',
  'flac',
  'aac',
  'aiff',
  'caf',
  'asf',
  'amr',
  'amrnb',
  'amrwb',
  'avi',
  'flv',
  'mpegts',
  'mpeg',
  'au',
  'wv',
  'ape',
  'tta',
].join(',');
export const INPUT_GUARD = ['-format_whitelist', INPUT_FORMATS, '-protocol_whitelist', 'file'];
/** Every run: no banner, never reads the terminal, and speaks only of errors (on stderr, kept for the failure reason). */
export const QUIET = ['-hide_banner', '-nostdin', '-loglevel', 'error'];

/**
 * The platform's sample format as output options. Constrained VBR keeps the average at the
 * promised 96 kbps (plain VBR drifts to 115 kbps on tonal audio) while still letting the
 * encoder adapt within a frame.
 */
export const OPUS_OUTPUT = ['-ac', '1', '-ar', '48000', '-c:a', 'libopus', '-b:a', '96k', '-vbr', 'constrained', '-f', 'ogg'];

/** ffmpeg's words for a full disk, answered as the service's disk being full (507), whatever it was writing. */
const NO_SPACE = 'No space left on device';
/**
 * ffmpeg failures that are the server's fault. Any other failure on a file ffmpeg could be
 * started on means the input cannot be decoded; listing the many ways a damaged or foreign
 * file shows up in ffmpeg's log would never be complete.
 */
const SERVER_SIDE_FAILURES = [
  'Unknown encoder',
  'Cannot allocate memory',
  'Too many open files',
  'Read-only file system',
  'Permission denied',
  'Error opening output',
  'Could not write header',
  'Error writing trailer',
];

export const NOT_READABLE = 'The file is not readable audio';

/** Runs ffmpeg or ffprobe with an argument array, never a shell; a binary that cannot start is a ToolUnavailable. */
export async function runTool(
  binary: string,
  args: string[],
  signal?: AbortSignal,
  onStdout?: (chunk: Buffer) => void,
): Promise<{ stdout: string; stderrTail: string }> {
  try {
    return await runProcess(binary, args, { signal, onStdout, stderrTailChars: STDERR_TAIL_CHARS });
  } catch (error) {
    if (!(error instanceof ProcessNotStarted)) throw error;
    throw toolUnavailable(binary, error.missing ? undefined : `could not be started: ${error.message}`);
  }
}

/**
 * A failed run as the service answers it: a full disk, the server's own fault (the run was
 * killed, or ffmpeg named `output`, or one of SERVER_SIDE_FAILURES), or else an input that
 * cannot be decoded.
 */
export function toEngineError(error: unknown, action: string, output: string): unknown {
  if (!(error instanceof ProcessFailed)) return error;
  if (error.stderrTail.includes(NO_SPACE)) return new InsufficientStorage();
  const serverSide = error.exitCode === null || error.stderrTail.includes(output) || SERVER_SIDE_FAILURES.some((pattern) => error.stderrTail.includes(pattern));
  if (!serverSide) return new EngineError(NOT_READABLE, false);
  const how = error.exitCode === null ? 'was killed' : `exit code ${error.exitCode}`;
  return new EngineError(`${action} (ffmpeg ${how}): ${lastLines(error.stderrTail)}`);
}

function lastLines(text: string): string {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const tail = lines.slice(-3).join(' | ');
  return tail.length > 500 ? tail.slice(-500) : tail || 'no error output';
}

/** Feeds a process's stdout to `onLine` one complete line at a time. */
export function byLine(onLine: (line: string) => void): (chunk: Buffer) => void {
  let partialLine = '';
  return (chunk) => {
    const lines = (partialLine + chunk.toString('latin1')).split('\n');
    partialLine = lines.pop() ?? '';
    for (const line of lines) onLine(line.trimEnd());
  };
}

/** Each stretch of one file as an input of its own, so ffmpeg seeks to it and decodes no more. */
export function stretchInputs(input: string, stretches: readonly OpusSlice[]): string[] {
  return stretches.flatMap((stretch) => [
    ...INPUT_GUARD,
    ...(stretch.startSeconds > 0 ? ['-ss', seconds(stretch.startSeconds)] : []),
    '-t',
    seconds(stretch.durationSeconds),
    '-i',
    fileUrl(input),
  ]);
}

export function seconds(value: number): string {
  return value.toFixed(3);
}

/** The file: prefix stops ffmpeg from reading a name like `x:y` as a protocol or `-x` as an option. */
export function fileUrl(path: string): string {
  return `file:${resolve(path)}`;
}
