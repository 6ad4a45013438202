import path from 'node:path';
import { ApiKeyService } from './auth/api-keys';
import { CallerGate } from './auth/caller-gate';
import { RateLimiter } from './auth/rate-limiter';
import type { Config } from './config/config';
import { ENGINE_CALL_NAMES } from './config/engines';
import { redisConnectionOf } from './config/redis-connection';
import { EventBus } from './events/event-bus';
import { createLogger, type Logger } from './logger';
import { onEngineCall, trackEventSubscribers, trackQueues } from './observability/metrics';
import { traceFields, tracingOn } from './observability/tracing';
import { FairScheduler } from './queues/fair-scheduler';
import { QueueRegistry } from './queues/queue-registry';
import { LocalBlobStore, type BlobStore } from './store/blob-store';
import { ChunkIndex, type ChunkIndexLocation } from './store/chunk-index';
import { EngineCallLog } from './store/engine-calls';
import { KeySpace } from './store/keys';
import { queueTopic } from './queues/fair-scheduler';
import { RecordStore } from './store/record-store';
import { settlesWithin } from './store/deadline';
import { connectRedis, type RedisConnections } from './store/redis';
import type { S3Settings } from './store/s3-blob-store';
import { ScratchSpace } from './store/scratch-space';

/** The shared machinery every service stands on; one per process. */
export interface Platform {
  logger: Logger;
  keys: KeySpace;
  redis: RedisConnections;
  records: RecordStore;
  events: EventBus;
  apiKeys: ApiKeyService;
  rateLimiter: RateLimiter;
  /** Admits callers: API keys within their rate limits. */
  callers: CallerGate;
  blobs: BlobStore;
  /** The knowledge bases' retrieval index, beside the blobs (DATA_DIR or the same bucket). */
  chunkIndex: ChunkIndex;
  queues: QueueRegistry;
  /** How each engine's last call ended, across the deployment. */
  engineCalls: EngineCallLog;
  close(): Promise<void>;
}

/** How long closing may wait for Redis to answer before the connections are cut. */
const CLOSE_CONNECTIONS_MS = 3_000;

export async function createPlatform(config: Config): Promise<Platform> {
  // Started before the platform when asked for (app.ts): then every line names the trace under way.
  const logger = createLogger(config.LOG_LEVEL, undefined, tracingOn() ? () => traceFields() : undefined);
  const redis = connectRedis(redisConnectionOf(config), logger);
  const keys = new KeySpace(config.REDIS_PREFIX);
  const events = new EventBus(redis.subscriber, keys);
  const apiKeys = new ApiKeyService(redis.commands, keys, config.ADMIN_API_KEY, config.INVALID_KEY_LIMIT_PER_MINUTE);
  await apiKeys.watchChanges(events);
  const rateLimiter = new RateLimiter(redis.commands, keys, config.RATE_LIMIT_PER_MINUTE, config.RATE_LIMIT_BATCH);
  const blobs = await createBlobStore(config);
  await blobs.init();
  const chunkIndex = new ChunkIndex({ location: chunkIndexLocation(config), cacheBytes: config.RETRIEVAL_CACHE_MB * 1024 * 1024 });
  const scheduler = new FairScheduler(
    { enabled: config.FAIR_SCHEDULING === 'on', maxRunningPerLane: config.PARTNER_MAX_RUNNING ?? null, weights: config.PARTNER_WEIGHTS ?? new Map() },
    (queue) => keys.channel(queueTopic(queue)),
  );
  const queues = new QueueRegistry(redis.bullmq, config.REDIS_PREFIX, scheduler);
  const engineCalls = new EngineCallLog(redis.commands, keys);
  const untrack = [
    trackEventSubscribers(() => events.subscriberCount),
    trackQueues(() => queues.jobCounts()),
    // Only the listed engines' outcomes are read: ffmpeg's, downloads' and webhooks' would be writes for no one.
    onEngineCall((engine, error) => {
      if (ENGINE_CALL_NAMES.has(engine)) engineCalls.note(engine, error);
    }),
  ];
  return {
    logger,
    keys,
    redis,
    records: new RecordStore(redis.commands, keys),
    events,
    apiKeys,
    rateLimiter,
    callers: new CallerGate(apiKeys, rateLimiter),
    blobs,
    chunkIndex,
    queues,
    engineCalls,
    async close() {
      for (const stop of untrack) stop();
      // Politely if Redis answers; while it is down a polite close never ends, so past a few
      // seconds the connections are cut instead.
      if (
        !(await settlesWithin(
          queues.close().then(() => redis.close()),
          CLOSE_CONNECTIONS_MS,
        ))
      ) {
        logger.warn('Redis did not answer while closing; connections cut');
        // BullMQ cuts a queue's connection at once but then waits for ioredis' 'end' event,
        // which a connection between two reconnect attempts never emits: the cut is enough.
        await settlesWithin(queues.disconnect(), 500);
        redis.disconnect();
      }
      await blobs.close();
      await chunkIndex.close();
    },
  };
}

function chunkIndexLocation(config: Config): ChunkIndexLocation {
  return config.BLOB_STORE === 'local'
    ? { kind: 'local', directory: path.join(config.DATA_DIR, 'retrieval-index') }
    : { kind: 's3', settings: s3Settings(config) };
}

function s3Settings(config: Config): S3Settings {
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  return {
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    // The configuration refuses BLOB_STORE=s3 without a bucket.
    bucket: config.S3_BUCKET!,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX,
  };
}

async function createBlobStore(config: Config): Promise<BlobStore> {
  const scratch = new ScratchSpace(config.DATA_DIR);
  if (config.BLOB_STORE === 'local') return new LocalBlobStore(scratch, config.DATA_DIR);
  // Loaded only when used: the AWS SDK takes a while to import, and most deployments start without it.
  const { S3BlobStore } = await import('./store/s3-blob-store');
  return new S3BlobStore(scratch, s3Settings(config));
}
