import type { FastifyReply, FastifyRequest } from 'fastify';
import { Invalid, RateLimited, ServiceUnavailable } from '../domain/errors';
import { transportError } from '../http/transport-errors';

/** The two legacy error dialects: `{detail}` on /api, `{error}` / `{message, errors}` on /v2. */
export type ErrorDialect = 'api' | 'v2';

interface WireError {
  status: number;
  body: Record<string, unknown>;
  retryAfterSeconds?: number;
}

export function toWireError(error: unknown, dialect: ErrorDialect): WireError {
  const domain = transportError(error);
  if (!domain) return { status: 500, body: dialect === 'api' ? { detail: 'Internal server error' } : { error: 'Internal server error' } };
  const retryAfterSeconds = domain instanceof RateLimited || domain instanceof ServiceUnavailable ? domain.retryAfterSeconds : undefined;
  if (dialect === 'api') return { status: domain.status, body: { detail: domain.message }, retryAfterSeconds };
  if (domain instanceof Invalid) {
    return { status: 422, body: { message: 'The given data was invalid.', errors: domain.errors } };
  }
  if (domain instanceof RateLimited) {
    return { status: 429, body: { error: `Rate limit exceeded. Try again in ${domain.retryAfterSeconds} seconds.` }, retryAfterSeconds };
  }
  return { status: domain.status, body: { error: domain.message }, retryAfterSeconds };
}

/** Router errors (a malformed URL, an over-long parameter) in the dialect of the API the path names. */
export function frameworkErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  return errorHandler(request.url.startsWith('/v2/') ? 'v2' : 'api')(error, request, reply);
}

export function errorHandler(dialect: ErrorDialect) {
  return (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const wire = toWireError(error, dialect);
    if (wire.status >= 500) request.log.error({ err: error }, 'request failed');
    if (wire.retryAfterSeconds !== undefined) reply.header('Retry-After', String(wire.retryAfterSeconds));
    return reply.status(wire.status).send(wire.body);
  };
}
