import type { RedisClient } from '../store/redis';
import type { KeySpace } from '../store/keys';

export interface RateDecision {
  allowed: boolean;
  /** Whole seconds until the window resets; what Retry-After and the /v2 message say. */
  retryAfterSeconds: number;
}

// A fixed one-minute window per key, counted in Redis so the limit holds across every
// API process. One script, one round trip: count, set the expiry on first use, report TTL.
const COUNT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

type Count = (key: string, windowMs: number) => Promise<[number, number]>;

export class RateLimiter {
  private readonly count: Count;

  constructor(
    redis: RedisClient,
    private readonly keys: KeySpace,
    private readonly perMinute: number,
  ) {
    if (!('rateLimitCount' in redis)) redis.defineCommand('rateLimitCount', { numberOfKeys: 1, lua: COUNT });
    this.count = (redis as unknown as { rateLimitCount: Count }).rateLimitCount.bind(redis);
  }

  async hit(subject: string): Promise<RateDecision> {
    const windowMs = 60_000;
    const window = Math.floor(Date.now() / windowMs);
    const [count, ttl] = await this.count(this.keys.key('ratelimit', subject, String(window)), windowMs);
    return {
      allowed: count <= this.perMinute,
      retryAfterSeconds: Math.max(1, Math.ceil((ttl > 0 ? ttl : windowMs) / 1000)),
    };
  }
}

/**
 * A one-minute window per subject counted in this process only: for traffic that must cost
 * no Redis round trip at all (a flood of invalid keys). With several API processes each
 * counts its own share.
 */
export class LocalRateLimiter {
  private readonly windows = new Map<string, { window: number; count: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly maxSubjects = 10_000,
  ) {}

  /** Counts one more for `subject`. */
  hit(subject: string): RateDecision {
    const now = Date.now();
    const window = Math.floor(now / 60_000);
    let entry = this.windows.get(subject);
    if (!entry || entry.window !== window) {
      if (!entry && this.windows.size >= this.maxSubjects) this.windows.clear();
      entry = { window, count: 0 };
      this.windows.set(subject, entry);
    }
    entry.count += 1;
    return this.decision(entry.count, now);
  }

  /** Whether `subject` is over its limit now, without counting. */
  peek(subject: string): RateDecision {
    const now = Date.now();
    const entry = this.windows.get(subject);
    const count = entry && entry.window === Math.floor(now / 60_000) ? entry.count : 0;
    return this.decision(count, now);
  }

  private decision(count: number, now: number): RateDecision {
    return { allowed: count <= this.perMinute, retryAfterSeconds: Math.max(1, Math.ceil((60_000 - (now % 60_000)) / 1000)) };
  }
}
