import type { Server } from 'node:http';
import { execute, specifiedRules, validate, type DocumentNode, type GraphQLError, type GraphQLSchema, type ValidationRule } from 'graphql';
import { WebSocketServer } from 'ws';
import type { Caller } from '../auth/api-keys';
import { createGraphqlContext } from '../resolvers/context';
import type { DomainServices } from '../services';
import { GRAPHQL_PATH, maskError } from './graphql-common';
import { graphqlLimits, limitRules, parseLimited, type GraphqlLimits } from './graphql-limits';
import { trackWebSockets } from '../observability/metrics';
import { countOperation } from './graphql-metrics';
import { SharedSubscriptions } from './shared-execution';
import { serveGraphqlWs, SharedPayloads } from './graphql-ws-server';
import { authorizeConnection, authorizeOperation, findKey } from './socket-auth';
import { trustedQuery, type TrustedDocuments } from './trusted-documents';

export interface GraphqlSockets {
  count(): number;
  /** Asks every client to go, then drops the ones that have not gone within a second. */
  close(): Promise<void>;
}

/** What a graphql-ws connection keeps once initialised: who calls, and from where (for rate limits of per-operation keys). */
interface Connection {
  caller: Caller | null;
  address: string;
}

const maskAll = (errors: readonly GraphQLError[]) => errors.map((error) => maskError(error, 'Unexpected error.') as GraphQLError);

/**
 * Parsed and validated documents by query text: thousands of clients subscribe with the same
 * few operations, and one shared DocumentNode is cheaper than one each.
 */
interface CachedDocument {
  document: DocumentNode;
  /** Short and unique per query text, so share keys need not repeat the whole query. */
  id: number;
}

const MAX_CACHED_QUERY_LENGTH = 16 * 1024;

class DocumentCache {
  private readonly entries = new Map<string, CachedDocument | readonly GraphQLError[]>();
  private nextId = 0;
  private readonly rules: ValidationRule[];

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly limits: GraphqlLimits,
    private readonly limit = 500,
  ) {
    this.rules = [...specifiedRules, ...limitRules(limits)];
  }

  get(query: string): CachedDocument | readonly GraphQLError[] {
    const cached = this.entries.get(query);
    if (cached) {
      this.entries.delete(query);
      this.entries.set(query, cached);
      return cached;
    }
    let entry: CachedDocument | readonly GraphQLError[];
    try {
      const document = parseLimited(query, this.limits);
      const errors = validate(this.schema, document, this.rules);
      entry = errors.length > 0 ? errors : { document, id: ++this.nextId };
    } catch (error) {
      entry = [error as GraphQLError];
    }
    // Real clients repeat a few short operations; a long query text kept as a cache key would
    // let a client park up to a megabyte per entry.
    if (query.length > MAX_CACHED_QUERY_LENGTH) return entry;
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(query, entry);
    return entry;
  }
}

/**
 * graphql-ws on the HTTP server's port and path. Operations run on graphql-js directly:
 * the per-subscribe work of yoga's plugin pipeline costs memory on every one of thousands
 * of long-lived subscriptions, and errors are masked here the same way yoga masks them.
 */
export function registerGraphqlSockets(server: Server, schema: GraphQLSchema, services: DomainServices, trusted: TrustedDocuments | null): GraphqlSockets {
  // No compression: deflate keeps a zlib context per socket (tens of KiB each) and costs CPU
  // on every one of thousands of identical deliveries.
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024, perMessageDeflate: false });
  server.on('upgrade', (request, socket, head) => {
    if ((request.url ?? '').split('?')[0] !== GRAPHQL_PATH) {
      socket.destroy();
      return;
    }
    sockets.handleUpgrade(request, socket, head, (client) => sockets.emit('connection', client, request));
  });

  const documents = new DocumentCache(schema, graphqlLimits(services.platform.config));
  const shared = new SharedSubscriptions(maskAll);
  // Results depend on the operation, its variables and who asks (resources a key owns,
  // partners it may see); subscriptions alike in all three share each event's result.
  const shareKeys = new WeakMap<object, string>();

  serveGraphqlWs<Connection>(
    {
      async connect(socket, request, params) {
        const key = findKey(params) ?? request.headers['x-api-key'];
        const address = request.socket.remoteAddress ?? '';
        const authorized = await authorizeConnection(services, key, address, socket);
        return authorized ? { caller: authorized.caller, address } : false;
      },
      async prepare(connection, request) {
        const query = trustedQuery(trusted, request);
        if (typeof query !== 'string') return query;
        const cached = documents.get(query);
        if (!('document' in cached)) return cached;
        const { document, id } = cached;
        const authorized = await authorizeOperation(services, request.extensions, connection);
        if (!('caller' in authorized)) return authorized;
        const { caller } = authorized;
        const contextValue = createGraphqlContext(services, caller);
        shareKeys.set(contextValue, `${caller?.keyId ?? ''}\n${id}\n${request.operationName ?? ''}\n${JSON.stringify(request.variables ?? {})}`);
        return { schema, document, operationName: request.operationName, variableValues: request.variables, contextValue };
      },
      async execute(args) {
        const result = await execute(args);
        countOperation(args.document, args.operationName, Boolean(result.errors?.length));
        return result.errors ? { ...result, errors: maskAll(result.errors) } : result;
      },
      subscribe(args) {
        countOperation(args.document, args.operationName, false);
        return shared.subscribe(args, shareKeys.get(args.contextValue as object) ?? '');
      },
      mask: maskAll,
    },
    sockets,
    new SharedPayloads(),
    services.platform.config.WS_KEEP_ALIVE_SECONDS * 1000,
  );

  const untrack = trackWebSockets(() => sockets.clients.size);
  return {
    count: () => sockets.clients.size,
    async close() {
      untrack();
      const clients = [...sockets.clients];
      const gone = clients.map((client) => new Promise((resolve) => client.once('close', resolve)));
      for (const client of clients) client.close(1001, 'Server shutting down');
      await Promise.race([Promise.all(gone), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
    },
  };
}
