import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, Invalid, PayloadTooLarge, RateLimited } from '../domain/errors';

/** The two legacy error dialects: `{detail}` on /api, `{error}` / `{message, errors}` on /v2. */
export type ErrorDialect = 'api' | 'v2';

interface WireError {
  status: number;
  body: Record<string, unknown>;
  retryAfterSeconds?: number;
}

export function toWireError(error: unknown, dialect: ErrorDialect): WireError {
  const domain = asDomainError(error);
  if (!domain) return { status: 500, body: dialect === 'api' ? { detail: 'Internal server error' } : { error: 'Internal server error' } };
  const retryAfterSeconds = domain instanceof RateLimited ? domain.retryAfterSeconds : undefined;
  if (dialect === 'api') return { status: domain.status, body: { detail: domain.message }, retryAfterSeconds };
  if (domain instanceof Invalid) {
    return { status: 422, body: { message: 'The given data was invalid.', errors: domain.errors } };
  }
  if (domain instanceof RateLimited) {
    return { status: 429, body: { error: `Rate limit exceeded. Try again in ${domain.retryAfterSeconds} seconds.` }, retryAfterSeconds };
  }
  return { status: domain.status, body: { error: domain.message } };
}

/** Fastify's own errors (body parsing, limits) in domain terms, so they share the dialects. */
function asDomainError(error: unknown): DomainError | null {
  if (error instanceof DomainError) return error;
  const fastifyError = error as Partial<FastifyError> | undefined;
  switch (fastifyError?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new PayloadTooLarge('Request body too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new Invalid('Unsupported content type');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new Invalid('Request body is not valid JSON', { body: ['Request body is not valid JSON'] });
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new Invalid('A path parameter is too long (names have at most 255 characters)');
    case 'FST_ERR_BAD_URL':
      return new Invalid('The URL is malformed');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new Invalid(fastifyError.message ?? 'Invalid multipart body');
  }
  if (fastifyError?.statusCode === 400 || (fastifyError?.statusCode && fastifyError.statusCode < 500 && fastifyError.message)) {
    return new Invalid(fastifyError.message ?? 'Bad request');
  }
  return null;
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
