/**
 * The layers of docs/architecture.md: each part may import only the parts listed for it. A
 * part is a top-level folder of `src`, a top-level file of `src` (the composition roots), or
 * `console`, the browser app at the top of the repository. `types` are parts that may be
 * imported for types only (`import type`); a part with an `entry` may be imported through that
 * file only. The import-direction test enforces this table, and docs/architecture.md shows it
 * as `layerTable()` renders it.
 */
interface Layer {
  code: string[];
  types?: string[];
  /** The one file of the part that other parts may import, from the repository's root. */
  entry?: string;
  /** Why, for the table in the docs. */
  why: string;
}

export const LAYERS: Record<string, Layer> = {
  // Doors: they translate, and never touch Redis, queues, engines or each other. They are
  // handed the domain only (RestContext, GraphqlContext), not even its types reach further.
  rest: { code: ['auth', 'domain', 'http'], why: 'REST routes: parse, one domain call, shape the wire' },
  schema: { code: ['auth', 'domain', 'http', 'resolvers'], why: 'GraphQL types and fields; `http` for the upload scalar' },
  resolvers: { code: ['auth', 'domain'], why: 'one function per field: parse, one domain call' },
  // The transport also answers readiness and classifies Redis failures, so it may see the store.
  http: {
    code: ['auth', 'console', 'domain', 'logger.ts', 'observability', 'resolvers', 'store'],
    types: ['events', 'platform.ts'],
    why: 'the transport: `resolvers` for the GraphQL context, `store` for readiness and to tell a Redis outage from a fault, `logger.ts` for the line each request ends with, `console` (its build entry) to serve it',
  },
  // Queue administration: an admin-only door onto the BullMQ queues themselves.
  admin: { code: ['auth', 'domain', 'queues'], why: 'the queue board shows the BullMQ queues themselves' },
  // The domain reaches engines only through ports it declares itself; of config, it reads the
  // boolean words that forms share with the environment and the engine catalog's names, never
  // the configuration itself (configuration.test.ts).
  domain: {
    code: ['config', 'events', 'queues', 'store'],
    why: 'the rules and the only writer of records; never `engines`: it declares ports; of `config`, the boolean words and the names of the engines',
  },
  workers: {
    code: ['domain', 'engines', 'observability', 'queues', 'store'],
    types: ['logger.ts', 'platform.ts', 'services.ts'],
    why: 'job processors: read the job, call engines, record results through the domain',
  },
  engines: { code: ['domain', 'observability'], why: '`domain` for the port types they implement' },
  // Machinery under the domain.
  queues: {
    code: ['observability'],
    why: '`defineQueue` and the registry of queues, the fair scheduler; the queues themselves are defined in the domain',
  },
  auth: { code: ['domain', 'events', 'store'], why: 'keys and rate limits' },
  events: { code: ['observability', 'store'], why: 'pub/sub fan-out' },
  store: { code: ['observability'], why: 'records, blobs, keys, Redis connections' },
  cli: { code: ['auth', 'config', 'store'], why: 'the key CLI' },
  config: { code: [], why: 'the environment, checked' },
  // Metrics: every layer may count, and it imports nothing of ours.
  observability: { code: [], why: 'metrics: any layer may count' },
  // The console is an app of its own over the public API: it sees nothing of the service, and
  // the service sees only how to build it.
  console: {
    code: [],
    entry: 'console/build.ts',
    why: 'the browser app at /console, a client of the public API; others import only its build entry, `console/build.ts`',
  },
  // Composition roots: they wire everything together.
  'main.ts': { code: ['*'], why: 'composition root' },
  'app.ts': { code: ['*'], why: 'composition root' },
  'services.ts': { code: ['*'], why: 'composition root' },
  'platform.ts': { code: ['auth', 'config', 'events', 'logger.ts', 'observability', 'queues', 'store'], why: 'the machinery every service stands on' },
  'logger.ts': { code: ['log-destination.ts'], why: 'one structured logger per process' },
  'log-destination.ts': { code: [], why: "the logger's standard output: batched writes, a bounded backlog" },
};

/** The table of docs/architecture.md, one row per part in the order above. */
export function layerTable(): string {
  const names = (parts: string[]) => parts.map((part) => (part === '*' ? 'everything' : `\`${part}\``)).join(', ') || 'nothing of ours';
  const rows = Object.entries(LAYERS).map(
    ([part, layer]) => `| \`${part}\` | ${names(layer.code)} | ${layer.types ? names(layer.types) : ''} | ${layer.why} |`,
  );
  return ['| part | may import | and types from | why |', '|---|---|---|---|', ...rows, ''].join('\n');
}
