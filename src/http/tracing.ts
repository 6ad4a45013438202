import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contextOf, endSpan, runInSpan, SpanKind, startSpan, traceFields, tracingOn, type Span } from '../observability/tracing';
import { GRAPHQL_PATH } from './graphql/common';

/** Keyed by the raw request, which the request's logger is made from. */
const spans = new WeakMap<IncomingMessage, Span>();

/** The server span of a request, when tracing is on: its log line names its trace. */
export function spanOf(request: FastifyRequest): Span | undefined {
  return spans.get(request.raw);
}

/**
 * The trace ids a request's own logger binds: a read runs outside any active span, so the
 * logger's mixin finds none and the request's span names the trace; under an active span
 * (a write's handler) the mixin's ids are the line's, nothing is bound twice.
 */
export function requestTraceFields(raw: IncomingMessage): { trace_id?: string; span_id?: string } {
  const span = spans.get(raw);
  return span && traceFields().trace_id === undefined ? traceFields(span) : {};
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request may start work (queue a job, leave an outbox entry, call an engine): a
 * REST write, or a GraphQL document over HTTP with a mutation in it. Only these run with
 * their span as the active context; a read's span is carried on the request alone, for its
 * log line, and costs no context switch (see `scoped-context.ts` for why that matters).
 */
function mayStartWork(request: FastifyRequest, graphql: boolean): boolean {
  if (READS.has(request.method)) return false;
  if (!graphql) return true;
  // A word check, not a parse (yoga parses later): a document without the word has no mutation.
  const query = (request.body as { query?: unknown } | undefined)?.query;
  return typeof query !== 'string' || query.includes('mutation');
}

/**
 * A server span for every request (REST, GraphQL over HTTP and SSE, the pages), the child of
 * the caller's span when the request carries a W3C `traceparent`. The handler of a request
 * that may start work runs with the span active, so the jobs the request queues carry it (the
 * queue registry reads the active context) and the worker's span joins the same trace. Reads
 * keep their span on the request only. Registered only when tracing is on, before the routes;
 * off, not one hook is added.
 */
export function registerTracing(app: FastifyInstance): void {
  if (!tracingOn()) return;
  app.addHook('onRequest', (request, _reply, done) => {
    const host = request.host;
    const port = /:(\d+)$/.exec(host)?.[1];
    const span = startSpan(request.method, {
      kind: SpanKind.SERVER,
      parent: contextOf(request.headers),
      attributes: {
        'http.request.method': request.method,
        'server.address': port ? host.slice(0, -port.length - 1) : host,
        ...(port && { 'server.port': Number(port) }),
        'url.scheme': request.protocol,
        'http.request.id': request.id,
      },
    });
    if (span) spans.set(request.raw, span);
    done();
  });
  app.addHook('onRoute', (route) => {
    const handler = route.handler as (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => unknown;
    const graphql = route.url === GRAPHQL_PATH;
    route.handler = function tracedHandler(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      if (!mayStartWork(request, graphql)) return handler.call(this, request, reply);
      return runInSpan(spans.get(request.raw), () => handler.call(this, request, reply));
    };
  });
  const end = (request: FastifyRequest, status: number | undefined) => {
    const span = spans.get(request.raw);
    // Kept for the request's log line, written after this hook; ended once (an abort may follow the answer).
    if (!span?.isRecording()) return;
    // The pattern, never the URL: ids and names stay out of span names, as out of metrics.
    const route = request.routeOptions.url;
    if (route) span.updateName(`${request.method} ${route}`);
    endSpan(span, status !== undefined && status >= 500 ? new Error(`HTTP ${status}`) : undefined, {
      ...(route && { 'http.route': route }),
      ...(status !== undefined && { 'http.response.status_code': status }),
    });
  };
  app.addHook('onResponse', (request, reply, done) => {
    end(request, reply.statusCode);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    end(request, undefined);
    done();
  });
}
