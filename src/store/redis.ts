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

/** Where the connections report an outage: pino's logger fits. */
export interface OutageLog {
  warn(message: string): void;
  info(message: string): void;
}

/**
 * ioredis reports every failed reconnect as an 'error' event, and without a listener Node
 * prints each one with a stack. One line when a connection is lost, one when it is back:
 * commands still reject meanwhile, and readiness reports the outage.
 */
function reportOutages(client: Redis, name: string, log?: OutageLog): void {
  let down = false;
  client.on('error', (error: { code?: string; message?: string }) => {
    if (down) return;
    down = true;
    log?.warn(`Redis ${name} connection lost (${error.code ?? error.message}); reconnecting`);
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log?.info(`Redis ${name} connection is back`);
  });
}

export function connectRedis(config: Pick<Config, 'REDIS_URL'>, log?: OutageLog): RedisConnections {
  const commands = new Redis(config.REDIS_URL, {
    lazyConnect: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: COMMAND_TIMEOUT_MS,
    // Queued commands are dropped after one failed reconnect rather than twenty.
    maxRetriesPerRequest: 1,
  });
  const subscriber = new Redis(config.REDIS_URL, { connectTimeout: COMMAND_TIMEOUT_MS });
  reportOutages(commands, 'command', log);
  reportOutages(subscriber, 'subscriber', log);
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
