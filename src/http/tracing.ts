import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contextOf, endSpan, runInSpan, SpanKind, startSpan, tracingOn, type Span } from '../observability/tracing';

const spans = new WeakMap<FastifyRequest, Span>();

/** The server span of a request, when tracing is on: its log line names its trace. */
export function spanOf(request: FastifyRequest): Span | undefined {
  return spans.get(request);
}

/**
 * A server span for every request (REST, GraphQL over HTTP and SSE, the pages), the child of
 * the caller's span when the request carries a W3C `traceparent`. Each route's handler runs
 * with the span active, so the jobs the request queues carry it (the queue registry reads the
 * active context) and the worker's span joins the same trace. Registered only when tracing is
 * on, before the routes; off, not one hook is added.
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
    if (span) spans.set(request, span);
    done();
  });
  app.addHook('onRoute', (route) => {
    const handler = route.handler as (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => unknown;
    route.handler = function tracedHandler(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      return runInSpan(spans.get(request), () => handler.call(this, request, reply));
    };
  });
  const end = (request: FastifyRequest, status: number | undefined) => {
    const span = spans.get(request);
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
