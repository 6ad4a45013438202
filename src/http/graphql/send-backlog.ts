import type { ChangeEvent } from '../../store/record-store';

/** One message waiting for a client, in order. */
interface Waiting<T> {
  message: T;
  bytes: number;
  /** When the change it carries was written (ms), for the delivery lag; null for other messages. */
  writtenAt: number | null;
  /** Set when a newer message of the same key replaces this one. */
  key: string | null;
  previous: Waiting<T> | null;
  next: Waiting<T> | null;
}

/**
 * The messages a live connection holds for a client that reads slower than they come, made
 * only once it falls behind. A message that only says how far a job has come (progress, or
 * the resource again because its queue moved) names a key, its operation and resource: a
 * newer one of the same key replaces it, taking its place at the end, so a client that falls
 * behind gets each resource's newest progress; every other message (a state change, the end
 * of an operation) is kept, in order. Counted in bytes against the connection's budget.
 */
export class SendBacklog<T> {
  private head: Waiting<T> | null = null;
  private tail: Waiting<T> | null = null;
  /** The waiting message of each key that has one. */
  private readonly byKey = new Map<string, Waiting<T>>();
  /** Bytes of the messages waiting. */
  bytes = 0;

  push(message: T, bytes: number, key: string | null, writtenAt: number | null): void {
    if (key !== null) {
      const replaced = this.byKey.get(key);
      if (replaced) this.unlink(replaced);
    }
    const waiting: Waiting<T> = { message, bytes, writtenAt, key, previous: this.tail, next: null };
    if (this.tail) this.tail.next = waiting;
    else this.head = waiting;
    this.tail = waiting;
    this.bytes += bytes;
    if (key !== null) this.byKey.set(key, waiting);
  }

  /** The oldest message, taken out; null when none waits. */
  shift(): Pick<Waiting<T>, 'message' | 'writtenAt'> | null {
    const first = this.head;
    if (first) this.unlink(first);
    return first;
  }

  get empty(): boolean {
    return this.head === null;
  }

  private unlink(waiting: Waiting<T>): void {
    if (waiting.previous) waiting.previous.next = waiting.next;
    else this.head = waiting.next;
    if (waiting.next) waiting.next.previous = waiting.previous;
    else this.tail = waiting.previous;
    this.bytes -= waiting.bytes;
    if (waiting.key !== null && this.byKey.get(waiting.key) === waiting) this.byKey.delete(waiting.key);
  }
}

/**
 * The key under which a pushed result may be replaced by a newer one (`scope` names the
 * operation), or null when it must reach the client: only results of events that carry no
 * change of state (progress, a queue that moved) are replaceable.
 */
export function replacementKey(scope: string, source: unknown): string | null {
  const event = source as Partial<ChangeEvent<{ id?: unknown }>> | undefined;
  if (event?.collapsible !== true || typeof event.data?.id !== 'string') return null;
  return `${scope}\n${event.data.id}`;
}

/** When the change a pushed result carries was written (ms), or null for a result that carries none (a first snapshot). */
export function writtenAtOf(source: unknown): number | null {
  const at = (source as Partial<ChangeEvent> | undefined)?.at;
  return typeof at === 'number' ? at : null;
}
