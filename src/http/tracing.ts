import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contextOf, endSpan, runInSpan, startRequestSpan, traceFields, tracingOn, type Attributes, type Span } from '../observability/tracing';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * For tracing: whether a request to the route that is not a read (`GET`, `HEAD`, `OPTIONS`)
     * may start work; unset, every such request may. GraphQL's route answers by the operation's
     * type (a query does not).
     */
    mayStartWork?: (request: FastifyRequest) => boolean;
  }
}

/**
 * The server span, on the raw request (which the request's logger is made from): a property
 * rather than a WeakMap's entry, which V8's collector visits as an ephemeron at every
 * collection, thousands of them a second under load.
 */
const SPAN = Symbol('server span');
type TracedMessage = IncomingMessage & { [SPAN]?: Span };

/** The server span of a request, when tracing is on: its log line names its trace. */
export function spanOf(request: FastifyRequest): Span | undefined {
  return (request.raw as TracedMessage)[SPAN];
}

/**
 * The trace ids a request's own logger binds: a read runs outside any active span, so the
 * logger's mixin finds none and the request's span names the trace; under an active span
 * (a write's handler) the mixin's ids are the line's, nothing is bound twice.
 */
export function requestTraceFields(raw: IncomingMessage): { trace_id?: string; span_id?: string } {
  const span = (raw as TracedMessage)[SPAN];
  return span && traceFields().trace_id === undefined ? traceFields(span) : {};
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The port of a `Host` header (`host:8080`), or undefined when it names none (`[::1]` is all address). */
function portOf(host: string): string | undefined {
  const colon = host.lastIndexOf(':');
  if (colon < 0 || colon === host.length - 1) return undefined;
  for (let at = colon + 1; at < host.length; at++) {
    const code = host.charCodeAt(at);
    if (code < 0x30 || code > 0x39) return undefined;
  }
  return host.slice(colon + 1);
}

/**
 * A server span for every request (REST, GraphQL over HTTP and SSE, the pages), the child of
 * the caller's span when the request carries a W3C `traceparent`. The handler of a request
 * that may start work (a write, unless its route says otherwise: see `mayStartWork`) runs with
 * the span active, so the jobs the request queues carry it (the queue registry reads the
 * active context) and the worker's span joins the same trace. Reads keep their span on the
 * request only, for their log line, and cost no context switch (`scoped-context.ts` says why
 * that matters). Registered only when tracing is on, before the routes; off, not one hook is
 * added.
 *
 * Spans are made by the thousand a second under load, so each is made once, whole: the route
 * is known when `onRequest` runs (fastify routes first), so the span is named and given its
 * route at its start, and its end adds only the status. The request's id is not among its
 * attributes: the request's log line carries it beside the trace's ids, and as an attribute
 * (a new UUID string per request, kept until the export) it was a measurable share of the
 * span's cost.
 */
export function registerTracing(app: FastifyInstance): void {
  if (!tracingOn()) return;
  app.addHook('onRequest', (request, _reply, done) => {
    const host = request.host;
    const port = portOf(host);
    const route = request.routeOptions.url;
    // Built by assignment: spreading the optional ones made two objects more a request.
    const attributes: Attributes = { 'http.request.method': request.method };
    if (route) attributes['http.route'] = route;
    attributes['server.address'] = port ? host.slice(0, -port.length - 1) : host;
    if (port) attributes['server.port'] = Number(port);
    attributes['url.scheme'] = request.protocol;
    const span = startRequestSpan(route ? `${request.method} ${route}` : request.method, attributes, contextOf(request.headers));
    if (span) (request.raw as TracedMessage)[SPAN] = span;
    done();
  });
  app.addHook('onRoute', (route) => {
    const handler = route.handler as (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => unknown;
    const mayStartWork = route.config?.mayStartWork;
    route.handler = function tracedHandler(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      if (READS.has(request.method) || (mayStartWork && !mayStartWork(request))) return handler.call(this, request, reply);
      return runInSpan(spanOf(request), () => handler.call(this, request, reply));
    };
  });
  const end = (request: FastifyRequest, status: number | undefined) => {
    const span = spanOf(request);
    // Kept for the request's log line, written after this hook; ended once (an abort may follow the answer).
    if (!span?.isRecording()) return;
    if (status === undefined) return endSpan(span);
    endSpan(span, status >= 500 ? new Error(`HTTP ${status}`) : undefined, { 'http.response.status_code': status });
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
