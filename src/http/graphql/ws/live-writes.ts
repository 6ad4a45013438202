import type { Duplex } from 'node:stream';
import type { ExecutionResult } from 'graphql';
import type { WebSocket } from 'ws';
import { liveDeliveryLag, liveSlowClientCloses } from '../../../observability/metrics';
import type { ResultWriter, SharedPayloads } from '../live-results';
import { replacementKey, SendBacklog, writtenAtOf } from '../send-backlog';

/**
 * How results reach graphql-ws clients: `next` messages framed by hand around the shared
 * payload and written to the socket's stream, and a backlog for a client that reads slower
 * than its events come.
 */

/** What the sender keeps on a socket (the graphql-ws server sets both fields when it connects). */
export interface SendingSocket extends WebSocket {
  /** The upgraded TCP stream under the WebSocket: `next` messages are framed here and written to it. */
  stream?: Duplex;
  /** Messages waiting while the client reads slower than they come; none otherwise. */
  backlog?: SendBacklog<Buffer>;
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
    private readonly overflowed: (socket: SendingSocket) => void,
  ) {}

  /** A `next` frame; `scope` and `source` (the operation, and the event the result was made for) say whether a newer one may replace it. */
  send(socket: WebSocket, frame: Buffer, scope: string, source: unknown): void {
    const served = socket as SendingSocket;
    const stream = served.stream;
    if (socket.readyState !== socket.OPEN || !stream) return;
    if (!served.backlog && !stream.writableNeedDrain) return write(stream, frame, writtenAtOf(source));
    this.wait(served, stream, frame, replacementKey(scope, source), writtenAtOf(source));
  }

  /** Any other message of the protocol (an acknowledgement, a pong, an operation's end), after whatever waits. */
  sendText(socket: WebSocket, text: string): void {
    const served = socket as SendingSocket;
    if (socket.readyState !== socket.OPEN) return;
    const stream = served.stream;
    if (!stream || (!served.backlog && !stream.writableNeedDrain)) return socket.send(text);
    this.wait(served, stream, textFrame(text), null, null);
  }

  private wait(socket: SendingSocket, stream: Duplex, frame: Buffer, key: string | null, writtenAt: number | null): void {
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

  private flush(socket: SendingSocket, stream: Duplex): void {
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
