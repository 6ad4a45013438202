import type { FastifyError } from 'fastify';
import { DomainError, Invalid, PayloadTooLarge, ServiceUnavailable } from '../domain/errors';
import { ToolUnavailable } from '../domain/shared/engine-error';
import { storageFailureOf } from '../domain/shared/storage-failure';
import { isRedisUnavailable } from '../store/redis';

/** A missing tool stays missing until someone installs it: no point in coming back within seconds. */
const TOOL_RETRY_SECONDS = 60;

/**
 * What goes wrong below the doors (Redis or the object storage unreachable, the disk full, an
 * audio tool missing, fastify's body parsing and limits, a malformed multipart body) in domain
 * terms, so that each door answers it in its own dialect; null for a fault of ours.
 */
export function transportError(error: unknown): DomainError | null {
  if (error instanceof DomainError) return error;
  if (isRedisUnavailable(error)) return new ServiceUnavailable();
  const storage = storageFailureOf(error);
  if (storage) return storage;
  if (error instanceof ToolUnavailable) return new ServiceUnavailable(TOOL_RETRY_SECONDS, error.message);
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
      return new Invalid(fastifyError.message ?? 'Invalid multipart body', { body: [fastifyError.message ?? 'Invalid multipart body'] });
  }
  if (fastifyError?.statusCode === 400 || (fastifyError?.statusCode && fastifyError.statusCode < 500 && fastifyError.message)) {
    return new Invalid(fastifyError.message ?? 'Bad request');
  }
  return null;
}

/**
 * An error met while reading a multipart body. The parser's own complaints (no boundary, a
 * body that ends early, a malformed part header) carry no code, unlike the file system's.
 */
export function multipartError(error: unknown): unknown {
  const mapped = transportError(error);
  if (mapped) return mapped;
  const { code, message } = error as { code?: string; message?: string };
  if (code !== undefined) return error;
  const reason = `Malformed multipart body: ${message ?? 'unreadable'}`;
  return new Invalid(reason, { body: [reason] });
}
