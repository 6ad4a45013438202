import type { ChangeEvent, Versioned } from '../store/record-store';
import type { PushSink, PushStream } from './push-stream';
import { isRefresh, type QueueFollower, type RefreshEvent } from './queue-refresh';
import type { Listener, Listening, Route } from './topic-listeners';

export interface LiveOptions<T> {
  /** Reads the current state after the subscription is in place, so nothing falls between. */
  load: () => Promise<T[]>;
  /**
   * The one resource the stream follows, when it follows one of the topic's: asked when the
   * stream starts and again once its snapshot is loaded (the load may learn the id), so it is
   * handed only that resource's events. `accept` still decides which of them it keeps.
   */
  route?: () => Route;
  /** Keeps only the events this subscriber asked for (a topic can carry several resources). */
  accept?: (event: ChangeEvent<T>) => boolean;
  /** Ends the stream after yielding a snapshot for which this holds (a finished job). */
  until?: (event: ChangeEvent<T>) => boolean;
  /**
   * The topic on which the queue a resource's job waits in announces its moves, while it
   * waits (null when the job runs or none is under way). The subscriber then gets the
   * resource again whenever that queue moves, so fields computed at read time (its place in
   * the queue) stay current.
   */
  waitingOn?: (data: T) => string | null;
}

/** What a live stream needs of the bus: a place among its topic's listeners, and the queues its resources wait in. */
export interface LiveBus {
  listenTo(topic: string, route: Route, listener: Listener): Promise<Listening>;
  followQueue(queue: string, follower: QueueFollower): void;
  unfollowQueue(queue: string, follower: QueueFollower): void;
}

/**
 * Hand-written rather than an async generator: a generator parked on `await` cannot be
 * ended by `return()` until its next event, which would keep unsubscribed clients'
 * listeners alive on quiet topics.
 */
export class LiveStream<T extends Versioned & { id: string }> implements PushStream<ChangeEvent<T>>, QueueFollower {
  private queue: ChangeEvent<T>[] = [];
  /** The resources whose jobs wait in a queue, by id: the queue and the last event sent. Made when the first one waits. */
  private waitingIn: Map<string, { queue: string; event: ChangeEvent<T> }> | null = null;
  // Most streams follow one resource: its last version is kept in two fields, and a map is
  // made only when a second resource appears (a partner-wide stream).
  private firstId: string | null = null;
  private firstVersion = 0;
  private otherVersions: Map<string, number> | null = null;
  private waiting: ((result: IteratorResult<ChangeEvent<T>>) => void) | null = null;
  /** Set by pushTo: events go straight here, in the listener's own call, instead of to the queue. */
  private sink: PushSink<ChangeEvent<T>> | null = null;
  private done = false;
  private ready: Promise<void> | null = null;
  private listening: Listening | null = null;

  constructor(
    private readonly bus: LiveBus,
    private readonly topic: string,
    private readonly options: LiveOptions<T>,
  ) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  async next(): Promise<IteratorResult<ChangeEvent<T>>> {
    this.ready ??= this.start();
    await this.ready;
    const queued = this.take();
    if (queued) return queued;
    if (this.done) return { value: undefined, done: true };
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  async return(): Promise<IteratorResult<ChangeEvent<T>>> {
    this.finish();
    this.endSink();
    return { value: undefined, done: true };
  }

  async throw(error: unknown): Promise<IteratorResult<ChangeEvent<T>>> {
    this.finish();
    this.endSink();
    throw error;
  }

  /**
   * Only after the first `next()` has settled (the snapshot is loaded and queued). What is
   * queued goes first, so the sink sees the same events, deduplicated and in the same order,
   * as `next()` would have returned.
   */
  pushTo(sink: PushSink<ChangeEvent<T>>): void {
    if (!this.ready) throw new Error('pushTo before the stream has started');
    this.sink = sink;
    for (let next = this.take(); next; next = this.take()) sink.next(next.value);
    // Drained by shift(), the array keeps its room; a pushing stream queues nothing again.
    this.queue = [];
    if (this.done) this.endSink();
  }

  private async start(): Promise<void> {
    const listening = await this.bus.listenTo(this.topic, this.options.route?.() ?? null, (event) => this.push(event as ChangeEvent<T>));
    this.listening = listening;
    if (this.done) {
      listening.stop();
      return;
    }
    let current: T[];
    try {
      current = await this.options.load();
    } catch (error) {
      // An unknown id, a refused caller or a failed read ends the stream here; its listener
      // and, if it was the last, the Redis channel go with it.
      this.finish();
      throw error;
    }
    // The load may have learnt the resource's id: from here on only its events come. No event
    // is handled between the load's read and this move (both run in the same turn), and one
    // that came before the move by name was routed like the rest.
    if (this.options.route && !this.done) listening.move(this.options.route());
    // Snapshots go to the front: events that arrived during the load are newer or equal,
    // and equal ones are dropped by the version check.
    const snapshots = current.map((data) => ({ version: data.version, deleted: false, data }));
    this.queue.unshift(...snapshots);
  }

  private push(event: ChangeEvent<T>): void {
    if (this.done) return;
    if (this.options.accept && !this.options.accept(event)) return;
    this.deliver(event);
  }

  private deliver(event: ChangeEvent<T>): void {
    const sink = this.sink;
    if (sink) {
      // admit() finishes the stream on a final event; the sink still gets that event first.
      if (this.admit(event)) sink.next(event);
      if (this.done) this.endSink();
      return;
    }
    this.queue.push(event);
    const resolve = this.waiting;
    if (!resolve) return;
    // Detached before take(): a final event ends the stream inside take(), and that must not
    // answer the waiting consumer with `done` before it has received the event itself.
    this.waiting = null;
    const next = this.take();
    if (next) resolve(next);
    else this.waiting = resolve;
  }

  private take(): IteratorYieldResult<ChangeEvent<T>> | null {
    while (this.queue.length > 0) {
      const event = this.queue.shift()!;
      if (this.admit(event)) return { value: event, done: false };
    }
    return null;
  }

  /** Whether the subscriber has yet to see this version; a final event finishes the stream. */
  private admit(event: ChangeEvent<T>): boolean {
    const seen = this.seenVersion(event.data.id);
    if (event.version < seen || (event.version === seen && !isRefresh(event))) return false;
    this.markSeen(event.data.id, event.version);
    if (this.options.waitingOn) this.noteWaiting(event);
    if (this.options.until?.(event)) this.finish();
    return true;
  }

  /** Follows the queue the resource's job waits in, while it waits. */
  private noteWaiting(event: ChangeEvent<T>): void {
    const id = event.data.id;
    const queue = event.deleted ? null : this.options.waitingOn!(event.data);
    const before = this.waitingIn?.get(id)?.queue ?? null;
    if (queue) (this.waitingIn ??= new Map()).set(id, { queue, event });
    else this.waitingIn?.delete(id);
    if (queue === before) return;
    if (queue) this.bus.followQueue(queue, this);
    if (before && ![...this.waitingIn!.values()].some((entry) => entry.queue === before)) this.bus.unfollowQueue(before, this);
  }

  /** The queue moved: every resource waiting in it is sent again as it was last sent. */
  refresh(queue: string, shared: Map<string, RefreshEvent>): void {
    if (this.done || !this.waitingIn) return;
    for (const { queue: waitingIn, event } of [...this.waitingIn.values()]) {
      if (waitingIn !== queue) continue;
      const key = `${event.data.id}\n${event.version}`;
      let again = shared.get(key) as RefreshEvent<T> | undefined;
      if (!again) {
        again = { version: event.version, deleted: event.deleted, data: event.data, refresh: true, collapsible: true };
        shared.set(key, again);
      }
      this.deliver(again);
    }
  }

  private seenVersion(id: string): number {
    if (id === this.firstId) return this.firstVersion;
    return this.otherVersions?.get(id) ?? 0;
  }

  private markSeen(id: string, version: number): void {
    if (this.firstId === null || id === this.firstId) {
      this.firstId = id;
      this.firstVersion = version;
    } else {
      (this.otherVersions ??= new Map()).set(id, version);
    }
  }

  private endSink(): void {
    const sink = this.sink;
    this.sink = null;
    sink?.end();
  }

  private finish(): void {
    if (this.done) return;
    this.done = true;
    this.listening?.stop();
    for (const queue of new Set([...(this.waitingIn?.values() ?? [])].map((entry) => entry.queue))) this.bus.unfollowQueue(queue, this);
    this.waitingIn = null;
    this.queue.length = 0;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = null;
      resolve({ value: undefined, done: true });
    }
  }
}
