import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { EventBus } from '../events/event-bus';
import type { KeySpace } from '../store/keys';

export interface ApiKeyRecord {
  id: string;
  partners: string[];
  label?: string;
  createdAt: string;
}

/** Who is calling: a stored key scoped to partners, or the admin key that reaches them all. */
export interface Caller {
  keyId: string;
  partners: ReadonlySet<string>;
  admin: boolean;
}

export function canAccessPartner(caller: Caller, partner: string): boolean {
  return caller.admin || caller.partners.has(partner);
}

const REVOKED_TOPIC = 'apikeys:revoked';

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * API keys are stored only as SHA-256 hashes, so a Redis dump gives nobody a working key.
 * Looked-up keys are cached in process; a revocation is broadcast so every process drops
 * its cached copy at once.
 */
export class ApiKeyService {
  private readonly cache = new Map<string, Caller | null>();
  private readonly hashesKey: string;

  constructor(
    private readonly redis: Redis,
    private readonly keys: KeySpace,
    private readonly adminKey?: string,
  ) {
    this.hashesKey = keys.key('apikeys');
  }

  /** Drops cached keys whenever any process revokes one; call once per process. */
  async watchRevocations(events: EventBus): Promise<void> {
    await events.listen(REVOKED_TOPIC, () => this.cache.clear());
  }

  async create(partners: string[], label?: string): Promise<{ key: string; record: ApiKeyRecord }> {
    const key = `pk_${randomBytes(24).toString('base64url')}`;
    const record: ApiKeyRecord = { id: randomUUID(), partners: [...new Set(partners)], label, createdAt: new Date().toISOString() };
    await this.redis.hset(this.hashesKey, hashKey(key), JSON.stringify(record));
    return { key, record };
  }

  async list(): Promise<ApiKeyRecord[]> {
    const all = await this.redis.hvals(this.hashesKey);
    return all.map((raw) => JSON.parse(raw) as ApiKeyRecord).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  /** Revokes by the key itself or by its id (as `list` shows it). */
  async revoke(keyOrId: string): Promise<boolean> {
    let field: string | undefined = hashKey(keyOrId);
    if (!(await this.redis.hexists(this.hashesKey, field))) {
      const entries = await this.redis.hgetall(this.hashesKey);
      field = Object.entries(entries).find(([, raw]) => (JSON.parse(raw) as ApiKeyRecord).id === keyOrId)?.[0];
    }
    if (!field) return false;
    await this.redis.hdel(this.hashesKey, field);
    await this.redis.publish(this.keys.channel(REVOKED_TOPIC), JSON.stringify({ revoked: true }));
    return true;
  }

  async verify(key: string | undefined): Promise<Caller | null> {
    if (!key || key.length > 200) return null;
    if (this.adminKey && safeEqual(key, this.adminKey)) {
      return { keyId: 'admin', partners: new Set(), admin: true };
    }
    const field = hashKey(key);
    const cached = this.cache.get(field);
    if (cached !== undefined) return cached;
    const raw = await this.redis.hget(this.hashesKey, field);
    const caller = raw ? toCaller(JSON.parse(raw) as ApiKeyRecord) : null;
    if (this.cache.size > 10_000) this.cache.clear();
    // Unknown keys are not cached: a key created a moment ago in another process must work.
    if (caller) this.cache.set(field, caller);
    return caller;
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
