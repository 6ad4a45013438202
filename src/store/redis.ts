import { Redis, type RedisOptions } from 'ioredis';
import type { Config } from '../config/config';

/**
 * The separate connections the design asks for: a subscriber connection is stuck in
 * subscribe mode, and BullMQ's blocking commands must never share a socket with
 * request traffic.
 */
export interface RedisConnections {
  commands: Redis;
  subscriber: Redis;
  /** Options for BullMQ, which opens its own blocking connections from them. */
  bullmq: RedisOptions;
  close(): Promise<void>;
}

/**
 * Request traffic fails fast while Redis is away: a command waits at most this long (queued
 * while reconnecting, or unanswered on a dead socket) so that a request can answer 503
 * within about two seconds instead of hanging.
 */
const COMMAND_TIMEOUT_MS = 1_500;

export function connectRedis(config: Pick<Config, 'REDIS_URL'>): RedisConnections {
  const commands = new Redis(config.REDIS_URL, {
    lazyConnect: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: COMMAND_TIMEOUT_MS,
    // Queued commands are dropped after one failed reconnect rather than twenty.
    maxRetriesPerRequest: 1,
  });
  const subscriber = new Redis(config.REDIS_URL, { connectTimeout: COMMAND_TIMEOUT_MS });
  // ioredis reports each failed reconnect as an 'error' event; without a listener Node would
  // print them all. Commands still reject, and readiness reports the outage.
  commands.on('error', () => undefined);
  subscriber.on('error', () => undefined);
  const url = new URL(config.REDIS_URL);
  const bullmq: RedisOptions = {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
  return {
    commands,
    subscriber,
    bullmq,
    async close() {
      await Promise.allSettled([commands.quit(), subscriber.quit()]);
    },
  };
}

// The messages ioredis rejects commands with when it has no usable connection.
const UNAVAILABLE_MESSAGES = new Set([
  'Command timed out',
  "Stream isn't writeable and enableOfflineQueue options is false",
  'Connection is closed.',
]);

/** Whether an error is ioredis failing to reach Redis (the doors answer it with 503). */
export function isRedisUnavailable(error: unknown): boolean {
  const candidate = error as { name?: string; message?: string; originalError?: unknown } | null;
  if (!candidate || typeof candidate !== 'object') return false;
  if (candidate.originalError) return isRedisUnavailable(candidate.originalError);
  if (candidate.name === 'MaxRetriesPerRequestError') return true;
  return candidate.message !== undefined && UNAVAILABLE_MESSAGES.has(candidate.message);
}
