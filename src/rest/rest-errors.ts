import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Invalid, NotFound, RateLimited, ServiceUnavailable } from '../domain/errors';
import { transportError } from '../http/transport-errors';

/** The two legacy error dialects: `{detail}` on /api, `{error}` / `{message, errors}` on /v2. */
export type ErrorDialect = 'api' | 'v2';

export const apiErrorSchema = z
  .object({ detail: z.string().meta({ description: 'What went wrong, in words that can be shown as they are.' }) })
  .meta({ id: 'ApiError', description: 'Every error of /api.' });

export const v2ErrorSchema = z.object({ error: z.string() }).meta({ id: 'V2Error', description: 'An error of /v2 other than invalid input.' });

export const v2ValidationErrorSchema = z
  .object({
    message: z.string().meta({ description: 'Always "The given data was invalid."' }),
    errors: z.record(z.string(), z.array(z.string())).meta({ description: 'Each failing parameter with its messages.' }),
  })
  .meta({ id: 'V2ValidationError', description: 'Invalid input on /v2.' });

type ApiErrorBody = z.output<typeof apiErrorSchema>;
type V2ErrorBody = z.output<typeof v2ErrorSchema> | z.output<typeof v2ValidationErrorSchema>;

interface WireError {
  status: number;
  body: ApiErrorBody | V2ErrorBody;
  retryAfterSeconds?: number;
}

export function toWireError(error: unknown, dialect: ErrorDialect): WireError {
  const domain = transportError(error);
  if (!domain) return { status: 500, body: dialect === 'api' ? { detail: 'Internal server error' } : { error: 'Internal server error' } };
  const retryAfterSeconds = domain instanceof RateLimited || domain instanceof ServiceUnavailable ? domain.retryAfterSeconds : undefined;
  if (dialect === 'api') return { status: domain.status, body: { detail: domain.message }, retryAfterSeconds };
  if (domain instanceof Invalid) {
    // An Invalid with no field named (an unreadable body) still tells the client why, under `body`.
    const errors = Object.keys(domain.errors).length > 0 ? domain.errors : { body: [domain.message] };
    return { status: 422, body: { message: 'The given data was invalid.', errors } };
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
    // fastify parses the body of an unmatched request before its 404 handler runs; an unknown
    // method or path is still "not found", whatever that body holds.
    const unmatchedBody = request.is404 && /^FST_ERR_CTP_/.test(String((error as { code?: unknown }).code));
    const wire = toWireError(unmatchedBody ? new NotFound('Not found') : error, dialect);
    if (wire.status >= 500) request.log.error({ err: error }, 'request failed');
    if (wire.retryAfterSeconds !== undefined) reply.header('Retry-After', String(wire.retryAfterSeconds));
    return reply.status(wire.status).send(wire.body);
  };
}
