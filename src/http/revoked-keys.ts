import type { FastifyInstance } from 'fastify';
import type { ApiKeyService } from '../auth/api-keys';

/** How often the keys of open connections and streams are looked up among the revoked ones, for a broadcast this process missed. */
const REVOCATION_RECHECK_MS = 5_000;

/** What holds something open for a key in this process (graphql-ws connections, the keys' subscriptions and output streams). */
export interface HeldByKey {
  /** Ends what the key holds here: it was revoked. */
  revoke(keyId: string): void;
  /** The keys that hold something here. */
  keyIds(): Iterable<string>;
}

/**
 * A key revoked anywhere ends what it holds open in this process, in the order given (its
 * connections close with 4401 first, then its subscriptions and output streams on other
 * connections end with `Invalid API key`). The broadcast says so at once; a look at the revoked
 * ids every few seconds catches one this process missed. Both stop when the server closes.
 */
export function endRevokedKeys(app: FastifyInstance, apiKeys: ApiKeyService, holders: readonly HeldByKey[]): void {
  const unwatch = apiKeys.onRevoked((keyId) => {
    for (const holder of holders) holder.revoke(keyId);
  });
  const stopRechecking = apiKeys.recheckEvery(REVOCATION_RECHECK_MS, function* () {
    for (const holder of holders) yield* holder.keyIds();
  });
  app.addHook('onClose', (_app, done) => {
    stopRechecking();
    unwatch();
    done();
  });
}
