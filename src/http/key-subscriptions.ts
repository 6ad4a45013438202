import { TooManySubscriptions, Unauthorized } from '../domain/errors';

/** What holds one of a key's places until it ends: a GraphQL subscription (graphql-ws, SSE) or a REST output stream. */
export interface KeySubscription {
  /**
   * Ends it from the server's side (its key was revoked): its client hears `error` as its last
   * word, and its holder is told.
   */
  endWith(error: Error): void;
  /** Tells `holder` once when it ends, however it ends. */
  heldBy(holder: SubscriptionHolder, keyId: string): void;
}

/** What keeps count of a key's subscriptions (KeySubscriptions). */
export interface SubscriptionHolder {
  released(keyId: string, held: KeySubscription): void;
}

/** Revoked key ids remembered, to refuse what a revoked key was still starting when the news came. */
const REMEMBERED_REVOCATIONS = 10_000;

/**
 * The subscriptions each API key holds in this process: GraphQL's over graphql-ws and SSE, and
 * the REST output streams (`GET /v2/.../stream`), counted together against one cap.
 *
 * Counted per process, not across processes: the cap protects what a subscription costs, the
 * memory and the fan-out of the process that holds it. A count across processes would cost a
 * Redis write when each subscription starts and ends, and leases to forget the subscriptions
 * of a process that died; with P API processes a key may hold up to P times the cap.
 *
 * When a key is revoked (by any process: ApiKeyService's broadcast), each of its subscriptions
 * here ends with the error `Invalid API key`. A subscription that was starting when the news
 * came is ended as soon as it is in place, and a revoked key starts no new one here.
 */
export class KeySubscriptions implements SubscriptionHolder {
  /** By key id: its places taken (starting or held) and the subscriptions holding them. */
  private readonly byKey = new Map<string, { taken: number; held: Set<KeySubscription> }>();
  private readonly revoked = new Set<string>();

  constructor(private readonly perKey: number) {}

  /** Takes one of the key's places for a subscription about to start; `settle` gives it to the subscription or back. */
  reserve(keyId: string): void {
    if (this.revoked.has(keyId)) throw new Unauthorized();
    let entry = this.byKey.get(keyId);
    if (!entry) {
      entry = { taken: 0, held: new Set() };
      this.byKey.set(keyId, entry);
    }
    if (entry.taken >= this.perKey) {
      throw new TooManySubscriptions(
        `Subscription limit reached: an API key holds at most ${this.perKey} subscriptions and output streams at once on one server (LIVE_MAX_SUBSCRIPTIONS_PER_KEY)`,
      );
    }
    entry.taken++;
  }

  /** The reserved place: held by `started` until it ends, or given back (null: the subscription did not start). */
  settle(keyId: string, started: KeySubscription | null): void {
    const entry = this.byKey.get(keyId);
    if (!entry) return;
    if (!started) return this.giveBack(keyId, entry);
    entry.held.add(started);
    started.heldBy(this, keyId);
    if (this.revoked.has(keyId)) started.endWith(new Unauthorized());
  }

  released(keyId: string, held: KeySubscription): void {
    const entry = this.byKey.get(keyId);
    if (entry?.held.delete(held)) this.giveBack(keyId, entry);
  }

  /** Ends every subscription of the key here, each with `Invalid API key`, and refuses it from now on. */
  revoke(keyId: string): void {
    if (this.revoked.size >= REMEMBERED_REVOCATIONS) this.revoked.delete(this.revoked.values().next().value!);
    this.revoked.add(keyId);
    for (const held of [...(this.byKey.get(keyId)?.held ?? [])]) held.endWith(new Unauthorized());
  }

  /** The keys that hold (or are starting) a subscription here. */
  keyIds(): Iterable<string> {
    return this.byKey.keys();
  }

  isRevoked(keyId: string): boolean {
    return this.revoked.has(keyId);
  }

  private giveBack(keyId: string, entry: { taken: number; held: Set<KeySubscription> }): void {
    entry.taken--;
    if (entry.taken === 0) this.byKey.delete(keyId);
  }
}
