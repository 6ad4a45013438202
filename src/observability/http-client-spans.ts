import diagnostics from 'node:diagnostics_channel';
import { context, trace } from '@opentelemetry/api';
import { endSpan, engineNamed, SpanKind, startSpan, traceCarrier, type Span } from './tracing';

/** What undici tells its diagnostics channels of a request (undici's `Request`, the fields read here). */
interface UndiciRequest {
  origin: string | URL;
  method: string;
  path: string;
  addHeader?(name: string, value: string): unknown;
  headers?: string | string[];
}

/**
 * The OpenAI-style engines, known by the protocol's paths wherever they are served; one that
 * shares another's path (the diarizing speech-to-text) is named by its caller (`asEngine`).
 */
const ENGINE_PATHS: readonly [RegExp, string][] = [
  [/\/audio\/transcriptions(\?|$)/, 'speech-to-text'],
  [/\/chat\/completions(\?|$)/, 'llm'],
  [/\/embeddings(\?|$)/, 'embeddings'],
];

/**
 * A client span for every HTTP request undici makes under a traced piece of work (every engine
 * call goes through undici: speech-to-text, LLM, embeddings, the GPU job service, URL downloads,
 * webhook deliveries), each retry its own request and so its own span, and the W3C
 * `traceparent` on the request so an engine that traces continues the trace. Read from undici's
 * diagnostics channels, so no client needs a change. A request made outside any traced work
 * (the start's checks) is not followed. What a span says: the engine, the method, the server's
 * address and port, the answer's status: never the path or query (a signed URL's token lives
 * there) nor a header.
 */
export function followHttpClients(gpuJobsUrl: string | undefined): () => void {
  const gpuOrigin = gpuJobsUrl ? new URL(gpuJobsUrl).origin : undefined;
  const spans = new WeakMap<UndiciRequest, Span>();
  const engineOf = (request: UndiciRequest, origin: URL): string => {
    const named = engineNamed();
    if (named) return named;
    if (origin.origin === gpuOrigin) return 'gpu-jobs';
    return ENGINE_PATHS.find(([path]) => path.test(request.path))?.[1] ?? 'http';
  };
  const created = ({ request }: { request: UndiciRequest }) => {
    if (!trace.getActiveSpan()) return;
    let origin: URL;
    try {
      origin = new URL(String(request.origin));
    } catch {
      return;
    }
    const engine = engineOf(request, origin);
    const span = startSpan(`${engine} ${request.method}`, {
      kind: SpanKind.CLIENT,
      attributes: {
        engine,
        'http.request.method': request.method,
        'server.address': origin.hostname,
        'server.port': Number(origin.port || (origin.protocol === 'https:' ? 443 : 80)),
      },
    });
    if (!span) return;
    spans.set(request, span);
    const { traceparent, tracestate } = traceCarrier(trace.setSpan(context.active(), span));
    for (const [name, value] of [
      ['traceparent', traceparent],
      ['tracestate', tracestate],
    ] as const) {
      if (value === undefined) continue;
      if (typeof request.addHeader === 'function') request.addHeader(name, value);
      else if (Array.isArray(request.headers)) request.headers.push(name, value);
      else if (typeof request.headers === 'string') request.headers += `${name}: ${value}\r\n`;
    }
  };
  const answered = ({ request, response }: { request: UndiciRequest; response: { statusCode: number } }) => {
    const span = spans.get(request);
    if (!span) return;
    span.setAttribute('http.response.status_code', response.statusCode);
    // An error answer's body is read or dropped by the client: the outcome is known now.
    if (response.statusCode < 400) return;
    spans.delete(request);
    endSpan(span, new HttpStatus(response.statusCode), { 'error.type': String(response.statusCode) });
  };
  const ended = ({ request }: { request: UndiciRequest }) => {
    const span = spans.get(request);
    spans.delete(request);
    endSpan(span);
  };
  const failed = ({ request, error }: { request: UndiciRequest; error: unknown }) => {
    const span = spans.get(request);
    spans.delete(request);
    endSpan(span, error);
  };
  const channels = {
    'undici:request:create': created,
    'undici:request:headers': answered,
    'undici:request:trailers': ended,
    'undici:request:error': failed,
  } as Record<string, (message: never) => void>;
  for (const [name, listener] of Object.entries(channels)) diagnostics.subscribe(name, listener as (message: unknown) => void);
  return () => {
    for (const [name, listener] of Object.entries(channels)) diagnostics.unsubscribe(name, listener as (message: unknown) => void);
  };
}

/** An error answer, as the span's outcome: its class and status, never its body. */
class HttpStatus extends Error {
  constructor(status: number) {
    super(`HTTP ${status}`);
  }
}
