import type { PushSink, PushStream } from '../../events/push-stream';
import type { ChangeEvent } from '../../store/record-store';
import type { OutputEvent, OutputEventStore, OutputKey } from '../../store/output-events';

/** What a stream needs of the event bus: one listener on the resource's topic. */
export interface OutputBus {
  listen(topic: string, listener: (event: ChangeEvent) => void): Promise<() => void>;
}

export interface OutputStreamOptions {
  bus: OutputBus;
  store: OutputEventStore;
  resource: OutputKey;
  /** The last seq the subscriber has; null for the snapshot first. */
  after: number | null;
  /**
   * Run once the stream listens and before it reads (it refuses a caller by throwing), and
   * again whenever the stream has been quiet for `quietMs`: the owner of the resource may then
   * settle a log whose resource finished without its `done` (a process that died between the
   * two writes).
   */
  check: () => Promise<void>;
  /** After this long without an event the stream reads the log again (and runs `check`). */
  quietMs: number;
}

/**
 * A resource's output events for one subscriber: the replay after `after` (or the snapshot),
 * then live events, each seq once and in order, ending after `done`. It listens before it
 * reads, so nothing falls between the read and the live events; a live event that skips a seq
 * (a message lost while the bus reconnected) makes it read the log again from the last seq it
 * sent, and so does a quiet spell. Live events are the bus's own objects, the same for every
 * subscriber, so GraphQL executes each once for all of them. Hand-written rather than a
 * generator for the reason LiveStream gives.
 */
export class OutputStream implements PushStream<OutputEvent> {
  private queue: OutputEvent[] = [];
  private waiting: ((result: IteratorResult<OutputEvent>) => void) | null = null;
  private sink: PushSink<OutputEvent> | null = null;
  private over = false;
  private ready: Promise<void> | null = null;
  private unlisten: (() => void) | null = null;
  /** The last seq sent; -1 before any. */
  private last = -1;
  /** Live events that came while the log is being read; null when none is being read. */
  private held: OutputEvent[] | null = [];
  private quietTimer: NodeJS.Timeout | null = null;
  /** When the stream last sent or read something (ms). */
  private activeAt = 0;

  constructor(private readonly options: OutputStreamOptions) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  async next(): Promise<IteratorResult<OutputEvent>> {
    this.ready ??= this.start();
    await this.ready;
    const queued = this.queue.shift();
    if (queued) return { value: queued, done: false };
    if (this.over) return { value: undefined, done: true };
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  async return(): Promise<IteratorResult<OutputEvent>> {
    this.finish();
    this.endSink();
    return { value: undefined, done: true };
  }

  async throw(error: unknown): Promise<IteratorResult<OutputEvent>> {
    this.finish();
    this.endSink();
    throw error;
  }

  pushTo(sink: PushSink<OutputEvent>): void {
    if (!this.ready) throw new Error('pushTo before the stream has started');
    this.sink = sink;
    for (let next = this.queue.shift(); next; next = this.queue.shift()) sink.next(next);
    if (this.over) this.endSink();
  }

  private async start(): Promise<void> {
    const { bus, store, resource } = this.options;
    this.unlisten = await bus.listen(store.topic(resource), (event) => this.live(event.data as OutputEvent));
    try {
      await this.options.check();
      await this.catchUp(this.options.after);
    } catch (error) {
      this.finish();
      throw error;
    }
  }

  /** Reads the log after `after` and sends what it holds, then the live events that came meanwhile. */
  private async catchUp(after: number | null): Promise<void> {
    this.held ??= [];
    try {
      const read = await this.options.store.read(this.options.resource, after);
      if (this.over) return;
      if (read.kind === 'snapshot') {
        if (read.event.seq !== this.last || read.event.done) this.send(read.event);
      } else {
        if (after !== null) this.last = Math.max(this.last, after);
        for (const event of read.events) if (event.seq > this.last) this.send(event);
        if (read.done && !this.over) this.finish();
      }
    } finally {
      const held = this.held ?? [];
      this.held = null;
      for (const event of held) this.live(event);
      this.watchQuiet();
    }
  }

  private live(event: OutputEvent): void {
    if (this.over) return;
    if (this.held) return void this.held.push(event);
    if (event.seq <= this.last) return;
    if (event.seq === this.last + 1) return this.send(event);
    this.resync();
  }

  private resync(): void {
    this.catchUp(this.last).catch(() => this.watchQuiet());
  }

  private send(event: OutputEvent): void {
    this.last = event.seq;
    if (this.sink) this.sink.next(event);
    else if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = null;
      resolve({ value: event, done: false });
    } else this.queue.push(event);
    if (event.done) {
      this.finish();
      if (this.sink) this.endSink();
    } else this.watchQuiet();
  }

  /**
   * Notes activity and keeps one quiet timer running: a stream that hears nothing for quietMs
   * reads the log again. The timer is re-armed only when it fires, not on every event, so a
   * busy stream costs no timer work per event.
   */
  private watchQuiet(): void {
    this.activeAt = Date.now();
    if (this.quietTimer || this.over) return;
    this.armQuiet(this.options.quietMs);
  }

  private armQuiet(wait: number): void {
    this.quietTimer = setTimeout(() => {
      this.quietTimer = null;
      if (this.over) return;
      const quietFor = Date.now() - this.activeAt;
      if (quietFor < this.options.quietMs || this.held) return this.armQuiet(Math.max(1, this.options.quietMs - quietFor));
      this.options
        .check()
        .then(() => this.catchUp(this.last < 0 ? null : this.last))
        .catch(() => this.watchQuiet());
    }, wait);
    this.quietTimer.unref?.();
  }

  private endSink(): void {
    const sink = this.sink;
    this.sink = null;
    sink?.end();
  }

  private finish(): void {
    if (this.over) return;
    this.over = true;
    this.unlisten?.();
    this.unlisten = null;
    if (this.quietTimer) clearTimeout(this.quietTimer);
    this.quietTimer = null;
    if (this.waiting && this.queue.length === 0) {
      const resolve = this.waiting;
      this.waiting = null;
      resolve({ value: undefined, done: true });
    }
  }
}
