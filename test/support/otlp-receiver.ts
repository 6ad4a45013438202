import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as received, its attributes flattened to plain values. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, string | number | boolean>;
  /** 0 unset, 1 ok, 2 error. */
  status: { code: number; message?: string };
  links: { traceId: string; spanId: string }[];
  /** Resource attributes of the batch it came in. */
  resource: Record<string, string | number | boolean>;
}

export interface OtlpReceiver {
  /** The base URL, as OTEL_EXPORTER_OTLP_ENDPOINT takes it (spans arrive at /v1/traces). */
  url: string;
  spans: ReceivedSpan[];
  /** Every request body as received, to search for what must never be exported. */
  bodies: Buffer[];
  /** Spans counted in protobuf bodies (only counted: their content is searched in `bodies`). */
  protobufSpans: number;
  requests: number;
  close(): Promise<void>;
}

type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type OtlpAttribute = { key: string; value: OtlpValue };

function plain(attributes: OtlpAttribute[] | undefined): Record<string, string | number | boolean> {
  const values: Record<string, string | number | boolean> = {};
  for (const { key, value } of attributes ?? []) {
    values[key] = value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : (value.boolValue ?? value.doubleValue ?? ''));
  }
  return values;
}

/**
 * A local OTLP/HTTP collector: decodes http/json exports into spans, and counts the spans of
 * http/protobuf ones with a reader of the protobuf wire format (ExportTraceServiceRequest:
 * resource_spans = 1, scope_spans = 2, spans = 2). Answers 200 with an empty response.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const receiver: OtlpReceiver = { url: '', spans: [], bodies: [], protobufSpans: 0, requests: 0, close: async () => undefined };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      receiver.requests += 1;
      receiver.bodies.push(body);
      if (String(request.headers['content-type']).includes('json')) {
        const decoded = JSON.parse(body.toString('utf8')) as {
          resourceSpans: {
            resource?: { attributes?: OtlpAttribute[] };
            scopeSpans: {
              spans: {
                traceId: string;
                spanId: string;
                parentSpanId?: string;
                name: string;
                kind: number;
                attributes?: OtlpAttribute[];
                status?: { code?: number; message?: string };
                links?: { traceId: string; spanId: string }[];
              }[];
            }[];
          }[];
        };
        for (const resourceSpans of decoded.resourceSpans) {
          const resource = plain(resourceSpans.resource?.attributes);
          for (const scope of resourceSpans.scopeSpans) {
            for (const span of scope.spans) {
              receiver.spans.push({
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId ?? '',
                name: span.name,
                kind: span.kind,
                attributes: plain(span.attributes),
                status: { code: span.status?.code ?? 0, message: span.status?.message },
                links: (span.links ?? []).map(({ traceId, spanId }) => ({ traceId, spanId })),
                resource,
              });
            }
          }
        }
        response.setHeader('content-type', 'application/json');
        response.end('{}');
        return;
      }
      receiver.protobufSpans += countProtobufSpans(body);
      response.setHeader('content-type', 'application/x-protobuf');
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/** The length-delimited fields numbered `field` of a protobuf message. */
function lengthDelimited(message: Buffer, field: number): Buffer[] {
  const found: Buffer[] = [];
  let at = 0;
  const varint = () => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = message[at++]!;
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
  };
  while (at < message.length) {
    const tag = varint();
    const wire = tag & 7;
    if (wire === 0) varint();
    else if (wire === 1) at += 8;
    else if (wire === 5) at += 4;
    else if (wire === 2) {
      const length = varint();
      if (tag >>> 3 === field) found.push(message.subarray(at, at + length));
      at += length;
    } else throw new Error(`unexpected protobuf wire type ${wire}`);
  }
  return found;
}

/** The encoded spans of an http/protobuf export. */
function encodedSpans(body: Buffer): Buffer[] {
  return lengthDelimited(body, 1).flatMap((resourceSpans) => lengthDelimited(resourceSpans, 2).flatMap((scopeSpans) => lengthDelimited(scopeSpans, 2)));
}

export function countProtobufSpans(body: Buffer): number {
  return encodedSpans(body).length;
}

/** Each span's trace id (hex) and name (Span: trace_id = 1, name = 5), read from an http/protobuf export. */
export function protobufSpanNames(body: Buffer): { traceId: string; name: string }[] {
  return encodedSpans(body).map((span) => ({
    traceId: lengthDelimited(span, 1)[0]?.toString('hex') ?? '',
    name: lengthDelimited(span, 5)[0]?.toString('utf8') ?? '',
  }));
}
