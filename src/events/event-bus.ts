import type { RedisClient } from '../store/redis';
import { eventsDelivered } from '../observability/metrics';
import type { KeySpace } from '../store/keys';
import type { ChangeEvent, Versioned } from '../store/record-store';
import type { PushSink, PushStream } from './push-stream';

type Listener = (event: ChangeEvent) => void;

/**
 * Which of a topic's events a listener is handed: every one (null), or only those of one
 * resource, by its id, or by its name while the id is not known yet (a voice watched by name
 * before its snapshot is read). A topic carries every resource of a partner or a knowledge
 * base; routed by resource, a change costs its own resource's listeners, not the topic's.
 */
export type Route = { id: string } | { name: string } | null;

/** A listener in place: `move` changes the events it is handed (at once, between two events), `stop` ends it. */
export interface Listening {
  move(route: Route): void;
  stop(): void;
}

/** A topic's listeners: those of every event, and those of one resource, by its id or name. */
class TopicListeners {
  readonly everything = new Set<Listener>();
  readonly byId = new Map<string, Set<Listener>>();
  readonly byName = new Map<string, Set<Listener>>();
  size = 0;

  add(route: Route, listener: Listener): void {
    this.size++;
    if (!route) return void this.everything.add(listener);
    const [index, key] = 'id' in route ? [this.byId, route.id] : [this.byName, route.name];
    let listeners = index.get(key);
    if (!listeners) {
      listeners = new Set();
      index.set(key, listeners);
    }
    listeners.add(listener);
  }

  /** Whether the listener was there (and is now gone). */
  delete(route: Route, listener: Listener): boolean {
    let removed: boolean;
    if (!route) {
      removed = this.everything.delete(listener);
    } else {
      const [index, key] = 'id' in route ? [this.byId, route.id] : [this.byName, route.name];
      const listeners = index.get(key);
      removed = listeners?.delete(listener) ?? false;
      if (listeners?.size === 0) index.delete(key);
    }
    if (removed) this.size--;
    return removed;
  }

  /** Hands the event to the listeners of every event and to its resource's; how many were handed it. */
  dispatch(event: ChangeEvent): number {
    let handed = 0;
    for (const listener of this.everything) {
      listener(event);
      handed++;
    }
    const data = event.data as { id?: unknown; name?: unknown } | null;
    if (typeof data?.id === 'string') handed += handTo(this.byId.get(data.id), event);
    if (this.byName.size > 0 && typeof data?.name === 'string') handed += handTo(this.byName.get(data.name), event);
    return handed;
  }
}

function handTo(listeners: Set<Listener> | undefined, event: ChangeEvent): number {
  if (!listeners) return 0;
  // A listener that ends on this event deletes itself during the loop, which a Set allows.
  for (const listener of listeners) listener(event);
  return listeners.size;
}

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

/**
 * A resource sent again, unchanged, because the queue its job waits in moved. It passes the
 * version check that drops repeats; one object per resource and version per refresh, so the
 * execution of a shared subscription is shared as for any event. It carries no change of
 * state, so a connection that falls behind keeps only the newest of a resource's.
 */
export interface RefreshEvent<T = unknown> extends ChangeEvent<T> {
  refresh: true;
  collapsible: true;
}

function isRefresh(event: ChangeEvent): boolean {
  return (event as Partial<RefreshEvent>).refresh === true;
}

/** A queue's moves are passed on at most this often, the newest state each time (as progress is throttled). */
const QUEUE_REFRESH_MS = 250;

/** What a stream needs of the bus to follow the queues its resources wait in. */
interface QueueFollower {
  refresh(queue: string, shared: Map<string, RefreshEvent>): void;
}

/**
 * Redis pub/sub fanned out in process: one Redis subscription per topic however many local
 * subscribers it has, each message parsed once, and handed to the topic's listeners of every
 * event and to the listeners of the resource it changed (a map lookup), so a change to one
 * voice costs its own subscribers, however many subscribe to the partner's other voices.
 * Events come from whichever process made the change, so API and worker processes see each
 * other's changes.
 */
export class EventBus {
  private readonly topics = new Map<string, TopicListeners>();
  private listenerCount = 0;
  private readonly subscribing = new Map<string, Promise<unknown>>();
  /** By queue topic: the streams following it, and the pending throttled refresh. */
  private readonly queueFollowers = new Map<string, { followers: Set<QueueFollower>; unlisten: Promise<() => void>; timer: NodeJS.Timeout | null }>();

  constructor(
    private readonly subscriber: RedisClient,
    private readonly keys: KeySpace,
  ) {
    const prefixLength = keys.channel('').length;
    subscriber.on('message', (channel: string, message: string) => {
      const listeners = this.topics.get(channel.slice(prefixLength));
      if (!listeners || listeners.size === 0) return;
      const event = JSON.parse(message) as ChangeEvent;
      const handed = listeners.dispatch(event);
      if (handed > 0) eventsDelivered.inc(handed);
    });
  }

  /** Every event of the topic; resolves once Redis confirms the subscription, and the returned function unsubscribes. */
  async listen(topic: string, listener: Listener): Promise<() => void> {
    const listening = await this.listenTo(topic, null, listener);
    return () => listening.stop();
  }

  /** The topic's events that `route` selects; resolves once Redis confirms the subscription. */
  async listenTo(topic: string, route: Route, listener: Listener): Promise<Listening> {
    let listeners = this.topics.get(topic);
    if (!listeners) {
      listeners = new TopicListeners();
      this.topics.set(topic, listeners);
      this.subscribing.set(topic, this.subscriber.subscribe(this.keys.channel(topic)));
    }
    listeners.add(route, listener);
    this.listenerCount++;
    const listening = new TopicListening(this, topic, route, listener);
    try {
      await this.subscribing.get(topic);
    } catch (error) {
      listening.stop();
      throw error;
    }
    return listening;
  }

  /** Moves a listener to another route of its topic; false when it is no longer listening. */
  reroute(topic: string, from: Route, to: Route, listener: Listener): boolean {
    const listeners = this.topics.get(topic);
    if (!listeners?.delete(from, listener)) return false;
    listeners.add(to, listener);
    return true;
  }

  /** Removes a listener; the topic's last one takes the Redis subscription with it. */
  unlisten(topic: string, route: Route, listener: Listener): void {
    const listeners = this.topics.get(topic);
    if (!listeners?.delete(route, listener)) return;
    this.listenerCount--;
    if (listeners.size > 0) return;
    this.topics.delete(topic);
    this.subscribing.delete(topic);
    this.subscriber.unsubscribe(this.keys.channel(topic)).catch(() => undefined);
  }

  /** Current snapshots first, then every later change, each resource's events in version order. */
  live<T extends Versioned & { id: string }>(topic: string, options: LiveOptions<T>): PushStream<ChangeEvent<T>> {
    return new LiveStream<T>(this, topic, options);
  }

  /** Starts passing a queue's moves (on `queue`, its topic) to `follower`, throttled; the first follower of a queue subscribes to them. */
  followQueue(queue: string, follower: QueueFollower): void {
    let entry = this.queueFollowers.get(queue);
    if (!entry) {
      const created = { followers: new Set<QueueFollower>(), unlisten: Promise.resolve((): void => undefined), timer: null as NodeJS.Timeout | null };
      created.unlisten = this.listen(queue, () => {
        created.timer ??= setTimeout(() => {
          created.timer = null;
          const shared = new Map<string, RefreshEvent>();
          for (const follower of created.followers) follower.refresh(queue, shared);
        }, QUEUE_REFRESH_MS);
      }).catch(() => (): void => undefined);
      this.queueFollowers.set(queue, created);
      entry = created;
    }
    entry.followers.add(follower);
  }

  unfollowQueue(queue: string, follower: QueueFollower): void {
    const entry = this.queueFollowers.get(queue);
    if (!entry?.followers.delete(follower) || entry.followers.size > 0) return;
    this.queueFollowers.delete(queue);
    if (entry.timer) clearTimeout(entry.timer);
    void entry.unlisten.then((unlisten) => unlisten());
  }

  get subscriberCount(): number {
    return this.listenerCount;
  }
}

/** One listener's place on a topic. */
class TopicListening implements Listening {
  constructor(
    private readonly bus: EventBus,
    private readonly topic: string,
    private route: Route,
    private readonly listener: Listener,
  ) {}

  move(route: Route): void {
    if (sameRoute(route, this.route)) return;
    if (this.bus.reroute(this.topic, this.route, route, this.listener)) this.route = route;
  }

  stop(): void {
    this.bus.unlisten(this.topic, this.route, this.listener);
  }
}

function sameRoute(a: Route, b: Route): boolean {
  if (!a || !b) return a === b;
  return 'id' in a ? 'id' in b && a.id === b.id : 'name' in b && a.name === b.name;
}

/**
 * Hand-written rather than an async generator: a generator parked on `await` cannot be
 * ended by `return()` until its next event, which would keep unsubscribed clients'
 * listeners alive on quiet topics.
 */
class LiveStream<T extends Versioned & { id: string }> implements PushStream<ChangeEvent<T>>, QueueFollower {
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
    private readonly bus: EventBus,
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
