import { hash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { RedisClient } from '../store/redis';
import { RateLimited, Unauthorized } from '../domain/errors';
import type { Caller } from '../domain/shared/caller';
import type { EventBus } from '../events/event-bus';
import type { KeySpace } from '../store/keys';
import { LocalRateLimiter } from './rate-limiter';

export interface ApiKeyRecord {
  id: string;
  partners: string[];
  label?: string;
  createdAt: string;
}

const REVOKED_TOPIC = 'apikeys:revoked';
/** What a revocation announces: the key's id, never the key or its hash. */
interface RevokedMessage {
  keyId: string;
}
const CREATED_TOPIC = 'apikeys:created';
/** How long a key that Redis does not know is answered from memory. */
const UNKNOWN_KEY_TTL_MS = 5_000;

// The one-shot hash: a quarter of createHash's cost, paid on every authenticated request.
const hashKey = (key: string) => hash('sha256', key, 'hex');

/**
 * API keys are stored only as SHA-256 hashes, so a Redis dump gives nobody a working key.
 * Looked-up keys are cached in process, unknown ones for a few seconds so that a flood of
 * wrong keys costs Redis one lookup per key and process. Every creation and revocation is
 * broadcast, and every process then drops its cached answers: a key revoked anywhere stops
 * working, and a key created anywhere (the CLI) works, as soon as the broadcast arrives
 * (normally within a millisecond; a request that overtakes it gets the cached answer). A
 * revocation names the key's id, so that each process can also end what the key holds open
 * there (its live connections and subscriptions: `onRevoked`).
 */
export class ApiKeyService {
  private readonly cache = new Map<string, Caller>();
  private readonly unknownUntil = new Map<string, number>();
  private readonly hashesKey: string;
  private readonly revokedIdsKey: string;
  private readonly invalidKeys: LocalRateLimiter;
  private readonly revokedListeners = new Set<(keyId: string) => void>();

  constructor(
    private readonly redis: RedisClient,
    private readonly keys: KeySpace,
    private readonly adminKey?: string,
    invalidKeyLimitPerMinute = 60,
  ) {
    this.hashesKey = keys.key('apikeys');
    this.revokedIdsKey = keys.key('apikeys-revoked');
    this.invalidKeys = new LocalRateLimiter(invalidKeyLimitPerMinute);
  }

  /** Drops cached answers whenever any process creates or revokes a key; call once per process. */
  async watchChanges(events: EventBus): Promise<void> {
    const forget = () => {
      this.cache.clear();
      this.unknownUntil.clear();
    };
    const revoked = (message: unknown) => {
      const { keyId } = message as Partial<RevokedMessage>;
      if (typeof keyId === 'string') this.revokedHere(keyId);
      else forget();
    };
    await Promise.all([events.listen(REVOKED_TOPIC, revoked), events.listen(CREATED_TOPIC, forget)]);
  }

  /**
   * Pub/sub drops what is published while a subscriber reconnects, so a revocation can miss a
   * process. Every `everyMs`, the ids of the keys this process holds (its cached callers, and
   * `holding`: what live connections and subscriptions it keeps open) are looked up in the set
   * of revoked ids, one command; one found there is handled as if its broadcast had arrived.
   * The returned function stops it.
   */
  recheckEvery(everyMs: number, holding: () => Iterable<string>): () => void {
    const timer = setInterval(() => {
      this.recheck(holding()).catch(() => undefined);
    }, everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  private async recheck(holding: Iterable<string>): Promise<void> {
    const ids = new Set(holding);
    for (const caller of this.cache.values()) if (!caller.admin) ids.add(caller.keyId);
    ids.delete('admin');
    if (ids.size === 0) return;
    const asked = [...ids];
    const found = await this.redis.smismember(this.revokedIdsKey, ...asked);
    asked.forEach((keyId, index) => {
      if (found[index] === 1) this.revokedHere(keyId);
    });
  }

  /** What every process does when a key is revoked: drop the cached answers, then tell who holds something of the key. */
  private revokedHere(keyId: string): void {
    this.cache.clear();
    this.unknownUntil.clear();
    for (const listener of this.revokedListeners) listener(keyId);
  }

  /**
   * Calls `listener` with the id of every key revoked from now on, by any process, once this
   * process has dropped its cached answer for it; the returned function stops it.
   */
  onRevoked(listener: (keyId: string) => void): () => void {
    this.revokedListeners.add(listener);
    return () => this.revokedListeners.delete(listener);
  }

  async create(partners: string[], label?: string): Promise<{ key: string; record: ApiKeyRecord }> {
    const key = `pk_${randomBytes(24).toString('base64url')}`;
    return { key, record: await this.add(key, partners, label) };
  }

  /** Stores a key made elsewhere (one a partner already holds from the legacy service). */
  async add(key: string, partners: string[], label?: string): Promise<ApiKeyRecord> {
    const record: ApiKeyRecord = { id: randomUUID(), partners: [...new Set(partners)], label, createdAt: new Date().toISOString() };
    await this.redis.hset(this.hashesKey, hashKey(key), JSON.stringify(record));
    await this.redis.publish(this.keys.channel(CREATED_TOPIC), JSON.stringify({ created: true }));
    return record;
  }

  async list(): Promise<ApiKeyRecord[]> {
    const all = await this.redis.hvals(this.hashesKey);
    return all.map((raw) => JSON.parse(raw) as ApiKeyRecord).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  /** Revokes by the key itself or by its id (as `list` shows it). */
  async revoke(keyOrId: string): Promise<boolean> {
    let field: string | undefined = hashKey(keyOrId);
    let raw = await this.redis.hget(this.hashesKey, field);
    if (raw === null) {
      const entries = await this.redis.hgetall(this.hashesKey);
      [field, raw] = Object.entries(entries).find(([, each]) => (JSON.parse(each) as ApiKeyRecord).id === keyOrId) ?? [undefined, null];
    }
    if (!field || raw === null) return false;
    // Only the process that deletes the field announces it: a revocation is announced once.
    if ((await this.redis.hdel(this.hashesKey, field)) === 0) return false;
    const message: RevokedMessage = { keyId: (JSON.parse(raw) as ApiKeyRecord).id };
    // Kept for good (a key id is never used again): what a process that missed the broadcast finds (recheckEvery).
    await this.redis.sadd(this.revokedIdsKey, message.keyId);
    await this.redis.publish(this.keys.channel(REVOKED_TOPIC), JSON.stringify(message));
    return true;
  }

  /**
   * The caller a presented key belongs to. A client address that keeps presenting invalid
   * keys is refused with RateLimited, and from then on its unknown keys are not looked up;
   * keys this process already knows still work from that address.
   */
  async admit(key: string | undefined, address: string): Promise<Caller> {
    // A missing key costs no lookup, so it does not count against the address.
    if (!key) throw new Unauthorized();
    const blocked = this.invalidKeys.peek(address);
    if (!blocked.allowed) {
      const known = this.known(key);
      if (known) return known;
      throw new RateLimited(blocked.retryAfterSeconds);
    }
    const caller = await this.verify(key);
    if (caller) return caller;
    this.countInvalid(address);
    throw new Unauthorized();
  }

  /** RateLimited when the address is refused for presenting invalid credentials. */
  refuseIfBlocked(address: string): void {
    const blocked = this.invalidKeys.peek(address);
    if (!blocked.allowed) throw new RateLimited(blocked.retryAfterSeconds);
  }

  /** Counts an invalid credential other than a key (a playback token that opened nothing) against the address; RateLimited past its limit. */
  countInvalid(address: string): void {
    const decision = this.invalidKeys.hit(address);
    if (!decision.allowed) throw new RateLimited(decision.retryAfterSeconds);
  }

  async verify(key: string | undefined): Promise<Caller | null> {
    if (!key || key.length > 200) return null;
    const known = this.known(key);
    if (known !== undefined) return known;
    const field = hashKey(key);
    const raw = await this.redis.hget(this.hashesKey, field);
    const caller = raw ? toCaller(JSON.parse(raw) as ApiKeyRecord) : null;
    if (this.cache.size > 10_000) this.cache.clear();
    if (this.unknownUntil.size > 10_000) this.unknownUntil.clear();
    if (caller) this.cache.set(field, caller);
    else this.unknownUntil.set(field, Date.now() + UNKNOWN_KEY_TTL_MS);
    return caller;
  }

  /** The answer this process holds for a key: a caller, null while it is known to be unknown, undefined if it must ask Redis. */
  private known(key: string): Caller | null | undefined {
    if (this.adminKey && safeEqual(key, this.adminKey)) return { keyId: 'admin', partners: new Set(), admin: true };
    const field = hashKey(key);
    const cached = this.cache.get(field);
    if (cached) return cached;
    const until = this.unknownUntil.get(field);
    if (until === undefined) return undefined;
    if (until > Date.now()) return null;
    this.unknownUntil.delete(field);
    return undefined;
  }
}

function toCaller(record: ApiKeyRecord): Caller {
  return { keyId: record.id, partners: new Set(record.partners), admin: false };
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
