import { randomUUID } from 'node:crypto';
import type { OutputEventStore, OutputKey } from '../../store/output-events';

/** What a writer needs of the log it writes to. */
export interface OutputWriterSettings {
  store: OutputEventStore;
  resource: OutputKey;
  /** Text that arrives within this window after a write goes out as one event. */
  windowMs: number;
  maxEvents: number;
  /** How long the log lives from each write while the work runs. */
  ttlMs: number;
  /** Hears a write that failed (Redis unreachable); the text is kept and written again. */
  onError?: (error: unknown) => void;
  /** Its resets start a new run of a log that is done (OutputWrite.reopen) rather than stop. */
  reopen?: boolean;
}

/** The waits between attempts to write text that Redis refused, the last one repeated. */
const RETRY_DELAYS_MS = [100, 250, 500, 1_000, 2_000];

/**
 * Writes one attempt's output to a resource's log. Text is coalesced: the first piece after a
 * quiet window goes out at once, and what arrives within `windowMs` of a write waits for the
 * window's end and goes out as one event, so the events per second do not follow the token
 * rate. Writes are serial, in order. The attempt's first write resets the text (a rerun after
 * partial output starts over), and takes the log over: a writer whose log another attempt has
 * reset since stops writing (`superseded`). While Redis is unreachable the text is kept and
 * written once it is back; `flush()` is the one call that fails then.
 */
export class OutputWriter {
  private readonly owner = randomUUID();
  private pending = '';
  private pendingReset = true;
  private hasPending = false;
  private lastWriteAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
  private failures = 0;
  private writes = 0;
  private unanswered: { text: string; reset: boolean; number: number } | null = null;
  private stopped = false;
  /** Another attempt has reset the log since this writer's first write, or the log is done. */
  superseded = false;

  constructor(private readonly settings: OutputWriterSettings) {}

  /** The text starts over with `text`. */
  reset(text: string): void {
    if (this.stopped) return;
    this.pending = text;
    this.pendingReset = true;
    this.hasPending = true;
    this.schedule();
  }

  append(text: string): void {
    if (this.stopped || text === '') return;
    this.pending += text;
    this.hasPending = true;
    this.schedule();
  }

  /** Writes everything given so far; throws when Redis refuses it (the text stays pending). */
  async flush(): Promise<void> {
    this.clearTimer();
    while (!this.stopped) {
      if (this.writing) {
        await this.writing.catch(() => undefined);
        continue;
      }
      if (!this.hasPending) return;
      await this.writeOnce();
    }
  }

  /** Stops writing; what is pending is dropped (the work is over or was handed back). */
  close(): void {
    this.stopped = true;
    this.clearTimer();
  }

  private schedule(): void {
    if (this.timer || this.writing || this.stopped || !this.hasPending) return;
    const wait =
      this.failures > 0 ? RETRY_DELAYS_MS[Math.min(this.failures, RETRY_DELAYS_MS.length) - 1]! : this.lastWriteAt + this.settings.windowMs - Date.now();
    if (wait <= 0) return void this.writeQuietly();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.writeQuietly();
    }, wait);
    this.timer.unref?.();
  }

  private writeQuietly(): void {
    this.writeOnce().then(
      () => this.schedule(),
      (error: unknown) => {
        this.settings.onError?.(error);
        this.schedule();
      },
    );
  }

  private writeOnce(): Promise<void> {
    // A write whose answer was lost is sent again as it was, under its number, so the log
    // applies it once whether or not it got there; what came since follows it.
    const write = this.unanswered ?? { text: this.pending, reset: this.pendingReset, number: ++this.writes };
    if (!this.unanswered) {
      this.pending = '';
      this.pendingReset = false;
    }
    this.unanswered = null;
    this.hasPending = this.pending !== '' || this.pendingReset;
    this.lastWriteAt = Date.now();
    const { store, resource, maxEvents, ttlMs, reopen } = this.settings;
    const writing = store
      .write(resource, { mode: write.reset ? 'reset' : 'append', text: write.text, owner: this.owner, maxEvents, ttlMs, number: write.number, reopen })
      .then(
        (result) => {
          this.writing = null;
          this.failures = 0;
          if (!result.written) {
            this.superseded = true;
            this.close();
          }
        },
        (error: unknown) => {
          this.writing = null;
          this.failures++;
          this.unanswered = write;
          this.hasPending = true;
          throw error;
        },
      );
    this.writing = writing.catch(() => undefined);
    return writing;
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
