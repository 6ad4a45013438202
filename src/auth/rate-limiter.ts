import { isRedisFull, type RedisClient } from '../store/redis';
import type { KeySpace } from '../store/keys';

export interface RateDecision {
  allowed: boolean;
  /** Whole seconds until the window resets; what Retry-After and the /v2 message say. */
  retryAfterSeconds: number;
}

// A fixed one-minute window per key, counted in Redis so the limit holds across every API
// process. One script, one round trip: reserve a batch, set the expiry on first use.
const RESERVE = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
if count == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

type Reserve = (key: string, windowMs: number, units: number) => Promise<number>;

const WINDOW_MS = 60_000;
/** A key that spends a reservation this fast is busy: its next reservation asks for more. */
const BUSY_SPEND_MS = 100;
/** The most a busy key's reservations grow to, as a share of its limit. */
const BUSY_SHARE_OF_LIMIT = 0.01;
/** How long requests are counted in this process alone after Redis refused a count for want of memory. */
const FULL_REDIS_PAUSE_MS = 1_000;

interface Reservation {
  window: number;
  /** Units this process reserved in Redis and has not used yet. */
  left: number;
  /** Redis counted the whole limit for this window: nothing more is to be had until it ends. */
  exhausted: boolean;
  pending: Promise<void> | null;
  /** Requests that found no unit left and wait for the next reservation. */
  waiting: number;
  /** The fewest units the next reservation asks for. */
  ask: number;
  /** When the last reservation landed (0: none yet in this window). */
  grantedAt: number;
}

/**
 * Counts each subject's requests in a fixed one-minute window across every API process. A
 * process reserves units in Redis and spends them in memory. Each reservation asks for as
 * many units as requests are waiting for one at that moment, and at least `ask`: `batch`
 * for a quiet key, doubling each time a key spends a reservation within BUSY_SPEND_MS, up to
 * 1% of its limit (or `batch`, when larger). So a busy key's concurrent requests share one
 * round trip instead of queueing one round trip each behind another, and a key that keeps a
 * process busy costs Redis a round trip per 1% of its limit, not per wave of requests.
 * The limit is never exceeded: Redis only grants units under it. The tolerance runs the
 * other way: units one process reserved beyond the requests waiting are not available to the
 * others, so with P processes a key may be refused up to P × (max(batch, 1% of the limit) − 1)
 * requests before its limit (with the defaults, a limit of 600 and one process: 5; a limit
 * under 200 and a batch of 1: none). While Redis is away, reserved units still admit requests.
 * A Redis that is full (`maxmemory` under `noeviction`) still serves reads but refuses the
 * count: the key's requests are then counted in this process (each process counting its own
 * share of the limit) and Redis is asked again a second later, so a full Redis never turns a
 * read into a 503.
 */
export class RateLimiter {
  private readonly reserve: Reserve;
  private readonly batch: number;
  private readonly busyAsk: number;
  private readonly reservations = new Map<string, Reservation>();
  private readonly whileFull: LocalRateLimiter;
  /** Until when requests are counted in this process only: Redis refused a count for want of memory. */
  private fullUntil = 0;

  constructor(
    redis: RedisClient,
    private readonly keys: KeySpace,
    private readonly perMinute: number,
    batch = 1,
    private readonly maxSubjects = 10_000,
  ) {
    if (!('rateLimitReserve' in redis)) redis.defineCommand('rateLimitReserve', { numberOfKeys: 1, lua: RESERVE });
    this.reserve = (redis as unknown as { rateLimitReserve: Reserve }).rateLimitReserve.bind(redis);
    this.batch = Math.max(1, Math.min(batch, perMinute));
    this.busyAsk = Math.max(this.batch, Math.floor(perMinute * BUSY_SHARE_OF_LIMIT));
    this.whileFull = new LocalRateLimiter(perMinute, maxSubjects);
  }

  async hit(subject: string): Promise<RateDecision> {
    if (Date.now() < this.fullUntil) return this.whileFull.hit(subject);
    try {
      return await this.hitShared(subject);
    } catch (error) {
      if (!isRedisFull(error)) throw error;
      this.fullUntil = Date.now() + FULL_REDIS_PAUSE_MS;
      return this.whileFull.hit(subject);
    }
  }

  private async hitShared(subject: string): Promise<RateDecision> {
    for (;;) {
      const now = Date.now();
      const window = Math.floor(now / WINDOW_MS);
      let reservation = this.reservations.get(subject);
      if (!reservation || reservation.window !== window) {
        if (!reservation && this.reservations.size >= this.maxSubjects) this.reservations.clear();
        reservation = { window, left: 0, exhausted: false, pending: null, waiting: 0, ask: this.batch, grantedAt: 0 };
        this.reservations.set(subject, reservation);
      }
      const retryAfterSeconds = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000));
      if (reservation.left > 0) {
        reservation.left--;
        return { allowed: true, retryAfterSeconds };
      }
      if (reservation.exhausted) return { allowed: false, retryAfterSeconds };
      // Requests that arrive while a reservation is on its way wait for it, then for the next
      // one, which asks for all of them at once; the first to find none left sends it.
      reservation.waiting++;
      const pending = reservation.pending;
      try {
        if (pending) await pending;
        else await (reservation.pending = this.reserveFor(subject, reservation));
      } finally {
        reservation.waiting--;
      }
    }
  }

  private async reserveFor(subject: string, reservation: Reservation): Promise<void> {
    // Everyone waiting now, whoever sent it: they retry together when it lands.
    await Promise.resolve();
    const busy = reservation.grantedAt > 0 && Date.now() - reservation.grantedAt <= BUSY_SPEND_MS;
    reservation.ask = busy ? Math.min(this.busyAsk, reservation.ask * 2) : this.batch;
    const units = Math.min(this.perMinute, Math.max(reservation.ask, reservation.waiting));
    try {
      const count = await this.reserve(this.keys.key('ratelimit', subject, String(reservation.window)), WINDOW_MS, units);
      reservation.left += Math.max(0, Math.min(units, this.perMinute - (count - units)));
      reservation.exhausted = count >= this.perMinute;
      reservation.grantedAt = Date.now();
    } finally {
      reservation.pending = null;
    }
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
