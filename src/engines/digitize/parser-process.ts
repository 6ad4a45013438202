import { fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { setPriority } from 'node:os';
import { EngineError } from '../../domain/shared/engine-error';
import type { DocumentLimits } from './document-limits';
import type { ParseContext, ParseRequest } from './document-parser';
import type { ExtractedText } from './index';

/** What a parser process is sent: one document, and the limits it holds it to. */
export interface ParserJob extends ParseRequest {
  limits: DocumentLimits;
}

/** What a parser process says: that it is ready, once; then for each document progress any number of times, then the text or why not. */
export type ParserMessage =
  | { type: 'ready' }
  | { type: 'progress'; done: number; total: number | null }
  | { type: 'done'; text: string; title?: string }
  | { type: 'failed'; message: string; retryable: boolean };

export interface ParserEntry {
  file: string;
  execArgv: string[];
}

export interface ParserProcessLimits {
  timeoutMs: number;
  maxMemoryMb: number;
}

/** How often a busy parser's resident memory is read: between two reads it can outgrow its limit a little. */
const MEMORY_POLL_MS = 100;
/** Parsers yield the cores to the service: its requests and jobs go first when both want them. */
const PARSER_NICENESS = 10;
/** What a parser printed last, to tell a heap that ran out from any other crash. */
const STDERR_TAIL = 4096;

type KillReason = 'time' | 'memory' | 'abort';

interface Reading {
  context: ParseContext;
  settle(outcome: ExtractedText | Error): void;
  killedFor?: KillReason;
}

/** How long a parser process may take to start, beyond the reading's own time limit. */
const PARSER_START_ALLOWANCE_MS = 30_000;

export const stopped = (): EngineError => new EngineError('Reading the document was stopped', true);

/**
 * One parser child process, reading one document at a time and held to the time and memory
 * limits by being killed. It reads the next document when it is still well; once killed, or
 * gone for any reason, it is `gone` and reads nothing more.
 */
export class ParserProcess {
  private readonly child: ChildProcess;
  private reading: Reading | undefined;
  private stderr = '';
  private gone = false;
  /** Settles when the process has loaded its readers (or is gone first, and a reading hears why from its close). */
  private readonly ready: Promise<void>;
  private onReady: () => void = () => {};

  constructor(
    entry: ParserEntry,
    private readonly limits: ParserProcessLimits,
  ) {
    this.ready = new Promise((resolve) => (this.onReady = resolve));
    this.child = fork(entry.file, [], {
      execArgv: [...entry.execArgv, `--max-old-space-size=${limits.maxMemoryMb}`],
      // The parser reads hostile bytes: it gets no secret of the service's environment.
      env: parserEnvironment(),
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      // The text comes back as one structured-clone copy, not through JSON.parse on this thread.
      serialization: 'advanced',
    });
    try {
      // Never pid 0: that would be the service itself.
      if (this.child.pid !== undefined) setPriority(this.child.pid, PARSER_NICENESS);
    } catch {
      // Not allowed here: the parser runs at the service's own priority.
    }
    // An idle parser must not keep the service's process alive; a document being read keeps its timer.
    this.child.unref();
    this.child.channel?.unref();
    (this.child.stderr as Socket | null)?.unref();
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-STDERR_TAIL);
    });
    this.child.on('message', (message: ParserMessage) => this.heard(message));
    // Only a process that never started ends here without a close; other errors (a kill not allowed) end in one too.
    this.child.on('error', (error) => this.child.pid === undefined && this.ended(error));
    // 'close', not 'exit': it comes once the IPC channel and stderr are read to the end, so the answer and the last words are in.
    this.child.once('close', (code, signal) => this.ended(whyItEnded(this.reading?.killedFor, { code, signal, stderr: this.stderr }, this.limits)));
  }

  get alive(): boolean {
    return !this.gone;
  }

  /** Whether it may read another document: alive, and not holding as much as one document may take. */
  async reusable(): Promise<boolean> {
    return !this.gone && (await this.residentMb()) < this.limits.maxMemoryMb;
  }

  /**
   * Reads one document. Its memory is what the process grows by while reading it, from just
   * before it takes the document (its heap stays under the same limit), so a process that kept
   * some memory from an earlier document gives the next one the same room as a new one would.
   */
  read(job: ParserJob, context: ParseContext): Promise<ExtractedText> {
    if (this.reading || this.gone) return Promise.reject(new Error('This parser process cannot take a document now'));
    return new Promise((resolve, reject) => {
      // The time limit is the reading's: it starts once the process has loaded its readers. A
      // process that never gets there (a loaded machine can take seconds to start one) is
      // bounded too, by the limit plus PARSER_START_ALLOWANCE_MS.
      let timer = setTimeout(() => this.kill('time'), this.limits.timeoutMs + PARSER_START_ALLOWANCE_MS);
      let memory: NodeJS.Timeout | undefined;
      const onAbort = (): void => this.kill('abort');
      this.stderr = '';
      this.reading = {
        context,
        settle: (outcome) => {
          clearTimeout(timer);
          clearInterval(memory);
          context.signal?.removeEventListener('abort', onAbort);
          this.reading = undefined;
          if (outcome instanceof Error) reject(outcome);
          else resolve(outcome);
        },
      };
      context.signal?.addEventListener('abort', onAbort, { once: true });
      if (context.signal?.aborted) onAbort();
      void this.ready
        .then(() => this.residentMb())
        .then((readyMb) => {
          if (!this.reading) return;
          clearTimeout(timer);
          timer = setTimeout(() => this.kill('time'), this.limits.timeoutMs);
          const ceilingMb = readyMb + this.limits.maxMemoryMb;
          memory = setInterval(() => void this.residentMb().then((residentMb) => residentMb > ceilingMb && this.kill('memory')), MEMORY_POLL_MS);
          this.child.send(job, (error) => {
            // The process died before it read the job: its close says why.
            if (error) this.child.kill('SIGKILL');
          });
        });
    });
  }

  /** Lets the process go once it is idle: it exits when its channel closes. */
  retire(): void {
    this.gone = true;
    if (this.child.connected) this.child.disconnect();
  }

  private kill(reason: KillReason): void {
    if (this.reading) this.reading.killedFor ??= reason;
    this.gone = true;
    this.child.kill('SIGKILL');
  }

  private heard(message: ParserMessage): void {
    if (message.type === 'ready') this.onReady();
    else if (message.type === 'progress') this.reading?.context.onProgress?.(message.done, message.total);
    else if (message.type === 'done') this.reading?.settle({ text: message.text, ...(message.title === undefined ? {} : { title: message.title }) });
    else this.reading?.settle(new EngineError(message.message, message.retryable));
  }

  private ended(reason: Error): void {
    this.gone = true;
    this.reading?.settle(reason);
  }

  /** The resident size from /proc; where there is none (not Linux), 0, and the heap limit alone holds. */
  private async residentMb(): Promise<number> {
    const status = await readFile(`/proc/${this.child.pid}/status`, 'latin1').catch(() => '');
    return Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0) / 1024;
  }
}

function whyItEnded(
  killedFor: KillReason | undefined,
  exit: { code: number | null; signal: NodeJS.Signals | null; stderr: string },
  limits: ParserProcessLimits,
): EngineError {
  if (killedFor === 'abort') return stopped();
  if (killedFor === 'time') return new EngineError(`Reading the document took longer than ${Number((limits.timeoutMs / 1000).toFixed(1))} s`, false);
  if (killedFor === 'memory' || /heap out of memory|Reached heap limit/i.test(exit.stderr)) {
    return new EngineError(`Reading the document needs more than ${limits.maxMemoryMb} MB of memory`, false);
  }
  // Not known to be the document's fault (the system may have killed it): worth another attempt.
  return new EngineError(`The document reader stopped unexpectedly (${exit.signal ?? `exit code ${exit.code}`})`, true);
}

/** Only what Node itself needs to start: where temporary files go, and the mode. */
function parserEnvironment(): NodeJS.ProcessEnv {
  const kept = ['NODE_ENV', 'TMPDIR', 'TMP', 'TEMP', 'PATH'];
  return Object.fromEntries(kept.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]]])));
}
