import type { IncomingMessage } from 'node:http';
import type { ExecutionResult, FormattedExecutionResult } from 'graphql';
import { CloseCode, handleProtocols, makeServer, type ConnectionInitMessage, type ServerOptions } from 'graphql-ws';
import type { WebSocket, WebSocketServer } from 'ws';

/** What graphql-ws hands every hook about the connection, as its own `ws` binding does. */
export interface SocketExtra {
  readonly socket: WebSocket;
  readonly request: IncomingMessage;
}

const KEEP_ALIVE_MS = 12_000;

/**
 * A result serialised once for every subscriber that receives it. `onNext` hands this in
 * place of the payload, the message replacer swaps it for a placeholder, and the send splices
 * the serialised text in where the placeholder stands: graphql-ws still builds and checks each
 * message (its id differs per subscriber), but the payload, most of the bytes, is stringified
 * once per event instead of once per socket.
 */
class SerializedPayload {
  constructor(readonly json: string) {}
}

const PLACEHOLDER = '\u0000shared-payload\u0000';
const PLACEHOLDER_JSON = JSON.stringify(PLACEHOLDER);

export class SharedPayloads {
  private readonly serialized = new WeakMap<object, SerializedPayload>();
  /** Set by the replacer and taken by the send that graphql-ws calls right after, in the same tick. */
  private pending: SerializedPayload | null = null;

  /** For `onNext`: the payload graphql-ws would send, serialised once per result object. */
  of(result: ExecutionResult): FormattedExecutionResult {
    let payload = this.serialized.get(result);
    if (!payload) {
      const { errors, ...rest } = result;
      payload = new SerializedPayload(JSON.stringify(errors ? { ...rest, errors: errors.map((error) => error.toJSON()) } : rest));
      this.serialized.set(result, payload);
    }
    return payload as unknown as FormattedExecutionResult;
  }

  readonly replacer = (_key: string, value: unknown): unknown => {
    if (!(value instanceof SerializedPayload)) return value;
    this.pending = value;
    return PLACEHOLDER;
  };

  /** The message as it goes on the wire, with the shared payload spliced in. */
  splice(message: string): string {
    const payload = this.pending;
    if (!payload) return message;
    this.pending = null;
    const at = message.lastIndexOf(PLACEHOLDER_JSON);
    return at < 0 ? message : message.slice(0, at) + payload.json + message.slice(at + PLACEHOLDER_JSON.length);
  }
}

/** Per-socket state, kept on the socket itself so a connection costs no closures of ours. */
interface ServedSocket extends WebSocket {
  graphqlHandle?: (data: string) => Promise<void>;
  graphqlClosed?: (code: number, reason: string) => Promise<void>;
  awaitingPong?: boolean;
}

/**
 * graphql-ws's protocol server on a `ws` server, in place of graphql-ws's own `ws` binding:
 * that binding keeps two timers and half a dozen closures per socket, and waits for every
 * write to flush before the next message. Here one timer pings every socket and drops the
 * ones that did not answer the previous ping; listeners are shared functions; and sends go
 * straight to the socket, which buffers them in order.
 */
export function serveGraphqlWs<P extends ConnectionInitMessage['payload'], E extends Record<PropertyKey, unknown>>(
  options: ServerOptions<P, SocketExtra & Partial<E>>,
  sockets: WebSocketServer,
  payloads: SharedPayloads,
): void {
  const isProd = process.env.NODE_ENV === 'production';
  const server = makeServer<P, SocketExtra & Partial<E>>({ ...options, jsonMessageReplacer: payloads.replacer });
  sockets.options.handleProtocols = handleProtocols;

  const internalError = (socket: WebSocket, error: unknown) => {
    const reason = isProd ? 'Internal server error' : limitReason(error instanceof Error ? error.message : String(error));
    socket.close(CloseCode.InternalServerError, reason);
  };
  function onError(this: ServedSocket, error: Error) {
    console.error('Internal error emitted on a WebSocket socket.', error);
    internalError(this, error);
  }
  function onMessage(this: ServedSocket, data: Buffer) {
    this.graphqlHandle?.(String(data)).catch((error: unknown) => {
      console.error('Internal error occurred during message handling.', error);
      internalError(this, error);
    });
  }
  function onPong(this: ServedSocket) {
    this.awaitingPong = false;
  }
  function onClose(this: ServedSocket, code: number, reason: Buffer) {
    const closed = this.graphqlClosed;
    this.graphqlHandle = undefined;
    this.graphqlClosed = undefined;
    void closed?.(code, String(reason));
  }

  sockets.on('connection', (socket: ServedSocket, request: IncomingMessage) => {
    socket.once('error', onError);
    socket.on('pong', onPong);
    socket.on('message', onMessage);
    socket.once('close', onClose);
    socket.graphqlClosed = server.opened(
      {
        protocol: socket.protocol,
        send: (data) => {
          // Taken even when the socket has gone, so a stale payload cannot reach the next send.
          const message = payloads.splice(data);
          if (socket.readyState === socket.OPEN) socket.send(message);
        },
        close: (code, reason) => socket.close(code, reason),
        onMessage: (handle) => {
          socket.graphqlHandle = handle;
        },
      },
      { socket, request } as SocketExtra & Partial<E>,
    );
  });

  const keepAlive = setInterval(() => {
    for (const socket of sockets.clients as Set<ServedSocket>) {
      if (socket.readyState !== socket.OPEN) continue;
      if (socket.awaitingPong) {
        socket.terminate();
        continue;
      }
      socket.awaitingPong = true;
      socket.ping();
    }
  }, KEEP_ALIVE_MS);
  keepAlive.unref();
  sockets.once('close', () => clearInterval(keepAlive));
}

/** WebSocket close reasons are limited to 123 bytes. */
function limitReason(reason: string): string {
  return Buffer.byteLength(reason) > 123 ? 'Internal server error' : reason;
}
