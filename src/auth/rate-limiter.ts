import type { Redis } from 'ioredis';
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
    redis: Redis,
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
