import { ApiKeyService } from './auth/api-keys';
import { RateLimiter } from './auth/rate-limiter';
import type { Config } from './config/config';
import { EventBus } from './events/event-bus';
import { createLogger, type Logger } from './logger';
import { trackEventSubscribers, trackQueues } from './observability/metrics';
import { QueueRegistry } from './queues/queue-registry';
import { BlobStore } from './store/blob-store';
import { KeySpace } from './store/keys';
import { RecordStore } from './store/record-store';
import { connectRedis, type RedisConnections } from './store/redis';

/** The shared machinery every service stands on; one per process. */
export interface Platform {
  config: Config;
  logger: Logger;
  keys: KeySpace;
  redis: RedisConnections;
  records: RecordStore;
  events: EventBus;
  apiKeys: ApiKeyService;
  rateLimiter: RateLimiter;
  blobs: BlobStore;
  queues: QueueRegistry;
  close(): Promise<void>;
}

export async function createPlatform(config: Config): Promise<Platform> {
  const logger = createLogger(config);
  const redis = connectRedis(config, logger);
  const keys = new KeySpace(config.REDIS_PREFIX);
  const events = new EventBus(redis.subscriber, keys);
  const apiKeys = new ApiKeyService(redis.commands, keys, config.ADMIN_API_KEY, config.INVALID_KEY_LIMIT_PER_MINUTE);
  await apiKeys.watchChanges(events);
  const blobs = new BlobStore(config.DATA_DIR);
  await blobs.init();
  const queues = new QueueRegistry(redis.bullmq, config.REDIS_PREFIX);
  const untrack = [trackEventSubscribers(() => events.subscriberCount), trackQueues(() => queues.jobCounts())];
  return {
    config,
    logger,
    keys,
    redis,
    records: new RecordStore(redis.commands, keys),
    events,
    apiKeys,
    rateLimiter: new RateLimiter(redis.commands, keys, config.RATE_LIMIT_PER_MINUTE, config.RATE_LIMIT_BATCH),
    blobs,
    queues,
    async close() {
      for (const stop of untrack) stop();
      await queues.close();
      await redis.close();
    },
  };
}
