import { TooManySubscriptions, Unauthorized } from '../../domain/errors';
import type { SubscriptionHolder, SubscriptionResults } from './shared-execution';

/** Revoked key ids remembered, to refuse what a revoked key was still starting when the news came. */
const REMEMBERED_REVOCATIONS = 10_000;

/**
 * The subscriptions each API key holds in this process, over graphql-ws and SSE alike.
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
  private readonly byKey = new Map<string, { taken: number; held: Set<SubscriptionResults> }>();
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
        `Subscription limit reached: an API key holds at most ${this.perKey} subscriptions at once on one server (LIVE_MAX_SUBSCRIPTIONS_PER_KEY)`,
      );
    }
    entry.taken++;
  }

  /** The reserved place: held by `results` until they end, or given back (null: the subscription did not start). */
  settle(keyId: string, results: SubscriptionResults | null): void {
    const entry = this.byKey.get(keyId);
    if (!entry) return;
    if (!results) return this.giveBack(keyId, entry);
    entry.held.add(results);
    results.heldBy(this, keyId);
    if (this.revoked.has(keyId)) results.endWith(new Unauthorized());
  }

  released(keyId: string, results: SubscriptionResults): void {
    const entry = this.byKey.get(keyId);
    if (entry?.held.delete(results)) this.giveBack(keyId, entry);
  }

  /** Ends every subscription of the key here, each with `Invalid API key`, and refuses it from now on. */
  revoke(keyId: string): void {
    if (this.revoked.size >= REMEMBERED_REVOCATIONS) this.revoked.delete(this.revoked.values().next().value!);
    this.revoked.add(keyId);
    for (const results of [...(this.byKey.get(keyId)?.held ?? [])]) results.endWith(new Unauthorized());
  }

  /** The keys that hold (or are starting) a subscription here. */
  keyIds(): Iterable<string> {
    return this.byKey.keys();
  }

  isRevoked(keyId: string): boolean {
    return this.revoked.has(keyId);
  }

  private giveBack(keyId: string, entry: { taken: number; held: Set<SubscriptionResults> }): void {
    entry.taken--;
    if (entry.taken === 0) this.byKey.delete(keyId);
  }
}
