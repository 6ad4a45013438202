import type { RedisClient } from './redis';

/** How long a process trusts its own note that a slot is registered: it registers again after that. */
const REGISTERED_MS = 60_000;
/** How long a slot stays registered after its last registration; well above REGISTERED_MS, so a writer's note never outlives the entry. */
const KEPT_MS = 600_000;

/**
 * On a Redis Cluster, the slots in which keys kept per slot (the in-flight index, the outbox)
 * have had something lately: maintenance reads those, never all 16,384 slots nor every
 * record. A writer registers its slot (at most once a minute per slot and process); a slot
 * found empty leaves once nobody has registered it for ten minutes.
 */
export class SlotRegistry {
  private readonly registered = new Map<string, number>();

  constructor(
    private readonly redis: RedisClient,
    private readonly key: string,
  ) {}

  async register(member: string): Promise<void> {
    const now = Date.now();
    if ((this.registered.get(member) ?? 0) > now - REGISTERED_MS) return;
    await this.redis.zadd(this.key, now, member);
    this.registered.set(member, now);
  }

  members(): Promise<string[]> {
    return this.redis.zrange(this.key, 0, -1);
  }

  /** For a slot found empty: it leaves unless someone registered it in the last ten minutes. */
  async forgetEmpty(member: string): Promise<void> {
    await this.redis.eval(
      `local score = redis.call('ZSCORE', KEYS[1], ARGV[1]) if score and tonumber(score) < tonumber(ARGV[2]) then return redis.call('ZREM', KEYS[1], ARGV[1]) end return 0`,
      1,
      this.key,
      member,
      String(Date.now() - KEPT_MS),
    );
  }
}
