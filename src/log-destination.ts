import { write, writeSync } from 'node:fs';

/** Lines kept while the reader is behind: past this (a log collector that stopped reading), lines are dropped and counted. */
const MAX_PENDING_CHARACTERS = 8 * 1024 * 1024;
/** How long the first line of a batch waits for others. */
const BATCH_WINDOW_MS = 5;
/** How long to wait before trying again when a non-blocking descriptor is full. */
const RETRY_MS = 10;

/**
 * The logger's standard output: one write in flight at a time, and the lines logged meanwhile
 * (or within BATCH_WINDOW_MS of the first) leave together in the next one, so a busy process
 * makes a write per batch instead of a blocking write per line.
 *
 * In place of pino's own asynchronous destination (sonic-boom), which does the same but, in
 * its string mode, measures the byte length of its whole pending buffer on every line: with
 * a reader a little behind (a log collector, a busy terminal) that buffer is a rope of up to
 * 16 KB flattened again for each line, 5% of the server's CPU at 15,000 requests a second.
 * Here a line costs an array push; the batch is joined once. And the pending lines are
 * bounded: a reader that stops costs at most MAX_PENDING_CHARACTERS, and the lines dropped
 * meanwhile are counted in a line of their own once it reads again.
 */
export class LineDestination {
  private pending: string[] = [];
  private pendingCharacters = 0;
  private writing = false;
  private dropped = 0;

  constructor(
    private readonly fd: number,
    private readonly maxPendingCharacters = MAX_PENDING_CHARACTERS,
  ) {}

  write(line: string): boolean {
    if (this.pendingCharacters + line.length > this.maxPendingCharacters) {
      this.dropped += 1;
      return false;
    }
    this.pending.push(line);
    this.pendingCharacters += line.length;
    // The first line of a batch waits a few milliseconds, so the lines of the requests answered
    // meanwhile leave with it even when the reader keeps up: a write costs the process more
    // than the lines it carries.
    if (!this.writing) {
      this.writing = true;
      setTimeout(this.writeBatch, BATCH_WINDOW_MS).unref();
    }
    return true;
  }

  /**
   * Writes what is pending at once, blocking: for the process's exit, when no callback will run
   * again. A batch already in flight still lands, possibly after these lines.
   */
  flushSync(): void {
    let batch = this.takeBatch();
    while (batch.length > 0) {
      try {
        batch = batch.subarray(writeSync(this.fd, batch));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return;
      }
    }
  }

  private takeBatch(): Buffer {
    if (this.dropped > 0) {
      this.pending.push(`${JSON.stringify({ level: 40, time: Date.now(), msg: 'log lines dropped: the output was not being read', dropped: this.dropped })}\n`);
      this.dropped = 0;
    }
    const batch = Buffer.from(this.pending.join(''), 'utf8');
    this.pending = [];
    this.pendingCharacters = 0;
    return batch;
  }

  private readonly writeBatch = (): void => {
    this.writing = true;
    this.writeRest(this.takeBatch());
  };

  private writeRest(batch: Buffer): void {
    write(this.fd, batch, 0, batch.length, null, (error, written) => {
      if (error) {
        // A non-blocking descriptor that is full: the same bytes again shortly.
        if (error.code === 'EAGAIN') return void setTimeout(() => this.writeRest(batch), RETRY_MS).unref();
        // The output is gone (a closed pipe): there is nowhere left to write this batch.
        return this.writeNext();
      }
      if (written < batch.length) return this.writeRest(batch.subarray(written));
      this.writeNext();
    });
  }

  private writeNext(): void {
    // Lines that came while this batch was being written wait out a window too: under load
    // they always do, and writing them at once would make a write of every line or two.
    if (this.pending.length > 0 || this.dropped > 0) setTimeout(this.writeBatch, BATCH_WINDOW_MS).unref();
    else this.writing = false;
  }
}
