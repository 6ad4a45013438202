import type { ChangeEvent } from '../store/record-store';
import type { Listener } from './topic-listeners';

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

export function isRefresh(event: ChangeEvent): boolean {
  return (event as Partial<RefreshEvent>).refresh === true;
}

/** A queue's moves are passed on at most this often, the newest state each time (as progress is throttled). */
const QUEUE_REFRESH_MS = 250;

/** What a stream needs of the bus to follow the queues its resources wait in. */
export interface QueueFollower {
  refresh(queue: string, shared: Map<string, RefreshEvent>): void;
}

/**
 * The live streams following the queues their resources wait in, by the queue's topic. The
 * first follower of a queue listens to its moves, passed on to every follower at most every
 * QUEUE_REFRESH_MS (the newest state each time); the last one to leave stops listening.
 */
export class QueueFollowers {
  /** By queue topic: the streams following it, and the pending throttled refresh. */
  private readonly queues = new Map<string, { followers: Set<QueueFollower>; unlisten: Promise<() => void>; timer: NodeJS.Timeout | null }>();

  constructor(private readonly listen: (topic: string, listener: Listener) => Promise<() => void>) {}

  /** Starts passing a queue's moves (on `queue`, its topic) to `follower`, throttled; the first follower of a queue subscribes to them. */
  follow(queue: string, follower: QueueFollower): void {
    let entry = this.queues.get(queue);
    if (!entry) {
      const created = { followers: new Set<QueueFollower>(), unlisten: Promise.resolve((): void => undefined), timer: null as NodeJS.Timeout | null };
      created.unlisten = this.listen(queue, () => {
        created.timer ??= setTimeout(() => {
          created.timer = null;
          const shared = new Map<string, RefreshEvent>();
          for (const follower of created.followers) follower.refresh(queue, shared);
        }, QUEUE_REFRESH_MS);
      }).catch(() => (): void => undefined);
      this.queues.set(queue, created);
      entry = created;
    }
    entry.followers.add(follower);
  }

  unfollow(queue: string, follower: QueueFollower): void {
    const entry = this.queues.get(queue);
    if (!entry?.followers.delete(follower) || entry.followers.size > 0) return;
    this.queues.delete(queue);
    if (entry.timer) clearTimeout(entry.timer);
    void entry.unlisten.then((unlisten) => unlisten());
  }
}
