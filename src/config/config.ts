import { BOOLEAN_WORDS, booleanWord } from './boolean-words';
import { z } from 'zod';
import { tracingVariables } from './tracing';

const booleanFromEnv = z
  .string()
  .refine((value) => booleanWord(value) !== undefined, `must be one of ${BOOLEAN_WORDS.join(', ')}`)
  .transform((value) => booleanWord(value)!);

const optionalUrl = z.url().optional();

/** Everything the process reads from its environment, checked once at start. */
export const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(4000),
    HOST: z.string().min(1).default('0.0.0.0'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .default('redis://127.0.0.1:6379'),
    /** Tried when REDIS_URL is unset, before an embedded redis-server is started instead. */
    REDIS_DEFAULT_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .default('redis://127.0.0.1:6379'),
    /**
     * Seed nodes of a Redis Cluster (`host:port,host:port,...`). When set, every connection is
     * a cluster connection and REDIS_URL is not used.
     */
    REDIS_CLUSTER_NODES: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((node) => node.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^[^\s:,]+:\d{1,5}$/, 'each entry must be host:port')).min(1, 'must name at least one host:port'))
      .optional(),
    /** Credentials and TLS of the cluster's nodes (a managed cluster usually asks for both). */
    REDIS_CLUSTER_USERNAME: z.string().min(1).optional(),
    REDIS_CLUSTER_PASSWORD: z.string().min(1).optional(),
    REDIS_CLUSTER_TLS: booleanFromEnv.default(false),
    /** When Redis does not answer at start: wait for it with backoff, or exit non-zero. */
    REDIS_UNREACHABLE_AT_START: z.enum(['wait', 'exit']).default('wait'),
    /**
     * Start against a Redis whose maxmemory-policy evicts keys (allkeys-*, volatile-*). Refused
     * by default: under memory pressure such a Redis drops records, index entries and queued
     * jobs without an error, where `noeviction` refuses writes and keeps everything.
     */
    REDIS_ALLOW_EVICTION: booleanFromEnv.default(false),
    REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, dot, dash and underscore only')
      .default('persona'),
    DATA_DIR: z.string().min(1).default('./data'),
    /** Where blobs live: `local` (DATA_DIR/blobs) or `s3` (an S3-compatible bucket; scratch files stay in DATA_DIR). */
    BLOB_STORE: z.enum(['local', 's3']).default('local'),
    /** Unset for AWS; the URL of another S3-compatible service (MinIO, R2, ...). */
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lowercase letters, digits, dots and dashes')
      .optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
    /** Start of every object key of ours, so one bucket can hold other things too. */
    S3_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_./-]*$/, 'letters, digits, dot, dash, underscore and slash only')
      .default('')
      .transform((prefix) => (prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix)),
    ADMIN_API_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
    /** A bearer token that may read /metrics, besides the admin key. */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
    /**
     * The fewest requests a process reserves from the shared Redis count at once (a reservation
     * takes as many as the key's requests waiting for one). Larger batches save round trips,
     * and with P processes a key may be refused up to P × (batch − 1) requests before its limit.
     */
    RATE_LIMIT_BATCH: z.coerce.number().int().positive().max(1000).default(1),
    INVALID_KEY_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
    GRAPHQL_MAX_TOKENS: z.coerce.number().int().positive().default(2000),
    GRAPHQL_MAX_DEPTH: z.coerce.number().int().positive().default(10),
    GRAPHQL_MAX_ALIASES: z.coerce.number().int().nonnegative().default(15),
    GRAPHQL_MAX_COST: z.coerce.number().int().positive().default(5000),
    GRAPHQL_MAX_HEAVY_FIELDS: z.coerce.number().int().positive().default(4),
    /**
     * How often graphql-ws connections are pinged; one that has not answered the previous
     * ping is dropped. Below a proxy's idle timeout, pings also keep quiet connections open.
     */
    WS_KEEP_ALIVE_SECONDS: z.coerce.number().positive().default(12),
    /**
     * What a live connection (graphql-ws or SSE) may hold for a client that reads slower than
     * its events come, in bytes; past it the connection is closed and its memory freed.
     */
    LIVE_MAX_BUFFER_BYTES: z.coerce
      .number()
      .int()
      .min(64 * 1024)
      .default(1024 * 1024),
    /**
     * The most subscriptions one graphql-ws connection holds at once; a subscribe past it is
     * answered with an error naming this limit (`SUBSCRIPTION_LIMIT`) and the connection stays.
     */
    LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION: z.coerce.number().int().positive().default(100),
    /**
     * The most subscriptions one API key holds at once in one API process, over graphql-ws,
     * GraphQL SSE and the REST output streams together (per process: with P API processes a
     * key may hold P times as many).
     */
    LIVE_MAX_SUBSCRIPTIONS_PER_KEY: z.coerce.number().int().positive().default(10_000),
    /** graphql-codegen's persisted-documents.json; when set, only the operations in it run. */
    PERSISTED_DOCUMENTS: z.string().min(1).optional(),
    MAX_UPLOAD_MB: z.coerce.number().positive().default(100),
    /** Browser origins allowed to call the APIs, comma-separated, or `*`. */
    CORS_ORIGINS: z
      .string()
      .default('*')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(z.string().regex(/^(\*|https?:\/\/[^/\s]+)$/, 'each entry must be * or an origin such as https://app.example.com (no path)'))
          .min(1, 'must name at least one origin, or *'),
      ),
    ROLE: z.enum(['all', 'api', 'worker']).default('all'),
    DEFAULT_TTS_TYPE: z.string().min(1).max(100).default('vendor_tts_v2'),
    GPU_JOBS_URL: optionalUrl,
    GPU_JOBS_API_KEY: z.string().optional(),
    GPU_JOBS_POLL_MS: z.coerce.number().int().positive().default(2000),
    GPU_JOBS_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(3600),
    /** The largest result file (test audio, embedding archive) taken from the GPU job service. */
    GPU_JOBS_MAX_FILE_MB: z.coerce.number().positive().default(512),
    FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
    FFPROBE_PATH: z.string().min(1).default('ffprobe'),
    ESPEAK_PATH: z.string().min(1).default('espeak-ng'),
    /** Integrated loudness (EBU R128, LUFS) curated voice samples are levelled to; loudnorm's range. */
    SAMPLE_LOUDNESS_LUFS: z.coerce.number().min(-70).max(-5).default(-23),
    ASR_BASE_URL: optionalUrl,
    ASR_API_KEY: z.string().optional(),
    ASR_MODEL: z.string().min(1).default('whisper-1'),
    /** The diarizing model for transcripts with speaker_labels (e.g. gpt-4o-transcribe-diarize); unset, they fail naming it. */
    ASR_DIARIZE_MODEL: z.string().min(1).optional(),
    /** Where the diarizing model is served, when not at ASR_BASE_URL (with ASR_API_KEY either way). */
    ASR_DIARIZE_BASE_URL: optionalUrl,
    /** The largest request body the speech-to-text engine takes (OpenAI: 25 MB); longer audio goes in segments that fit. */
    ASR_MAX_UPLOAD_MB: z.coerce.number().min(1).default(25),
    /** The longest audio one speech-to-text request carries, in seconds. */
    ASR_MAX_SEGMENT_SECONDS: z.coerce.number().min(30).default(600),
    /** Segments of one recording sent to the engine at once. */
    ASR_CONCURRENCY: z.coerce.number().int().positive().max(32).default(4),
    /** How long one speech-to-text request (a segment of up to ASR_MAX_SEGMENT_SECONDS) may take; a CPU server hears about real time. */
    ASR_TIMEOUT_SECONDS: z.coerce.number().positive().default(600),
    LLM_BASE_URL: optionalUrl,
    LLM_API_KEY: z.string().optional(),
    LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
    LLM_MODEL_ECONOMY: z.string().min(1).optional(),
    /** How long one chat completion may take: a long rewrite from a slow local model takes minutes. */
    LLM_TIMEOUT_SECONDS: z.coerce.number().positive().default(180),
    EMBEDDINGS_BASE_URL: optionalUrl,
    EMBEDDINGS_API_KEY: z.string().optional(),
    EMBEDDINGS_MODEL: z.string().min(1).default('text-embedding-3-small'),
    /** How long one embeddings request (64 texts) may take. */
    EMBEDDINGS_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
    /**
     * The largest answer read from an engine (speech-to-text, LLM, embeddings, the GPU job
     * service's JSON); a larger one fails the request unread. Real answers are under 5 MB.
     */
    ENGINE_MAX_ANSWER_MB: z.coerce.number().positive().default(16),
    /**
     * How long after a job's first transient engine failure (5xx, 408, 429, timeout, refused or
     * dropped connection) the job is still tried again, with backoff; 0: not at all. Long
     * enough for an engine to restart and load its model.
     */
    ENGINE_RETRY_WINDOW_SECONDS: z.coerce.number().min(0).max(86_400).default(600),
    /** The wait before the first of those retries, doubled for each next one up to a minute. */
    ENGINE_RETRY_BACKOFF_SECONDS: z.coerce.number().positive().max(60).default(5),
    /** Memory each process may give the retrieval index's caches (index structures, file metadata). */
    RETRIEVAL_CACHE_MB: z.coerce.number().int().positive().default(512),
    ALLOW_PRIVATE_URLS: booleanFromEnv.default(false),
    DOWNLOAD_MAX_MB: z.coerce.number().positive().default(100),
    DOWNLOAD_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
    /**
     * Documents (PDF, DOCX, HTML, text) are read in child processes, each with these limits, so a
     * hostile file fails its own document and nothing else: parsers at once per process, the
     * time and the memory one may take, and what it may unpack, parse and give back.
     */
    DOCUMENT_PARSERS: z.coerce.number().int().positive().max(64).default(2),
    DOCUMENT_PARSE_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
    DOCUMENT_PARSE_MAX_MB: z.coerce.number().int().min(64).default(512),
    DOCUMENT_HTML_MAX_MB: z.coerce.number().positive().default(10),
    DOCUMENT_DOCX_PART_MAX_MB: z.coerce.number().positive().default(64),
    DOCUMENT_TEXT_MAX_MB: z.coerce.number().positive().default(32),
    /** Webhook delivery: attempts per delivery, the first retry's delay (doubling after), and each attempt's limit. */
    WEBHOOK_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(10),
    WEBHOOK_BACKOFF_MS: z.coerce.number().int().positive().default(60_000),
    WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().positive().max(60).default(10),
    /**
     * An uploaded recording stays as long as its transcript (a week), for playback through
     * Transcript.audioUrl; `false` removes it as soon as the transcript is finished, as before.
     */
    TRANSCRIPT_KEEP_AUDIO: booleanFromEnv.default(true),
    COMPLETION_TTL_SECONDS: z.coerce.number().int().positive().default(1200),
    /** Streamed output (completions, transcripts, rewrites): the events kept per resource; a reader after older ones gets the snapshot. */
    OUTPUT_EVENTS_MAX_PER_RESOURCE: z.coerce.number().int().min(10).max(100_000).default(2000),
    /** Streamed output: text that arrives within this window goes out as one event (at most 50 ms, so a token reaches its reader soon). */
    OUTPUT_COALESCE_MS: z.coerce.number().int().min(0).max(50).default(40),
    WORKER_CONCURRENCY: z.coerce.number().int().positive().default(2),
    /**
     * Completions each worker process runs at once: a chat reply streams from the LLM for
     * seconds and this process only relays it, so one process holds many (a chat product's
     * replies all stream at the same time), unlike the CPU-bound queues WORKER_CONCURRENCY sets.
     */
    COMPLETION_CONCURRENCY: z.coerce.number().int().positive().max(10_000).default(1000),
    /**
     * `off` queues jobs in arrival order, as plain BullMQ does: for a deployment that serves one
     * partner, or to measure what fair share costs. Every process must agree.
     */
    FAIR_SCHEDULING: z.enum(['on', 'off']).default('on'),
    /**
     * The most jobs one partner (or, for transcripts and completions, one API key) may have
     * started and not finished in each queue, across every process. Unset: no cap, only turns.
     */
    PARTNER_MAX_RUNNING: z.coerce.number().int().positive().optional(),
    /** Turns per round for named partners (`acme=3,beta=1`); a partner not named gets 1. */
    PARTNER_WEIGHTS: z
      .string()
      .transform((value, context) => {
        const weights = new Map<string, number>();
        for (const entry of value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)) {
          const separator = entry.lastIndexOf('=');
          const partner = entry.slice(0, separator).trim();
          const weight = Number(entry.slice(separator + 1).trim());
          if (separator <= 0 || !partner || !Number.isInteger(weight) || weight < 1 || weight > 1000) {
            context.addIssue({ code: 'custom', message: `'${entry}' must be partner=weight with a whole weight from 1 to 1000` });
            return z.NEVER;
          }
          weights.set(partner, weight);
        }
        return weights;
      })
      .optional(),
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().positive().default(25),
    /**
     * The most a job may take from its start, its waits for an engine that was away included:
     * past it, its engine calls are stopped and the job fails saying so. Bounds the worker time
     * one job can hold. An ordinary new attempt (BullMQ's attempts: a webhook delivery's come
     * hours apart) gets as long again.
     */
    JOB_TIMEOUT_SECONDS: z.coerce.number().positive().default(7200),
    JOB_LOCK_MS: z.coerce.number().int().positive().default(30_000),
    JOB_STALLED_INTERVAL_MS: z.coerce.number().int().positive().default(30_000),
    RECONCILE_INTERVAL_SECONDS: z.coerce.number().positive().default(60),
    RECONCILE_GRACE_SECONDS: z.coerce.number().nonnegative().default(30),
    ORPHAN_MAX_AGE_SECONDS: z.coerce.number().positive().default(3600),
    ORPHAN_SWEEP_INTERVAL_SECONDS: z.coerce.number().positive().default(900),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ...tracingVariables,
  })
  .superRefine((config, context) => {
    if (config.BLOB_STORE === 's3' && !config.S3_BUCKET) {
      context.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when BLOB_STORE=s3' });
    }
    if (!config.S3_ACCESS_KEY_ID !== !config.S3_SECRET_ACCESS_KEY) {
      const missing = config.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      const present = config.S3_ACCESS_KEY_ID ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
      context.addIssue({ code: 'custom', path: [missing], message: `is required with ${present} (or leave both unset for the default AWS credential chain)` });
    }
  });

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment; a bad value stops the start with a message naming every offending variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
