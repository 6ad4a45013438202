import { NotFound, RateLimited } from '../domain/errors';
import type { Caller } from '../domain/shared/caller';
import type { ApiKeyService } from './api-keys';
import type { RateLimiter } from './rate-limiter';

/**
 * Who may come in: the caller an API key names, counted against its rate limit. Every door
 * admits its callers through this one gate (REST's onRequest hook, GraphQL over HTTP, SSE and
 * graphql-ws), so they refuse the same keys with the same errors.
 */
export class CallerGate {
  constructor(
    private readonly apiKeys: ApiKeyService,
    private readonly rateLimiter: RateLimiter,
  ) {}

  /** The key's caller; Unauthorized for a missing or unknown key, RateLimited past the key's limit. */
  async admit(key: string | undefined, address: string): Promise<Caller> {
    const caller = await this.apiKeys.admit(key, address);
    await this.countAgainst(caller.keyId);
    return caller;
  }

  /**
   * Runs a request that presents a playback URL's token instead of a key. An address refused
   * for presenting invalid keys is refused here too, before anything is looked up; a token that
   * opens nothing (the request ends in NotFound) counts against the address as an unknown key
   * does, so tokens can be guessed at no faster than keys.
   */
  async withToken<T>(address: string, request: () => Promise<T>): Promise<T> {
    this.apiKeys.refuseIfBlocked(address);
    try {
      return await request();
    } catch (error) {
      if (error instanceof NotFound) this.apiKeys.countInvalid(address);
      throw error;
    }
  }

  /**
   * Counts a request made on a key's behalf without the key itself (a playback URL's token)
   * against that key's rate limit; RateLimited past it.
   */
  async countAgainst(keyId: string): Promise<void> {
    const decision = await this.rateLimiter.hit(keyId);
    if (!decision.allowed) throw new RateLimited(decision.retryAfterSeconds);
  }
}
