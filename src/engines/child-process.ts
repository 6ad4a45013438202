import { spawn } from 'node:child_process';
import { basename } from 'node:path';
import { traced, tracingOn } from '../observability/tracing';

/** The program ran and exited with an error; the end of its stderr says why. */
export class ProcessFailed extends Error {
  constructor(
    readonly exitCode: number | null,
    readonly stderrTail: string,
  ) {
    super(`exited with code ${exitCode}`);
  }
}

/** The program could not be started; `missing` when it is not installed. */
export class ProcessNotStarted extends Error {
  constructor(
    readonly missing: boolean,
    cause: Error,
  ) {
    super(cause.message);
  }
}

export interface RunOptions {
  signal?: AbortSignal;
  /** Receives stdout as it arrives; without it stdout is collected and returned. */
  onStdout?: (chunk: Buffer) => void;
  stderrTailChars?: number;
}

/**
 * Runs a program with an argument list (never a shell), killing it when the signal aborts.
 * Rejects with the signal's reason, ProcessNotStarted or ProcessFailed; callers word those
 * for partners.
 */
export function runProcess(binary: string, args: string[], options: RunOptions = {}): Promise<{ stdout: string; stderrTail: string }> {
  if (!tracingOn()) return run(binary, args, options);
  // A span per run (ffmpeg, ffprobe, espeak-ng) under the job's: the program's name and exit code, never its arguments (paths, texts).
  const name = basename(binary);
  return traced(`run ${name}`, { 'process.executable.name': name }, async (span) => {
    try {
      const result = await run(binary, args, options);
      span?.setAttribute('process.exit.code', 0);
      return result;
    } catch (error) {
      if (error instanceof ProcessFailed && error.exitCode !== null) span?.setAttribute('process.exit.code', error.exitCode);
      throw error;
    }
  });
}

function run(binary: string, args: string[], options: RunOptions): Promise<{ stdout: string; stderrTail: string }> {
  const { signal, onStdout, stderrTailChars = 4000 } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stdoutChunks: Buffer[] = [];
    let stderrTail = '';
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      action();
    };
    const onAbort = () => {
      child.kill('SIGKILL');
      settle(() => reject(abortReason(signal!)));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      if (settled) return;
      if (onStdout) onStdout(chunk);
      else stdoutChunks.push(chunk);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      stderrTail = (stderrTail + text).slice(-stderrTailChars);
    });
    child.on('error', (error: NodeJS.ErrnoException) => settle(() => reject(new ProcessNotStarted(error.code === 'ENOENT', error))));
    child.on('close', (code) => {
      settle(() => {
        if (code === 0) resolve({ stdout: Buffer.concat(stdoutChunks).toString('utf8'), stderrTail });
        else reject(new ProcessFailed(code, stderrTail));
      });
    });
  });
}

/** The reason an AbortSignal was aborted with, as an Error (AbortController sets a DOMException unless told otherwise). */
function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new Error(String(reason));
}
