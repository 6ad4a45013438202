import type { IncomingMessage } from 'node:http';
import { getOperationAST, GraphQLError, OperationTypeNode, type ExecutionArgs, type ExecutionResult } from 'graphql';
import { CloseCode, GRAPHQL_TRANSPORT_WS_PROTOCOL, handleProtocols } from 'graphql-ws';
import type { WebSocket, WebSocketServer } from 'ws';
import { TooManySubscriptions } from '../../../domain/errors';
import { maskError } from '../common';
import { clientError } from '../pipeline';
import { OrderedWrites, SLOW_CLIENT_CLOSE, type SharedPayloads } from '../live-results';
import { LiveSender, NextMessageWriter, type SendingSocket } from './live-writes';
import type { Result, SubscriptionResults } from '../shared-execution';

/**
 * The server side of the graphql-transport-ws protocol (the one graphql-ws clients speak),
 * on a `ws` server. graphql-ws's own server keeps, for every subscription, its message
 * handler suspended in a for-await loop with the message text, a context object, an emitter
 * of three closures and a chain of pending promises, and for every connection a timer and a
 * handful of closures: several KiB per idle subscriber, and a promise chain per subscriber
 * per event. Here a connection is a few fields on its socket, a subscription one entry in a
 * map, and once a subscription's first result (the current state) is sent, its later results
 * are pushed straight from the event into the socket. The messages, their order, the close
 * codes and their reasons are graphql-ws's own (`test/http/graphql/ws/protocol.test.ts`).
 */

/** A subscribe message's payload, checked. */
export interface OperationRequest {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
  extensions?: Record<string, unknown> | null;
}

/** What the GraphQL door decides; the protocol server does the rest. */
export interface GraphqlWsHooks<C> {
  /**
   * A connection_init: what the connection keeps (who calls), or false to refuse it. The
   * hook may close the socket itself with a code that says why; otherwise it closes 4403.
   */
  connect(socket: WebSocket, request: IncomingMessage, params: Record<string, unknown> | undefined): Promise<C | false>;
  /** A subscribe message: how to run it, or the errors (as the client may see them) to answer it with. */
  prepare(connection: C, request: OperationRequest): Promise<ExecutionArgs | readonly GraphQLError[]>;
  /** Runs a query or mutation; its errors come back masked. */
  execute(args: ExecutionArgs): Result;
  subscribe(args: ExecutionArgs): Promise<SubscriptionResults | ExecutionResult>;
  /** A fault of the server that closed a connection with 4500 (the connection, when it had one). */
  report(error: unknown, connection: C | undefined): void;
}

/** A subscription's place in its connection's operations while it starts: it counts against the connection's cap. */
const STARTING = 'starting';

type Operations = Map<string, SubscriptionResults | typeof STARTING | null>;

const KEEP_ALIVE_SLICES = 24;
const CONNECTION_INIT_WAIT_MS = 3_000;

/** Per-connection state, kept on the socket itself so a connection costs no closures of ours. */
interface ServedSocket<C = unknown> extends SendingSocket {
  /** The upgrade request, until connection_init has read the key from it. */
  upgrade?: IncomingMessage;
  initTimer?: NodeJS.Timeout;
  initReceived?: boolean;
  /** Set once acknowledged. */
  connection?: C;
  /**
   * Operations by id: null while one is being prepared (and while a query or mutation runs),
   * STARTING once it is known to be a subscription, then what ends it.
   */
  operations?: Operations;
  awaitingPong?: boolean;
  /** Which of the keep-alive turns pings this socket. */
  pingSlice?: number;
}

/** What serveGraphqlWs needs beyond the hooks. */
export interface GraphqlWsOptions {
  payloads: SharedPayloads;
  keepAliveMs: number;
  /** What a connection may hold for a client that falls behind (LIVE_MAX_BUFFER_BYTES). */
  budgetBytes: number;
  /** The most subscriptions a connection holds at once (LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION). */
  maxSubscriptions: number;
}

/** What the door can do to the connections it served. */
export interface ServedConnections<C> {
  /** The open connections, as connection_init made them. */
  open(): Iterable<C>;
  /** Closes each connection for which `matches` holds, its operations ended first (a revoked key's). */
  closeWhere(matches: (connection: C) => boolean, code: number, reason: string): void;
}

/** Why serveGraphqlWs refuses a socket server that compresses. */
export const PER_MESSAGE_DEFLATE_REFUSAL =
  'The graphql-ws server writes its next frames raw under ws, which is safe only without compression: create its WebSocketServer with perMessageDeflate: false';

export function serveGraphqlWs<C>(hooks: GraphqlWsHooks<C>, sockets: WebSocketServer, options: GraphqlWsOptions): ServedConnections<C> {
  // With per-message deflate, `ws` compresses its own messages (acknowledgements, completes,
  // errors) on zlib's thread pool and writes them later, so the `next` frames written straight
  // to the stream would overtake them; and a frame of ours would not be compressed as agreed.
  if (sockets.options.perMessageDeflate) throw new Error(PER_MESSAGE_DEFLATE_REFUSAL);
  const { payloads, keepAliveMs } = options;
  const isProd = process.env.NODE_ENV === 'production';
  sockets.options.handleProtocols = handleProtocols;
  // A client too far behind: what waits for it goes, its operations end, and the close frame
  // goes out after the little its socket still buffers.
  const sender = new LiveSender(options.budgetBytes, (socket) => {
    endOperations(socket);
    socket.close(SLOW_CLIENT_CLOSE.code, SLOW_CLIENT_CLOSE.reason);
  });

  const internalError = (socket: ServedSocket<C>, error: unknown) => {
    hooks.report(error, socket.connection);
    const reason = isProd ? 'Internal server error' : limitReason(error instanceof Error ? error.message : String(error));
    socket.close(CloseCode.InternalServerError, reason);
  };
  function onError(this: ServedSocket<C>, error: Error) {
    internalError(this, error);
  }
  function onMessage(this: ServedSocket<C>, data: Buffer) {
    receive(this, String(data)).catch((error: unknown) => internalError(this, error));
  }
  function onPong(this: ServedSocket<C>) {
    this.awaitingPong = false;
  }
  function onClose(this: ServedSocket<C>) {
    clearTimeout(this.initTimer);
    this.upgrade = undefined;
    this.backlog = undefined;
    endOperations(this);
  }
  function endOperations(socket: ServedSocket<C>) {
    const operations = socket.operations;
    socket.operations = undefined;
    for (const results of operations?.values() ?? []) if (isResults(results)) void results.return();
  }
  function initTimeout(socket: ServedSocket<C>) {
    if (!socket.initReceived) socket.close(CloseCode.ConnectionInitialisationTimeout, 'Connection initialisation timeout');
  }

  let nextSlice = 0;
  // `on`, not `once`: each `once` wraps its listener in a closure per socket. Both handlers
  // are safe to run again (a second close is ignored; 'close' comes once).
  sockets.on('connection', (socket: ServedSocket<C>, request: IncomingMessage) => {
    socket.on('error', onError);
    socket.on('close', onClose);
    if (socket.protocol !== GRAPHQL_TRANSPORT_WS_PROTOCOL) {
      socket.close(CloseCode.SubprotocolNotAcceptable, 'Subprotocol not acceptable');
      return;
    }
    socket.on('pong', onPong);
    socket.on('message', onMessage);
    // Every field, once and in this order, so that every socket has one hidden class: fields
    // added later in varying orders (the first ping before or after the first subscription)
    // gave sockets several, and every delivery's reads of them became megamorphic lookups.
    // An upgrade request's socket is the stream `ws` itself reads and writes.
    socket.stream = request.socket;
    socket.upgrade = request;
    socket.initTimer = setTimeout(initTimeout, CONNECTION_INIT_WAIT_MS, socket);
    socket.initReceived = false;
    socket.connection = undefined;
    socket.operations = undefined;
    socket.awaitingPong = false;
    socket.pingSlice = nextSlice++ % KEEP_ALIVE_SLICES;
    socket.backlog = undefined;
  });

  async function receive(socket: ServedSocket<C>, text: string): Promise<void> {
    const message = parseClientMessage(text);
    if (!message) return socket.close(CloseCode.BadRequest, 'Invalid message received');
    switch (message.type) {
      case 'connection_init':
        return initialise(socket, message.payload);
      case 'ping':
        return sender.sendText(socket, JSON.stringify(message.payload ? { type: 'pong', payload: message.payload } : { type: 'pong' }));
      case 'pong':
        return;
      case 'subscribe':
        return run(socket, message.id, message.payload);
      case 'complete': {
        const results = socket.operations?.get(message.id);
        socket.operations?.delete(message.id);
        if (isResults(results)) await results.return();
        return;
      }
      default:
        throw new Error(`Unexpected message of type ${message.type} received`);
    }
  }

  async function initialise(socket: ServedSocket<C>, params: Record<string, unknown> | undefined): Promise<void> {
    if (socket.initReceived) return socket.close(CloseCode.TooManyInitialisationRequests, 'Too many initialisation requests');
    socket.initReceived = true;
    clearTimeout(socket.initTimer);
    socket.initTimer = undefined;
    const request = socket.upgrade!;
    // A connection can live for days; thousands of them need not keep their upgrade requests.
    socket.upgrade = undefined;
    const connection = await hooks.connect(socket, request, params);
    if (connection === false) return socket.close(CloseCode.Forbidden, 'Forbidden');
    socket.connection = connection;
    sender.sendText(socket, '{"type":"connection_ack"}');
  }

  async function run(socket: ServedSocket<C>, id: string, request: OperationRequest): Promise<void> {
    if (socket.connection === undefined) return socket.close(CloseCode.Unauthorized, 'Unauthorized');
    const operations = (socket.operations ??= new Map() as Operations);
    if (operations.has(id)) return socket.close(CloseCode.SubscriberAlreadyExists, `Subscriber for ${id} already exists`);
    operations.set(id, null);
    const writer = new NextMessageWriter(socket, id, payloads, sender);
    let results: SubscriptionResults;
    try {
      const args = await hooks.prepare(socket.connection, request);
      if (isErrors(args)) return sendError(socket, id, args);
      const operation = getOperationAST(args.document, args.operationName);
      if (!operation) return sendError(socket, id, [new GraphQLError('Unable to identify operation')]);
      const subscription = operation.operation === OperationTypeNode.SUBSCRIPTION;
      if (subscription) {
        // Ended while it was being prepared: nothing to start.
        if (socket.operations?.get(id) !== null) return;
        // Refused as a subscription refused when made is (another partner's, a key at its cap): a result with errors.
        if (subscriptionsOf(operations) >= options.maxSubscriptions) {
          writer.write({ errors: [tooManySubscriptions(options.maxSubscriptions)] });
          return complete(socket, id);
        }
        operations.set(id, STARTING);
      }
      const outcome = subscription ? await hooks.subscribe(args) : await hooks.execute(args);
      if (!(Symbol.asyncIterator in outcome)) {
        if (socket.operations?.has(id)) {
          writer.write(outcome);
          complete(socket, id);
        }
        return;
      }
      results = outcome;
    } catch (error) {
      // As in graphql-ws, a failure to prepare or start the operation is the server's: it closes the connection (4500).
      if (!isResults(socket.operations?.get(id))) socket.operations?.delete(id);
      throw error;
    }
    // Ended by the client (or the connection) while it was starting.
    if (!socket.operations?.has(id)) return void (await results.return());
    operations.set(id, results);
    try {
      // The current state first, pulled; then every later result as its event arrives.
      const first = await results.next();
      if (first.done) return end(socket, id, results);
      if (operations.get(id) !== results) return;
      writer.write(first.value);
      if (results.canPush) {
        results.pushTo(new OrderedWrites(writer, (error) => (error === undefined ? end(socket, id, results) : fail(socket, id, results, error))));
        return;
      }
      for (let step = await results.next(); !step.done; step = await results.next()) {
        if (operations.get(id) !== results) return;
        writer.write(step.value);
      }
      end(socket, id, results);
    } catch (error) {
      // A stream that fails (a refused or missing resource fails its first read) is the operation's error.
      fail(socket, id, results, error);
    }
  }

  /** The stream ended: `complete`, unless the client ended the operation first. */
  function end(socket: ServedSocket<C>, id: string, results: SubscriptionResults): void {
    if (socket.operations?.get(id) === results) complete(socket, id);
  }

  function fail(socket: ServedSocket<C>, id: string, results: SubscriptionResults, error: unknown): void {
    if (socket.operations?.get(id) !== results) return;
    void results.return();
    sendError(socket, id, results.failure(error));
  }

  /** The operation's last message; nothing if it was already ended. */
  function complete(socket: ServedSocket<C>, id: string): void {
    if (socket.operations?.delete(id)) sender.sendText(socket, JSON.stringify({ id, type: 'complete' }));
  }

  function sendError(socket: ServedSocket<C>, id: string, errors: readonly GraphQLError[]): void {
    if (socket.operations?.delete(id)) sender.sendText(socket, JSON.stringify({ id, type: 'error', payload: errors.map(clientError) }));
  }

  // Every socket is pinged once per keepAliveMs and dropped if it did not answer the
  // previous ping, but in KEEP_ALIVE_SLICES turns: pinging ten thousand sockets at once is a
  // burst of ten thousand writes (and as many pongs to read) that delays any event it meets.
  let turn = 0;
  const keepAlive = setInterval(() => {
    turn = (turn + 1) % KEEP_ALIVE_SLICES;
    for (const socket of sockets.clients as Set<ServedSocket<C>>) {
      if (socket.readyState !== socket.OPEN || socket.pingSlice !== turn) continue;
      if (socket.awaitingPong) {
        socket.terminate();
        continue;
      }
      socket.awaitingPong = true;
      socket.ping();
    }
  }, keepAliveMs / KEEP_ALIVE_SLICES);
  keepAlive.unref();
  sockets.once('close', () => clearInterval(keepAlive));

  return {
    *open() {
      for (const socket of sockets.clients as Set<ServedSocket<C>>) {
        if (socket.readyState === socket.OPEN && socket.connection !== undefined) yield socket.connection;
      }
    },
    closeWhere(matches, code, reason) {
      for (const socket of sockets.clients as Set<ServedSocket<C>>) {
        if (socket.connection === undefined || !matches(socket.connection)) continue;
        endOperations(socket);
        socket.close(code, reason);
      }
    },
  };
}

function isResults(value: SubscriptionResults | typeof STARTING | null | undefined): value is SubscriptionResults {
  return typeof value === 'object' && value !== null;
}

/** The subscriptions a connection holds or is starting; its queries and mutations are null while they run. */
function subscriptionsOf(operations: Operations): number {
  let count = 0;
  for (const value of operations.values()) if (value !== null) count++;
  return count;
}

function tooManySubscriptions(limit: number): GraphQLError {
  return maskError(
    new TooManySubscriptions(`Subscription limit reached: a connection holds at most ${limit} subscriptions at once (LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION)`),
    'Unexpected error.',
  ) as GraphQLError;
}

type ClientMessage =
  | { type: 'connection_init'; payload?: Record<string, unknown> }
  | { type: 'ping' | 'pong'; payload?: Record<string, unknown> }
  | { type: 'subscribe'; id: string; payload: OperationRequest }
  | { type: 'complete'; id: string }
  | { type: 'connection_ack' | 'next' | 'error' };

/** A message as graphql-ws validates it, or null when it is not one (the connection then closes 4400). */
export function parseClientMessage(text: string): ClientMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(value) || typeof value.type !== 'string' || !value.type) return null;
  const { type, id, payload } = value;
  switch (type) {
    case 'connection_init':
    case 'connection_ack':
    case 'ping':
    case 'pong':
      if (payload != null && !isObject(payload)) return null;
      return { type, payload: isObject(payload) ? payload : undefined };
    case 'subscribe': {
      if (typeof id !== 'string' || !id || !isObject(payload) || typeof payload.query !== 'string') return null;
      const { variables, operationName, extensions } = payload;
      if (variables != null && !isObject(variables)) return null;
      if (operationName != null && typeof operationName !== 'string') return null;
      if (extensions != null && !isObject(extensions)) return null;
      return { type, id, payload: payload as unknown as OperationRequest };
    }
    case 'next':
      return typeof id === 'string' && id && isObject(payload) ? { type } : null;
    case 'error':
      return typeof id === 'string' && id && Array.isArray(payload) && payload.length > 0 && payload.every((each) => isObject(each) && 'message' in each)
        ? { type }
        : null;
    case 'complete':
      return typeof id === 'string' && id ? { type, id } : null;
    default:
      return null;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isErrors(value: ExecutionArgs | readonly GraphQLError[]): value is readonly GraphQLError[] {
  return Array.isArray(value);
}

/** WebSocket close reasons are limited to 123 bytes. */
function limitReason(reason: string): string {
  return Buffer.byteLength(reason) > 123 ? 'Internal server error' : reason;
}
