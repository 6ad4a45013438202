import { pino, type LevelWithSilent, type Logger } from 'pino';
import { LineDestination } from './log-destination';

export type { Logger };

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
}

// The voice API accepts its key as `?api_key=`, and a transcript's playback URL carries a
// `?token=`; a logged URL keeps the parameter's name only. A name is compared as the query
// parser reads it (percent-decoded, `+` a space, any case): `?%61pi_key=` and `?api%5Fkey=`
// reach the route as `api_key`, so they are masked as `api_key` is. A value runs to the next
// `&`, as the parser reads it (a `#` in it is part of the key).
const SECRET_PARAMETERS = new Set(['api_key', 'token']);
const PARAMETER = /([?&])([^&=]*)=[^&]*/g;

function decodedName(name: string): string {
  if (!name.includes('%') && !name.includes('+')) return name.toLowerCase();
  const spaced = name.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced).toLowerCase();
  } catch {
    // The parser keeps a name whose escapes do not decode as it is.
    return spaced.toLowerCase();
  }
}

export function redactUrl(url: string): string;
export function redactUrl(url: string | undefined): string | undefined;
export function redactUrl(url: string | undefined): string | undefined {
  // Most URLs have no parameter at all: a scan for '=' is cheaper than the pattern's.
  if (!url?.includes('=')) return url;
  return url.replace(PARAMETER, (parameter, separator: string, name: string) =>
    SECRET_PARAMETERS.has(decodedName(name)) ? `${separator}${name}=[redacted]` : parameter,
  );
}

let stdout: LineDestination | undefined;

/**
 * Standard output, written asynchronously: a line goes out as soon as the previous write has
 * finished, so lines logged meanwhile leave together in one write instead of a blocking
 * write each. What is still pending when the process exits is written then, synchronously.
 */
function asyncStdout(): LineDestination {
  if (!stdout) {
    const destination = new LineDestination(1);
    process.once('exit', () => destination.flushSync());
    stdout = destination;
  }
  return stdout;
}

/**
 * The mixin's fields under the line's own, as pino's default does, but a line the mixin adds
 * nothing to (outside any traced work: every read's) is written as it is rather than copied
 * field by field into the mixin's empty object.
 */
function mergeMixin(line: object, fields: object): object {
  for (const _ in fields) return Object.assign(fields, line);
  return line;
}

/**
 * One structured logger per process, shared by the HTTP server and the workers, so a
 * request's lines and its jobs' lines read alike. API keys never reach it: requests are
 * logged by method and URL with any key parameter masked, and keys in headers are redacted.
 */
export function createLogger(level: LevelWithSilent, destination: pino.DestinationStream = asyncStdout(), mixin?: () => object): Logger {
  return pino(
    {
      level,
      // With tracing on, the trace and span of the work under way (`trace_id`, `span_id`) on every line.
      ...(mixin && { mixin, mixinMergeStrategy: mergeMixin }),
      redact: {
        paths: ['req.headers["x-api-key"]', 'headers["x-api-key"]', 'req.headers.authorization', 'headers.authorization'],
        censor: '[redacted]',
      },
      serializers: {
        req: (request: LoggedRequest) => ({ method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip }),
      },
    },
    destination,
  );
}

/** What a request's one line says besides its level, time and message. */
export interface RequestLine {
  requestId: string;
  method: string;
  url: string;
  host: string | undefined;
  remoteAddress: string | undefined;
  route: string;
  statusCode: number;
  responseTime: number;
  /** The request's trace, when tracing is on. */
  trace_id?: string;
  span_id?: string;
}

const INFO = 30;
const { streamSym, chindingsSym, timeSym } = pino.symbols;

/** The parts of a pino logger a line needs: where it writes, its own fields (pid, hostname) and its clock. */
function internalsOf(logger: Logger) {
  const internals = logger as unknown as Record<symbol, unknown>;
  return {
    stream: internals[streamSym] as { write(line: string): unknown },
    ownFields: internals[chindingsSym] as string,
    time: internals[timeSym] as () => string,
  };
}

/**
 * Writes a completed request's line in pino's own format (the same fields in the same order as
 * `logger.info({ requestId, req, route, statusCode, responseTime }, 'request completed')`, to
 * the same destination), without pino's generic path: its serializer, redaction walk and
 * key-by-key serialisation cost about a tenth of the server's CPU at thousands of requests a
 * second, for a line whose shape never changes. The URL is masked as every logged URL is;
 * the other strings are escaped as JSON.
 */
export function writeRequestLine(logger: Logger, line: RequestLine): void {
  if (logger.levelVal > INFO) return;
  const { stream, ownFields, time } = internalsOf(logger);
  const req =
    `{"method":${jsonString(line.method)},"url":${jsonString(redactUrl(line.url))}` +
    (line.host === undefined ? '' : `,"host":${jsonString(line.host)}`) +
    (line.remoteAddress === undefined ? '' : `,"remoteAddress":${jsonString(line.remoteAddress)}`) +
    '}';
  stream.write(
    `{"level":${INFO}${time()}${ownFields},"requestId":${jsonString(line.requestId)},"req":${req}` +
      `,"route":${jsonString(line.route)},"statusCode":${line.statusCode},"responseTime":${line.responseTime}` +
      (line.trace_id === undefined ? '' : `,"trace_id":"${line.trace_id}","span_id":"${line.span_id}"`) +
      `,"msg":"request completed"}\n`,
  );
}

/** What JSON.stringify would escape in a string: quotes, backslashes, control characters and lone surrogates. */
const NEEDS_ESCAPING = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A string as JSON. Most strings here need no escaping, and quoting them is a fraction of JSON.stringify's cost. */
function jsonString(value: string): string {
  return NEEDS_ESCAPING.test(value) ? JSON.stringify(value) : `"${value}"`;
}
