import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Every metric of the process in one registry, module-wide so engines and the event bus can
 * count without being handed it. Values that live elsewhere (open sockets, subscribers, queue
 * depths) are read at scrape time from sources the owning parts register.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const LONG_BUCKETS = [0.05, 0.25, 1, 5, 15, 60, 300, 900, 3600];

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by route pattern, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: DURATION_BUCKETS,
  registers: [registry],
});

/** One label set's count, kept by whoever counts it: adding to it is the whole hot path. */
export interface Tally {
  pending: number;
}

/**
 * A counter whose label sets are tallied in plain objects and handed to prom-client when it is
 * scraped. prom-client's `inc` builds and hashes a label string on every call, which was a
 * measurable part of a cached GraphQL query; a caller that keeps the Tally of its labels pays
 * one addition instead.
 */
function talliedCounter<Label extends string>(name: string, help: string, labelNames: readonly Label[]) {
  const tallies = new Map<string, Tally & { labels: Record<Label, string> }>();
  new Counter({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      for (const tally of tallies.values()) {
        if (tally.pending === 0) continue;
        this.inc(tally.labels, tally.pending);
        tally.pending = 0;
      }
    },
  });
  /** The tally of a label set; the same object for the same labels. */
  return (labels: Record<Label, string>): Tally => {
    const key = labelNames.map((label) => labels[label]).join('\n');
    let tally = tallies.get(key);
    if (!tally) {
      tally = { labels, pending: 0 };
      tallies.set(key, tally);
    }
    return tally;
  };
}

export const graphqlOperationTally = talliedCounter('graphql_operations_total', 'GraphQL operations by name and type, over HTTP, SSE and WebSocket', [
  'operation',
  'type',
] as const);

export const graphqlErrorTally = talliedCounter('graphql_operation_errors_total', 'GraphQL operations that answered with errors, by name and type', [
  'operation',
  'type',
] as const);

export const graphqlUnexpectedErrors = new Counter({
  name: 'graphql_unexpected_errors_total',
  help: 'Errors of GraphQL operations that were logged and masked (a fault, or Redis unavailable), by operation, type and the code the client saw',
  labelNames: ['operation', 'type', 'code'] as const,
  registers: [registry],
});

/** One line of a histogram as the registry writes it. */
interface HistogramLine {
  metricName: string;
  labels: { le?: number | string };
  value: number;
  /** prom-client's buckets carry one (null without exemplars); kept so its JSON reads the same. */
  exemplar?: null;
}

/**
 * A histogram without labels whose observation is a bucket search and two additions.
 * prom-client's `observe` makes a label object, a closure and a label hash on every call (about
 * 190 ns, against 15 here), and the live path observes once per socket write, ten thousand
 * times per change at ten thousand subscribers. It registers itself as a metric, and the
 * registry writes its lines as it writes prom-client's own histograms.
 */
export class TalliedHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  /** Observations per bucket (not cumulative); the last is above every bound. */
  private readonly counts: Float64Array;
  private sum = 0;

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
    registers: Registry[],
  ) {
    this.counts = new Float64Array(bounds.length + 1);
    for (const register of registers) register.registerMetric(this as unknown as Histogram);
  }

  observe(value: number): void {
    const bounds = this.bounds;
    let bucket = 0;
    while (bucket < bounds.length && value > bounds[bucket]!) bucket++;
    this.counts[bucket]!++;
    this.sum += value;
  }

  get(): { name: string; help: string; type: string; aggregator: string; values: HistogramLine[] } {
    const bucketName = `${this.name}_bucket`;
    let count = 0;
    const values: HistogramLine[] = this.bounds.map((le, index) => {
      count += this.counts[index]!;
      return { metricName: bucketName, labels: { le }, value: count, exemplar: null };
    });
    count += this.counts[this.bounds.length]!;
    values.push(
      { metricName: bucketName, labels: { le: '+Inf' }, value: count, exemplar: null },
      { metricName: `${this.name}_sum`, labels: {}, value: this.sum },
      { metricName: `${this.name}_count`, labels: {}, value: count },
    );
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.counts.fill(0);
    this.sum = 0;
  }
}

export const liveDeliveryLag = new TalliedHistogram(
  'live_delivery_lag_seconds',
  'From a change written (by the writing process) to its event written to a subscriber socket (graphql-ws or SSE)',
  [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  [registry],
);

export const liveSlowClientCloses = new Counter({
  name: 'live_slow_client_closes_total',
  help: 'Live connections closed because their client fell further behind than LIVE_MAX_BUFFER_BYTES, by transport',
  labelNames: ['transport'] as const,
  registers: [registry],
});

export const eventsPublished = new Counter({
  name: 'events_published_total',
  help: 'Change events published by record writes',
  registers: [registry],
});

export const eventsDelivered = new Counter({
  name: 'events_delivered_total',
  help: 'Change events handed to local subscribers',
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: 'job_duration_seconds',
  help: 'Job attempts by queue and outcome (completed, retrying, failed)',
  labelNames: ['queue', 'outcome'] as const,
  buckets: LONG_BUCKETS,
  registers: [registry],
});

export const engineCallDuration = new Histogram({
  name: 'engine_call_duration_seconds',
  help: 'Calls to engines (ffmpeg, gpu-jobs, local-voice, speech-to-text, diarizing-speech-to-text, llm, embeddings, download, webhook) by outcome',
  labelNames: ['engine', 'outcome'] as const,
  buckets: LONG_BUCKETS,
  registers: [registry],
});

/** Sums what every registered source reports; a process may hold several servers (tests). */
function summedGauge(name: string, help: string) {
  const sources = new Set<() => number>();
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      let total = 0;
      for (const source of sources) total += source();
      this.set(total);
    },
  });
  return (source: () => number) => {
    sources.add(source);
    return () => void sources.delete(source);
  };
}

export const trackWebSockets = summedGauge('websocket_connections_open', 'Open graphql-ws connections');
export const trackEventSubscribers = summedGauge('subscriptions_active', 'Active live subscriptions (event bus subscribers)');

let openEventStreams = 0;
new Gauge({
  name: 'sse_connections_open',
  help: 'Open GraphQL server-sent event streams',
  registers: [registry],
  collect() {
    this.set(openEventStreams);
  },
});

/** Counts one event stream until `closed` fires. */
export function trackEventStream(closed: (done: () => void) => void): void {
  openEventStreams++;
  let counted = true;
  closed(() => {
    if (counted) openEventStreams--;
    counted = false;
  });
}

/** Per queue: jobs by state, and the jobs waiting for their turn by lane (partner, or `key:<id>`). */
export type JobCounts = Record<string, { states: Record<string, number>; waitingByLane: Record<string, number> }>;
const queueSources = new Set<() => Promise<JobCounts>>();
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** One read of the queues per scrape, shared by the gauges that show it. */
let scrape: Promise<JobCounts[]> | null = null;
function readQueues(): Promise<JobCounts[]> {
  scrape ??= Promise.all([...queueSources].map((source) => source().catch(() => ({})))).finally(() => {
    setImmediate(() => (scrape = null));
  });
  return scrape;
}

new Gauge({
  name: 'queue_jobs',
  help: 'Jobs per queue and state at scrape time (waiting: for their turn or for a worker; delayed: retries waiting their backoff)',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const counts of await readQueues()) {
      for (const [queue, { states }] of Object.entries(counts)) {
        for (const state of QUEUE_STATES) this.set({ queue, state }, states[state] ?? 0);
      }
    }
  },
});

new Gauge({
  name: 'queue_waiting_jobs',
  help: 'Jobs waiting for their turn per queue and partner (API key lanes as key:<id>), at scrape time',
  labelNames: ['queue', 'partner'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const counts of await readQueues()) {
      for (const [queue, { waitingByLane }] of Object.entries(counts)) {
        for (const [partner, waiting] of Object.entries(waitingByLane)) this.set({ queue, partner }, waiting);
      }
    }
  },
});

export function trackQueues(source: () => Promise<JobCounts>): () => void {
  queueSources.add(source);
  return () => void queueSources.delete(source);
}

/** Told how each engine call ended: `error` is what it threw, undefined when it answered. */
export type EngineCallListener = (engine: string, error?: unknown) => void;
const engineCallListeners = new Set<EngineCallListener>();

/** Hears every engine call's end in this process until the returned function is called. */
export function onEngineCall(listener: EngineCallListener): () => void {
  engineCallListeners.add(listener);
  return () => void engineCallListeners.delete(listener);
}

/** Times one engine call and counts its outcome; the call's result or error passes through. */
export async function measureEngineCall<T>(engine: string, call: () => Promise<T>): Promise<T> {
  const end = engineCallDuration.startTimer({ engine });
  try {
    const result = await call();
    end({ outcome: 'ok' });
    for (const listener of engineCallListeners) listener(engine);
    return result;
  } catch (error) {
    end({ outcome: 'error' });
    for (const listener of engineCallListeners) listener(engine, error);
    throw error;
  }
}

/** Measures the named public methods of an engine class, so the adapter's own code stays as it is. */
export function measureEngineMethods<T extends object>(prototype: T, engine: string, methods: readonly (keyof T & string)[]): void {
  for (const method of methods) {
    const original = prototype[method] as unknown as (...args: unknown[]) => Promise<unknown>;
    Object.defineProperty(prototype, method, {
      configurable: true,
      writable: true,
      value(this: unknown, ...args: unknown[]) {
        return measureEngineCall(engine, () => original.apply(this, args));
      },
    });
  }
}
