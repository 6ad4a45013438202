import { GraphQLError } from 'graphql';
import type { Caller } from '../../domain/shared/caller';
import { DomainError, Invalid, RateLimited, ServiceUnavailable } from '../../domain/errors';
import { transportError } from '../transport-errors';
import type { HttpServices } from '../http-services';

export const GRAPHQL_PATH = '/graphql';

/**
 * Turns domain errors into GraphQL errors with a code and HTTP status, in this one place for
 * every transport; a GraphQL error of our own making (a refused document, an error already
 * masked) stays as it is, and anything else is masked as an internal error. Duck-typed, so it
 * holds whichever copy of graphql made the error.
 */
export function maskError(error: unknown, message: string): Error {
  const wrapped = error as Partial<GraphQLError> | null;
  const cause = wrapped?.originalError ?? error;
  const original = transportError(cause) ?? cause;
  if (original instanceof DomainError) {
    const http: { status: number; headers?: Record<string, string> } = { status: original.status };
    const extensions: Record<string, unknown> = { code: original.code, http };
    if (original instanceof Invalid && Object.keys(original.errors).length > 0) extensions.errors = original.errors;
    if (original instanceof RateLimited || original instanceof ServiceUnavailable) {
      extensions.retryAfterSeconds = original.retryAfterSeconds;
      http.headers = { 'Retry-After': String(original.retryAfterSeconds) };
    }
    return new GraphQLError(original.message, { nodes: wrapped?.nodes, path: wrapped?.path, extensions });
  }
  if (isGraphqlError(error)) return error as Error;
  // `unexpected` makes yoga answer 500 when there is no data at all, and is never shown.
  return new GraphQLError(message, { nodes: wrapped?.nodes, path: wrapped?.path, extensions: { code: 'INTERNAL_SERVER_ERROR', unexpected: true } });
}

/** A GraphQL error all the way down: refused by GraphQL itself, or thrown as such on purpose. */
function isGraphqlError(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = (current as Partial<GraphQLError>).originalError) {
    if (current.name !== 'GraphQLError') return false;
    if (!(current as Partial<GraphQLError>).originalError) return true;
  }
  return false;
}

/** Who calls: no key means anonymous (public fields only); a wrong key is refused outright. */
export async function identify(services: HttpServices, key: unknown, address: string): Promise<Caller | null> {
  if (key === undefined || key === null || key === '') return null;
  return services.platform.callers.admit(typeof key === 'string' ? key : undefined, address);
}
