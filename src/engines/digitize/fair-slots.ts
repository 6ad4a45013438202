interface Waiter {
  grant(): void;
}

/**
 * A fixed number of slots shared by lanes (partners). A slot that frees goes to the waiting
 * lane served longest ago (one never served first), and within a lane to the longest waiting:
 * a partner who sends a hundred documents makes another partner's one wait for one of them at
 * most, not for all.
 */
export class FairSlots {
  private free: number;
  private readonly waiting = new Map<string, Waiter[]>();
  /** When each lane was last given a slot, by a count of grants; forgotten whenever nobody waits. */
  private readonly served = new Map<string, number>();
  private grants = 0;

  constructor(size: number) {
    this.free = size;
  }

  /** Resolves with the function that frees the slot; rejects when `signal` aborts first. */
  acquire(lane: string, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(new Error('aborted'));
    if (this.free > 0) {
      this.free -= 1;
      return Promise.resolve(this.grant(lane));
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(this.grant(lane));
        },
      };
      const onAbort = (): void => {
        this.withdraw(lane, waiter);
        reject(new Error('aborted'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const queue = this.waiting.get(lane);
      if (queue) queue.push(waiter);
      else this.waiting.set(lane, [waiter]);
    });
  }

  private grant(lane: string): () => void {
    this.served.set(lane, ++this.grants);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.handOn();
    };
  }

  private handOn(): void {
    let next: string | undefined;
    for (const lane of this.waiting.keys()) {
      if (next === undefined || (this.served.get(lane) ?? 0) < (this.served.get(next) ?? 0)) next = lane;
    }
    if (next === undefined) {
      this.free += 1;
      this.served.clear();
      return;
    }
    const queue = this.waiting.get(next)!;
    const waiter = queue.shift()!;
    if (queue.length === 0) this.waiting.delete(next);
    waiter.grant();
  }

  private withdraw(lane: string, waiter: Waiter): void {
    const queue = this.waiting.get(lane);
    const at = queue?.indexOf(waiter) ?? -1;
    if (!queue || at < 0) return;
    queue.splice(at, 1);
    if (queue.length === 0) this.waiting.delete(lane);
  }
}
