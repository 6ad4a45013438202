import type { Server } from 'node:http';
import { WebSocketServer } from 'ws';
import type { Caller } from '../../../domain/shared/caller';
import { Unauthorized } from '../../../domain/errors';
import { trackWebSockets } from '../../../observability/metrics';
import { createGraphqlContext } from '../../../resolvers/context';
import type { HttpServices } from '../../http-services';
import { GRAPHQL_PATH } from '../common';
import type { OperationPipeline } from '../pipeline';
import { serveGraphqlWs, type GraphqlWsHooks } from './server';
import type { SharedPayloads } from '../live-results';
import { lastingRequestIdOf } from '../../observability';
import type { KeySubscriptions } from '../../key-subscriptions';
import type { LiveSettings } from '../settings';
import { authorizeConnection, authorizeOperation, CloseCode, findKey } from './socket-auth';
import type { Context } from '../../../observability/tracing';
import { connectionTrace, rememberTrace, tracedOperation } from './ws-tracing';

export interface GraphqlSockets {
  count(): number;
  /** Closes every connection made with the key (4401 `Invalid API key`): it was revoked. */
  revoke(keyId: string): void;
  /** The keys the open connections were made with. */
  keyIds(): Iterable<string>;
  /** Asks every client to go, then drops the ones that have not gone within a second. */
  close(): Promise<void>;
}

/**
 * What a graphql-ws connection keeps once initialised: who calls, from where (for rate limits of
 * per-operation keys), and the id its log lines and the jobs it starts carry.
 */
interface Connection {
  caller: Caller | null;
  address: string;
  requestId: string;
  /** The trace its operations continue (tracing on): from connection_init or the upgrade request. */
  trace?: Context;
}

/**
 * graphql-ws on the HTTP server's port and path. Operations go through the same operation
 * pipeline as HTTP and SSE, called directly: the per-subscribe work of yoga's plugin chain
 * costs memory on every one of thousands of long-lived subscriptions.
 */
export function registerGraphqlSockets(
  server: Server,
  pipeline: OperationPipeline,
  services: HttpServices,
  payloads: SharedPayloads,
  keySubscriptions: KeySubscriptions,
  live: LiveSettings,
): GraphqlSockets {
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

  const served = serveGraphqlWs(socketHooks(pipeline, services, keySubscriptions), sockets, {
    payloads,
    keepAliveMs: live.keepAliveMs,
    budgetBytes: live.budgetBytes,
    maxSubscriptions: live.maxSubscriptionsPerConnection,
  });

  const untrack = trackWebSockets(() => sockets.clients.size);
  return {
    count: () => sockets.clients.size,
    *keyIds() {
      for (const connection of served.open()) if (connection.caller) yield connection.caller.keyId;
    },
    revoke: (keyId) => served.closeWhere((connection) => connection.caller?.keyId === keyId, CloseCode.InvalidKey, new Unauthorized().message),
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

/**
 * What a graphql-ws connection is handed: its key checked at connection_init, each operation
 * counted against a key and prepared, executed and masked by the pipeline. The protocol
 * server does the rest (test/http/graphql/ws/use-server-differential.test.ts serves
 * graphql-ws's own server with these same hooks, to compare the two).
 */
export function socketHooks(pipeline: OperationPipeline, services: HttpServices, keySubscriptions: KeySubscriptions): GraphqlWsHooks<Connection> {
  const { schema } = pipeline;
  return {
    async connect(socket, request, params) {
      const key = findKey(params) ?? request.headers['x-api-key'];
      const address = request.socket.remoteAddress ?? '';
      const authorized = await authorizeConnection(services, key, address, socket);
      if (!authorized) return false;
      // Revoked while this connection was being admitted with the key's cached answer.
      if (authorized.caller && keySubscriptions.isRevoked(authorized.caller.keyId)) {
        socket.close(CloseCode.InvalidKey, new Unauthorized().message);
        return false;
      }
      return { caller: authorized.caller, address, requestId: lastingRequestIdOf(request), trace: connectionTrace(request, params) };
    },
    async prepare(connection, request) {
      // Counted first, as an HTTP request is counted before its body is read.
      const authorized = await authorizeOperation(services, request.extensions, connection);
      if (!('caller' in authorized)) return authorized;
      const document = pipeline.prepare(request);
      if (!('kind' in document)) return document;
      const contextValue = createGraphqlContext(services.domain, authorized.caller, connection.requestId);
      return rememberTrace({ schema, document, operationName: request.operationName, variableValues: request.variables, contextValue }, connection.trace);
    },
    execute: tracedOperation(pipeline.execute),
    subscribe: tracedOperation(pipeline.subscribe),
    report: (error, connection) =>
      services.platform.logger.error({ requestId: connection?.requestId, err: error }, 'graphql-ws connection failed; closed with 4500'),
  };
}
