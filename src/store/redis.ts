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

export function connectRedis(config: Pick<Config, 'REDIS_URL'>): RedisConnections {
  const commands = new Redis(config.REDIS_URL, { lazyConnect: false });
  const subscriber = new Redis(config.REDIS_URL);
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
