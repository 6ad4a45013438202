import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { getOperationAST, GraphQLError, OperationTypeNode, type ExecutionArgs, type ExecutionResult } from 'graphql';
import { CloseCode, GRAPHQL_TRANSPORT_WS_PROTOCOL, handleProtocols } from 'graphql-ws';
import type { WebSocket, WebSocketServer } from 'ws';
import type { PushSink } from '../events/push-stream';
import { liveDeliveryLag, liveSlowClientCloses } from '../observability/metrics';
import { clientError } from './graphql-pipeline';
import { replacementKey, SendBacklog, writtenAtOf } from './send-backlog';
import type { Result, SubscriptionResults } from './shared-execution';

/**
 * The server side of the graphql-transport-ws protocol (the one graphql-ws clients speak),
 * on a `ws` server. graphql-ws's own server keeps, for every subscription, its message
 * handler suspended in a for-await loop with the message text, a context object, an emitter
 * of three closures and a chain of pending promises, and for every connection a timer and a
 * handful of closures: several KiB per idle subscriber, and a promise chain per subscriber
 * per event. Here a connection is a few fields on its socket, a subscription one entry in a
 * map, and once a subscription's first result (the current state) is sent, its later results
 * are pushed straight from the event into the socket. The messages, their order, the close
 * codes and their reasons are graphql-ws's own (`test/http/graphql-ws-protocol.test.ts`).
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

const KEEP_ALIVE_SLICES = 24;
const CONNECTION_INIT_WAIT_MS = 3_000;

/** Per-connection state, kept on the socket itself so a connection costs no closures of ours. */
interface ServedSocket<C = unknown> extends WebSocket {
  /** The upgraded TCP stream under the WebSocket: `next` messages are framed here and written to it. */
  stream?: Duplex;
  /** The upgrade request, until connection_init has read the key from it. */
  upgrade?: IncomingMessage;
  initTimer?: NodeJS.Timeout;
  initReceived?: boolean;
  /** Set once acknowledged. */
  connection?: C;
  /** Operations by id: null while one is being prepared, then what ends it. */
  operations?: Map<string, SubscriptionResults | null>;
  awaitingPong?: boolean;
  /** Which of the keep-alive turns pings this socket. */
  pingSlice?: number;
  /** Messages waiting while the client reads slower than they come; none otherwise. */
  backlog?: SendBacklog<Buffer>;
}

/**
 * Each result's payload serialised and encoded once for every subscriber that receives it:
 * the payload is most of a message's bytes, and each socket's frame copies them.
 */
export class SharedPayloads {
  private readonly encoded = new WeakMap<object, Buffer>();

  bytesOf(result: ExecutionResult): Buffer {
    let bytes = this.encoded.get(result);
    if (!bytes) {
      const { errors, ...rest } = result;
      bytes = Buffer.from(JSON.stringify(errors ? { ...rest, errors: errors.map(clientError) } : rest));
      this.encoded.set(result, bytes);
    }
    return bytes;
  }
}

/** What serveGraphqlWs needs beyond the hooks. */
export interface GraphqlWsOptions {
  payloads: SharedPayloads;
  keepAliveMs: number;
  /** What a connection may hold for a client that falls behind (LIVE_MAX_BUFFER_BYTES). */
  budgetBytes: number;
}

export function serveGraphqlWs<C>(hooks: GraphqlWsHooks<C>, sockets: WebSocketServer, options: GraphqlWsOptions): void {
  const { payloads, keepAliveMs } = options;
  const isProd = process.env.NODE_ENV === 'production';
  sockets.options.handleProtocols = handleProtocols;
  // A client too far behind: what waits for it goes, its operations end, and the close frame
  // goes out after the little its socket still buffers.
  const sender = new LiveSender(options.budgetBytes, (socket: ServedSocket<C>) => {
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
    for (const results of operations?.values() ?? []) void results?.return();
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
        await results?.return();
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
    const operations = (socket.operations ??= new Map());
    if (operations.has(id)) return socket.close(CloseCode.SubscriberAlreadyExists, `Subscriber for ${id} already exists`);
    operations.set(id, null);
    const writer = new NextMessageWriter(socket, id, payloads, sender);
    let results: SubscriptionResults;
    try {
      const args = await hooks.prepare(socket.connection, request);
      if (isErrors(args)) return sendError(socket, id, args);
      const operation = getOperationAST(args.document, args.operationName);
      if (!operation) return sendError(socket, id, [new GraphQLError('Unable to identify operation')]);
      const outcome = operation.operation === OperationTypeNode.SUBSCRIPTION ? await hooks.subscribe(args) : await hooks.execute(args);
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
      if (socket.operations?.get(id) === null) socket.operations.delete(id);
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

const TEXT_FRAME = 0x81; // FIN and opcode 1: a whole text message in one frame
const CLOSING_BRACE = 0x7d;

/** An unmasked WebSocket text frame of `length` bytes of message, its header written; the message is its last `length` bytes. */
function textFrameOf(length: number): Buffer {
  const frame = Buffer.allocUnsafe((length < 126 ? 2 : length < 65_536 ? 4 : 10) + length);
  frame[0] = TEXT_FRAME;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  return frame;
}

/**
 * A graphql-transport-ws `next` message as one unmasked WebSocket text frame, header
 * included: `prefix` (the message up to its payload, in UTF-8), the payload's bytes, and the
 * closing brace.
 */
export function nextMessageFrame(prefix: Buffer, payload: Buffer): Buffer {
  const length = prefix.length + payload.length + 1;
  const frame = textFrameOf(length);
  const offset = frame.length - length;
  frame.set(prefix, offset);
  frame.set(payload, offset + prefix.length);
  frame[frame.length - 1] = CLOSING_BRACE;
  return frame;
}

/** A whole text message as one unmasked WebSocket frame. */
function textFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const frame = textFrameOf(length);
  frame.write(text, frame.length - length, 'utf8');
  return frame;
}

/** How a connection ends when its client falls further behind than its budget. */
export const SLOW_CLIENT_CLOSE = { code: 4408, reason: 'Too far behind: the client reads slower than its events come' } as const;

/**
 * Every message to a client goes through here. While its socket takes what it is given (its
 * stream asks for no drain), a message is written at once; once the client reads slower than
 * messages come, they wait in the connection's backlog, where a newer progress-only message
 * replaces an older one of the same resource, and go out as the socket drains. What waits,
 * and what the socket buffers, is bounded by the budget: past it the connection is handed to
 * `overflowed` to be closed. So a slow client costs its budget at most, and the others,
 * written to in the same loop, wait for nothing.
 */
export class LiveSender {
  constructor(
    private readonly budgetBytes: number,
    private readonly overflowed: (socket: ServedSocket<never>) => void,
  ) {}

  /** A `next` frame; `scope` and `source` (the operation, and the event the result was made for) say whether a newer one may replace it. */
  send(socket: WebSocket, frame: Buffer, scope: string, source: unknown): void {
    const served = socket as ServedSocket<never>;
    const stream = served.stream;
    if (socket.readyState !== socket.OPEN || !stream) return;
    if (!served.backlog && !stream.writableNeedDrain) return write(stream, frame, writtenAtOf(source));
    this.wait(served, stream, frame, replacementKey(scope, source), writtenAtOf(source));
  }

  /** Any other message of the protocol (an acknowledgement, a pong, an operation's end), after whatever waits. */
  sendText(socket: WebSocket, text: string): void {
    const served = socket as ServedSocket<never>;
    if (socket.readyState !== socket.OPEN) return;
    const stream = served.stream;
    if (!stream || (!served.backlog && !stream.writableNeedDrain)) return socket.send(text);
    this.wait(served, stream, textFrame(text), null, null);
  }

  private wait(socket: ServedSocket<never>, stream: Duplex, frame: Buffer, key: string | null, writtenAt: number | null): void {
    let backlog = socket.backlog;
    if (!backlog) {
      backlog = socket.backlog = new SendBacklog();
      // A closure only for a socket that fell behind.
      stream.once('drain', () => this.flush(socket, stream));
    }
    backlog.push(frame, frame.length, key, writtenAt);
    if (backlog.bytes + stream.writableLength <= this.budgetBytes) return;
    socket.backlog = undefined;
    liveSlowClientCloses.inc({ transport: 'graphql-ws' });
    this.overflowed(socket);
  }

  private flush(socket: ServedSocket<never>, stream: Duplex): void {
    const backlog = socket.backlog;
    if (!backlog || socket.readyState !== socket.OPEN) return;
    while (!stream.writableNeedDrain) {
      const waiting = backlog.shift();
      if (!waiting) {
        socket.backlog = undefined;
        return;
      }
      write(stream, waiting.message, waiting.writtenAt);
    }
    stream.once('drain', () => this.flush(socket, stream));
  }
}

function write(stream: Duplex, frame: Buffer, writtenAt: number | null): void {
  stream.write(frame);
  if (writtenAt !== null) liveDeliveryLag.observe((Date.now() - writtenAt) / 1000);
}

/** What a `next` message of subscription `id` says before its payload, in UTF-8. */
export function nextMessagePrefix(id: string): Buffer {
  return Buffer.from(`{"id":${JSON.stringify(id)},"type":"next","payload":`);
}

/**
 * Writes one operation's `next` messages straight to its socket's stream: the shared
 * payload's bytes are copied into one frame per socket, so a delivery is one allocation, one
 * copy and one write, with no string work and no second write for the frame header. Order
 * with the other messages holds because `ws` writes to the same stream and never holds
 * messages back without compression.
 */
export class NextMessageWriter implements ResultWriter {
  /** Encoded once: copying its bytes into each frame is cheaper than encoding the text again. */
  private readonly prefix: Buffer;

  constructor(
    private readonly socket: WebSocket,
    private readonly id: string,
    private readonly payloads: SharedPayloads,
    private readonly sender: LiveSender,
  ) {
    this.prefix = nextMessagePrefix(id);
  }

  write(result: ExecutionResult, source?: unknown): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    this.sender.send(this.socket, nextMessageFrame(this.prefix, this.payloads.bytesOf(result)), this.id, source);
  }
}

/** Where ordered results go: a socket's frames, or an event stream's queue. */
export interface ResultWriter {
  /** `source` is the event the result was executed for, when it was pushed. */
  write(result: ExecutionResult, source?: unknown): void;
}

/**
 * Writes pushed results in the order of their events. A shared result is usually ready (the
 * first subscriber's execution finished synchronously); one still executing holds back the
 * ones after it, and the end waits for the last.
 */
export class OrderedWrites implements PushSink<Result> {
  private tail: Promise<void> | null = null;

  constructor(
    private readonly writer: ResultWriter,
    private readonly finished: (error?: unknown) => void,
  ) {}

  next(result: Result, source?: unknown): void {
    if (!this.tail && !(result instanceof Promise)) return this.writer.write(result, source);
    const tail = (this.tail ?? Promise.resolve()).then(() => result).then((ready) => this.writer.write(ready, source));
    this.tail = tail;
    tail.then(
      () => {
        if (this.tail === tail) this.tail = null;
      },
      (error: unknown) => this.finished(error),
    );
  }

  end(): void {
    if (!this.tail) return this.finished();
    this.tail.then(
      () => this.finished(),
      (error: unknown) => this.finished(error),
    );
  }
}
