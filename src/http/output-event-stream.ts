import type { FastifyReply, FastifyRequest } from 'fastify';
import { Invalid } from '../domain/errors';
import type { OutputEvent } from '../domain/output/output-log';
import type { PushStream } from '../events/push-stream';
import { liveSlowClientCloses } from '../observability/metrics';

/** A comment line this often keeps proxies from closing a quiet stream as idle. */
const KEEP_ALIVE_MS = 15_000;

/** How long a stream ended for a slow client may take to be read to its end before its connection is cut. */
const SLOW_CLIENT_GRACE_MS = 30_000;

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

/**
 * Answers a request with a resource's output events as `text/event-stream`: each event is
 * `id: <seq>` and `data: {"text","reset","done"}`, and the answer ends after `done`. The first
 * event is awaited before anything is sent, so a refused or missing resource is answered as
 * the resource's own GET answers it (401, 404). A client that reads slower than the events
 * come is bounded as on the GraphQL transports: once more than `budgetBytes` wait for it, it
 * gets a last `event: error` with code CLIENT_TOO_SLOW and the stream ends (it may come back
 * with Last-Event-ID); a connection not read to its end within a grace period is cut.
 */
export async function sendOutputEvents(request: FastifyRequest, reply: FastifyReply, stream: PushStream<OutputEvent>, budgetBytes: number): Promise<void> {
  const first = await stream.next();
  const raw = reply.raw;
  reply.hijack();
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  let over = false;
  const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  keepAlive.unref();
  const end = () => {
    if (over) return;
    over = true;
    clearInterval(keepAlive);
    raw.end();
  };
  request.raw.once('close', () => {
    void stream.return?.();
    end();
  });
  const write = (event: OutputEvent) => {
    if (over) return;
    raw.write(`id: ${event.seq}\ndata: ${JSON.stringify({ text: event.text, reset: event.reset, done: event.done })}\n\n`);
    if (raw.writableLength <= budgetBytes) return;
    raw.write(
      `event: error\ndata: ${JSON.stringify({ code: 'CLIENT_TOO_SLOW', message: 'Too far behind: the client reads slower than its events come' })}\n\n`,
    );
    liveSlowClientCloses.inc({ transport: 'sse' });
    void stream.return?.();
    end();
    setTimeout(() => raw.destroy(), SLOW_CLIENT_GRACE_MS).unref();
  };
  if (first.done) return end();
  write(first.value);
  if (first.value.done) return end();
  stream.pushTo({ next: write, end });
}
