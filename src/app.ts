import { createRequire } from 'node:module';
import { registerQueueBoard } from './admin/queue-board';
import { ConfigError, type Config } from './config/config';
import type { AudioTool } from './domain/engines/audio-tools';
import { checkAudioTools } from './engines/audio-tool-check';
import { TrustedDocuments } from './http/graphql/trusted-documents';
import type { HttpSettings } from './http/http-services';
import { KeySubscriptions } from './http/key-subscriptions';
import { buildHttpServer, type HttpServer } from './http/server';
import { createPlatform } from './platform';
import { registerRest } from './rest';
import { restApiDescription } from './rest/openapi';
import { frameworkErrorHandler } from './rest/rest-errors';
import { domainOf } from './domain/domain';
import { readParamsOptions } from './http/request-params';
import { schema } from './schema';
import { createServices, type Services } from './services';
import { jobKinds, type JobSettings } from './workers';
import { migrateLayout } from './workers/layout-migration';
import { keepScratchLeases, startMaintenance, type MaintenanceSchedule, type Repeating } from './workers/maintenance';
import { startOutboxDrainer, type OutboxDrainer } from './workers/outbox-drainer';
import { startWorkers, type RunningWorkers, type WorkerSettings } from './workers/worker-runner';
import type { RunningTracing, TracingSettings } from './observability/tracing-sdk';

export interface RunningApp {
  /** The HTTP address when this process serves the API. */
  url?: string;
  services: Services;
  http?: HttpServer;
  close(): Promise<void>;
}

/** The audio tools this configuration runs, each tried once; espeak-ng only where the built-in voice engine would use it. */
export function checkTools(config: Config): Promise<AudioTool[]> {
  return checkAudioTools({ ffmpegPath: config.FFMPEG_PATH, ffprobePath: config.FFPROBE_PATH, espeakPath: config.GPU_JOBS_URL ? null : config.ESPEAK_PATH });
}

const MB = 1024 * 1024;

/**
 * What the transport is handed. The trusted documents are read here, once: a manifest that
 * cannot be used stops the start, naming its variable.
 */
export function httpSettingsOf(config: Config): HttpSettings {
  return {
    corsOrigins: config.CORS_ORIGINS,
    metricsSecrets: [config.ADMIN_API_KEY, config.METRICS_TOKEN].filter((secret): secret is string => Boolean(secret)),
    uploads: { maxFileBytes: config.MAX_UPLOAD_MB * MB },
    graphql: {
      limits: {
        maxTokens: config.GRAPHQL_MAX_TOKENS,
        maxDepth: config.GRAPHQL_MAX_DEPTH,
        maxAliases: config.GRAPHQL_MAX_ALIASES,
        maxCost: config.GRAPHQL_MAX_COST,
        maxHeavyFields: config.GRAPHQL_MAX_HEAVY_FIELDS,
      },
      trusted: config.PERSISTED_DOCUMENTS ? trustedDocuments(config.PERSISTED_DOCUMENTS) : null,
      live: {
        budgetBytes: config.LIVE_MAX_BUFFER_BYTES,
        maxSubscriptionsPerKey: config.LIVE_MAX_SUBSCRIPTIONS_PER_KEY,
        maxSubscriptionsPerConnection: config.LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION,
        keepAliveMs: config.WS_KEEP_ALIVE_SECONDS * 1000,
      },
    },
  };
}

function trustedDocuments(path: string): TrustedDocuments {
  try {
    return TrustedDocuments.load(path);
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  PERSISTED_DOCUMENTS: ${(error as Error).message}`);
  }
}

/** What the kinds of job are handed. */
export function jobSettingsOf(config: Config): JobSettings {
  return {
    download: { maxBytes: config.DOWNLOAD_MAX_MB * MB, timeoutMs: config.DOWNLOAD_TIMEOUT_SECONDS * 1000, allowPrivate: config.ALLOW_PRIVATE_URLS },
    maxHtmlBytes: config.DOCUMENT_HTML_MAX_MB * MB,
    sampleLoudnessLufs: config.SAMPLE_LOUDNESS_LUFS,
    rewriteModels: { standard: config.LLM_MODEL, economy: config.LLM_MODEL_ECONOMY ?? config.LLM_MODEL },
    completionConcurrency: config.COMPLETION_CONCURRENCY,
  };
}

function workerSettingsOf(config: Config): WorkerSettings {
  return {
    concurrency: config.WORKER_CONCURRENCY,
    lockMs: config.JOB_LOCK_MS,
    stalledIntervalMs: config.JOB_STALLED_INTERVAL_MS,
    retries: {
      jobTimeoutMs: config.JOB_TIMEOUT_SECONDS * 1000,
      windowMs: config.ENGINE_RETRY_WINDOW_SECONDS * 1000,
      backoffMs: config.ENGINE_RETRY_BACKOFF_SECONDS * 1000,
    },
  };
}

function maintenanceScheduleOf(config: Config): MaintenanceSchedule {
  return {
    reconcileEveryMs: config.RECONCILE_INTERVAL_SECONDS * 1000,
    reconcileGraceMs: config.RECONCILE_GRACE_SECONDS * 1000,
    sweepEveryMs: config.ORPHAN_SWEEP_INTERVAL_SECONDS * 1000,
    orphanMaxAgeMs: config.ORPHAN_MAX_AGE_SECONDS * 1000,
  };
}

/**
 * Starts the halves the role asks for: the API server, the workers, or both. `tools` as
 * `checkTools` found them, when the caller has already checked (to log them).
 */
export async function startApp(config: Config, tools?: readonly AudioTool[]): Promise<RunningApp> {
  const checkedTools = tools ?? (await checkTools(config));
  // Before the platform: its logger stamps every line with the trace under way.
  const tracing = await startTracingIfAsked(config);
  const platform = await createPlatform(config);
  const services = createServices(config, platform, checkedTools);
  const upkeep = maintenanceScheduleOf(config);
  const jobs = jobKinds(services, jobSettingsOf(config));
  const queues = jobs.map((job) => job.queue);
  // Every queue is open from the start, so the metrics show each one before its first job.
  for (const queue of queues) platform.queues.get(queue);
  // The process that owns maintenance brings an older build's keys to this layout before it
  // serves or works, so the first request and the first job already find them.
  if (config.ROLE !== 'api') await migrateLayout(platform, queues);
  let http: HttpServer | undefined;
  let workers: RunningWorkers | undefined;
  let url: string | undefined;

  if (config.ROLE !== 'worker') {
    const domain = domainOf(services);
    const settings = httpSettingsOf(config);
    const uploads = readParamsOptions(platform.blobs.scratch, settings.uploads);
    const { live } = settings.graphql;
    // One count per key for this process: GraphQL's subscriptions and the REST output streams.
    const keySubscriptions = new KeySubscriptions(live.maxSubscriptionsPerKey);
    http = await buildHttpServer({ platform, domain }, schema, {
      frameworkErrors: frameworkErrorHandler,
      registerRest: (app) => registerRest(app, { domain, callers: platform.callers, uploads, live: { budgetBytes: live.budgetBytes, keySubscriptions } }),
      apiDescription: restApiDescription,
      settings,
      keySubscriptions,
    });
    await registerQueueBoard(http.app, platform.apiKeys, platform.queues, queues);
    await http.app.listen({ port: config.PORT, host: config.HOST });
    const address = http.app.server.address();
    if (address && typeof address === 'object') {
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      url = `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${address.port}`;
    }
  }
  let maintenance: Repeating | undefined;
  let outbox: OutboxDrainer | undefined;
  if (config.ROLE !== 'api') {
    workers = startWorkers(
      platform,
      jobs.map((job) => job.processor),
      workerSettingsOf(config),
    );
    maintenance = startMaintenance(platform, services.inFlight, upkeep);
    outbox = startOutboxDrainer(platform, (entry) => services.webhookJobs.addFromOutbox(entry));
  }
  const leases = keepScratchLeases(platform, upkeep);

  let closing: Promise<void> | undefined;
  return {
    url,
    services,
    http,
    close() {
      closing ??= (async () => {
        const graceMs = config.SHUTDOWN_GRACE_SECONDS * 1000;
        // New connections are refused at once; open requests (an upload in progress) get
        // the grace period, then are cut, while the workers hand their jobs back.
        const deadline = setTimeout(() => http?.app.server.closeAllConnections(), graceMs).unref();
        await Promise.all([
          http && Promise.all([http.graphql.sockets.close(), http.app.close()]),
          workers?.close(graceMs),
          maintenance?.stop(),
          outbox?.stop(),
        ]);
        clearTimeout(deadline);
        await leases.stop();
        await platform.close();
        // Last: the spans of the work that ended during the drain are sent too.
        await tracing?.shutdown();
      })();
      return closing;
    },
  };
}

/** The tracing SDK's settings from the OTEL_* variables; null when no endpoint is set (or OTEL_SDK_DISABLED), and then no tracing at all. */
export function tracingSettingsOf(config: Config): TracingSettings | null {
  if (config.OTEL_SDK_DISABLED) return null;
  const base = config.OTEL_EXPORTER_OTLP_ENDPOINT;
  const url = config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (base && `${base.replace(/\/+$/, '')}/v1/traces`);
  if (!url) return null;
  return {
    url,
    protocol: config.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? config.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf',
    headers: { ...config.OTEL_EXPORTER_OTLP_HEADERS, ...config.OTEL_EXPORTER_OTLP_TRACES_HEADERS },
    serviceName: config.OTEL_SERVICE_NAME,
    resourceAttributes: config.OTEL_RESOURCE_ATTRIBUTES ?? {},
    sampler: config.OTEL_TRACES_SAMPLER,
    ratio: config.OTEL_TRACES_SAMPLER_ARG ?? 1,
    gpuJobsUrl: config.GPU_JOBS_URL,
  };
}

/** Loads the SDK (a dynamic import) only when tracing is asked for: off, not one module of it is read. */
async function startTracingIfAsked(config: Config): Promise<RunningTracing | null> {
  const settings = tracingSettingsOf(config);
  if (!settings) return null;
  const { startTracing } = await import('./observability/tracing-sdk');
  const { version } = createRequire(import.meta.url)('../package.json') as { version: string };
  return startTracing(settings, version);
}
