import type { GraphQLError } from 'graphql';
import type { WebSocket } from 'ws';
import type { Caller } from '../../../domain/shared/caller';
import { RateLimited, ServiceUnavailable, Unauthorized } from '../../../domain/errors';
import type { HttpServices } from '../../http-services';
import { identify, maskError } from '../common';
import { transportError } from '../../transport-errors';

/**
 * Close codes a client can tell apart: HTTP's 401 and 429 in the private 4xxx range, and
 * WebSocket's own 1013 "try again later" while Redis is unreachable.
 */
export const CloseCode = { InvalidKey: 4401, RateLimited: 4429, TryAgainLater: 1013 } as const;

const KEY_NAMES = new Set(['apikey', 'x-api-key']);

/**
 * The key in a bag of named values, whatever the case of its name: `apiKey` or `X-Api-Key`
 * in connectionParams, either of those inside a `headers` object there (how several clients
 * send them), or an `X-Api-Key` header.
 */
export function findKey(bag: unknown): unknown {
  if (!bag || typeof bag !== 'object') return undefined;
  const entries = Object.entries(bag as Record<string, unknown>);
  const direct = entries.find(([name]) => KEY_NAMES.has(name.toLowerCase()));
  if (direct) return direct[1];
  const headers = entries.find(([name]) => name.toLowerCase() === 'headers');
  return headers ? findKey(headers[1]) : undefined;
}

/**
 * The caller of a new connection. No key connects anonymously (public fields, or operations
 * that bring their own key); a refused key closes the socket with a code and a reason that say
 * why, rather than graphql-ws's generic 4403.
 */
export async function authorizeConnection(
  services: HttpServices,
  key: unknown,
  address: string,
  socket: WebSocket,
): Promise<{ caller: Caller | null } | false> {
  try {
    return { caller: await identify(services, key, address) };
  } catch (error) {
    if (error instanceof Unauthorized) socket.close(CloseCode.InvalidKey, error.message);
    else if (error instanceof RateLimited) socket.close(CloseCode.RateLimited, `Rate limit exceeded. Try again in ${error.retryAfterSeconds} seconds.`);
    else if (transportError(error) instanceof ServiceUnavailable) socket.close(CloseCode.TryAgainLater, 'Service temporarily unavailable');
    else throw error;
    return false;
  }
}

/**
 * The caller of one operation, counted against its key's rate limit as an HTTP request is: a
 * key in the subscribe message's `extensions.headers` (where GraphiQL puts its Headers tab) is
 * checked like any other key; without one the operation runs as the connection's caller. A
 * refused key, or one over its limit (`RATE_LIMITED`, with `retryAfterSeconds`), fails that
 * operation only: the connection stays.
 */
export async function authorizeOperation(
  services: HttpServices,
  extensions: Record<string, unknown> | null | undefined,
  connection: { caller: Caller | null; address: string },
): Promise<{ caller: Caller | null } | readonly GraphQLError[]> {
  const key = findKey(extensions?.headers);
  try {
    // GraphiQL's Headers tab starts with an empty key: that means no key, not "drop the
    // connection's key".
    if (key !== undefined && key !== null && key !== '') return { caller: await identify(services, key, connection.address) };
    if (connection.caller) await services.platform.callers.countAgainst(connection.caller.keyId);
    return { caller: connection.caller };
  } catch (error) {
    return [maskError(error, 'Unexpected error.') as GraphQLError];
  }
}
