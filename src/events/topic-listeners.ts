import type { ChangeEvent } from '../store/record-store';

export type Listener = (event: ChangeEvent) => void;

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
export class TopicListeners {
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

/** What a listener's place needs of the bus: to move the listener, and to remove it. */
export interface ListenerRegistry {
  reroute(topic: string, from: Route, to: Route, listener: Listener): boolean;
  unlisten(topic: string, route: Route, listener: Listener): void;
}

/** One listener's place on a topic. */
export class TopicListening implements Listening {
  constructor(
    private readonly bus: ListenerRegistry,
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
