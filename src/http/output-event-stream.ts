import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, Invalid } from '../domain/errors';
import type { OutputEvent } from '../domain/output/output-log';
import type { PushStream } from '../events/push-stream';
import { liveSlowClientCloses } from '../observability/metrics';
import { SLOW_CLIENT_CLOSE, SLOW_CLIENT_GRACE_MS } from './graphql/live-results';
import type { KeySubscription, KeySubscriptions, SubscriptionHolder } from './key-subscriptions';

/** A comment line this often keeps proxies from closing a quiet stream as idle. */
const KEEP_ALIVE_MS = 15_000;

/**
 * Where a reader of streamed output resumes: the `Last-Event-ID` header (what an EventSource
 * sends when it reconnects), else the `after` query parameter; null for the snapshot first.
 */
export function resumeAfter(request: FastifyRequest<{ Querystring: { after?: unknown } }>): number | null {
  const header = request.headers['last-event-id'];
  const [name, value] = header !== undefined ? ['Last-Event-ID', Array.isArray(header) ? header[0] : header] : ['after', request.query?.after];
  if (value === undefined || value === '') return null;
  const after = typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : NaN;
  if (Number.isNaN(after)) throw Invalid.param(name, `The ${name} field must be a whole number of 0 or more.`);
  return after;
}

/** What the output routes' event streams are bounded by. */
export interface OutputStreamSettings {
  /** What a stream may hold for a client that reads slower than its events come (LIVE_MAX_BUFFER_BYTES). */
  budgetBytes: number;
  /**
   * The places of each key in this process (LIVE_MAX_SUBSCRIPTIONS_PER_KEY), shared with
   * GraphQL's subscriptions: a stream holds one while it is open, and a revoked key's streams
   * are ended from there.
   */
  keySubscriptions: KeySubscriptions;
}

/**
 * Answers a request with a resource's output events as `text/event-stream`: each event is
 * `id: <seq>` and `data: {"text","reset","done"}`, and the answer ends after `done`.
 *
 * The stream takes one of its key's places before it starts, as a GraphQL subscription does:
 * past LIVE_MAX_SUBSCRIPTIONS_PER_KEY it is refused (429, SUBSCRIPTION_LIMIT), and the place
 * is given back when the stream ends, however it ends. The first event is awaited before
 * anything is sent, so a refused or missing resource is answered as the resource's own GET
 * answers it (401, 404).
 *
 * Once open, a stream ends with a last `event: error` when the server ends it: code
 * UNAUTHENTICATED when its key is revoked (in any process), CLIENT_TOO_SLOW when more than
 * `budgetBytes` wait for a client that reads slower than the events come (as on the GraphQL
 * transports; it may come back with Last-Event-ID, and a connection not read to its end within
 * a grace period is cut).
 */
export async function sendOutputEvents(reply: FastifyReply, keyId: string, stream: PushStream<OutputEvent>, live: OutputStreamSettings): Promise<void> {
  const { keySubscriptions } = live;
  keySubscriptions.reserve(keyId);
  let first: IteratorResult<OutputEvent>;
  try {
    first = await stream.next();
  } catch (error) {
    keySubscriptions.settle(keyId, null);
    throw error;
  }
  reply.hijack();
  reply.raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  const sent = new SentOutputEvents(reply.raw, stream, live.budgetBytes);
  // Ended at once if the key was revoked while the first event was read.
  keySubscriptions.settle(keyId, sent);
  sent.start(first);
}

/** One open event stream: the events written as they come, and its key's place held until it ends. */
class SentOutputEvents implements KeySubscription {
  private over = false;
  private holder: SubscriptionHolder | null = null;
  private keyId = '';
  private readonly keepAlive: NodeJS.Timeout;

  constructor(
    private readonly raw: ServerResponse,
    private readonly stream: PushStream<OutputEvent>,
    private readonly budgetBytes: number,
  ) {
    this.keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    this.keepAlive.unref();
  }

  heldBy(holder: SubscriptionHolder, keyId: string): void {
    this.holder = holder;
    this.keyId = keyId;
  }

  /** Its key was revoked: the client hears why, and the stream ends. */
  endWith(error: Error): void {
    if (this.over) return;
    this.raw.write(errorEvent(error instanceof DomainError ? error.code : 'INTERNAL_SERVER_ERROR', error.message));
    this.stop();
  }

  /** Once its key's place is settled: a stream ended then (its key revoked meanwhile) sends nothing more. */
  start(first: IteratorResult<OutputEvent>): void {
    // The client gone (or the answer ended): the connection closed before the stream did; gone
    // while the first event was read, its close has been and gone.
    if (this.raw.destroyed) return this.stop();
    this.raw.once('close', () => this.stop());
    if (this.over) return;
    if (first.done) return this.end();
    this.write(first.value);
    if (first.value.done) return this.end();
    this.stream.pushTo({ next: (event) => this.write(event), end: () => this.end() });
  }

  private write(event: OutputEvent): void {
    if (this.over) return;
    this.raw.write(`id: ${event.seq}\ndata: ${JSON.stringify({ text: event.text, reset: event.reset, done: event.done })}\n\n`);
    if (this.raw.writableLength <= this.budgetBytes) return;
    this.raw.write(errorEvent('CLIENT_TOO_SLOW', SLOW_CLIENT_CLOSE.reason));
    liveSlowClientCloses.inc({ transport: 'sse' });
    this.stop();
    const raw = this.raw;
    setTimeout(() => raw.destroy(), SLOW_CLIENT_GRACE_MS).unref();
  }

  /** Ended here before the events were over: the stream stops reading, then the answer ends. */
  private stop(): void {
    if (this.over) return;
    void this.stream.return?.();
    this.end();
  }

  /** The answer ends, once, and the key's place is given back. */
  private end(): void {
    if (this.over) return;
    this.over = true;
    clearInterval(this.keepAlive);
    this.raw.end();
    const holder = this.holder;
    this.holder = null;
    holder?.released(this.keyId, this);
  }
}

/** A last event that says why the server ended the stream, as the GraphQL SSE transport words it. */
function errorEvent(code: string, message: string): string {
  return `event: error\ndata: ${JSON.stringify({ code, message })}\n\n`;
}
