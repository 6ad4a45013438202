import type { FastifyRequest } from 'fastify';
import { canAccessPartner, type Caller } from '../domain/shared/caller';
import type { CallerGate } from '../auth/caller-gate';
import { Forbidden, Unauthorized } from '../domain/errors';
import { nameParam } from '../domain/shared/form-values';
import { readParams, refuseAmbiguousIdentifiers, type ReadParamsOptions } from '../http/request-params';

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
  interface FastifyContextConfig {
    /**
     * Who may call the route. Unset: a key with access to the route's `:partner`, and a
     * route without one is refused, so a new route cannot be open by accident. `public`: no
     * key (the content types list). `owner`: any valid key, the domain checks that the
     * resource is the key's own (/v2). `partnerInBody`: the partner is a body parameter,
     * checked once the body is read and before the handler runs.
     */
    access?: 'public' | 'owner' | 'partnerInBody';
    /** The voice service also takes the key as the api_key query parameter. */
    apiKeyInQuery?: boolean;
  }
}

/**
 * An onRequest hook: it runs before the body is read, so an upload without a valid key, or
 * for a partner the key may not reach, is refused before a byte of it reaches the disk.
 */
export function authenticate(callers: CallerGate) {
  return async (request: FastifyRequest) => {
    const config = request.routeOptions.config;
    refuseAmbiguousIdentifiers(request);
    if (config.access === 'public') return;
    const header = request.headers['x-api-key'];
    const fromQuery = config.apiKeyInQuery ? (request.query as Record<string, unknown> | undefined)?.api_key : undefined;
    const key = typeof header === 'string' ? header : typeof fromQuery === 'string' ? fromQuery : undefined;
    const caller = await callers.admit(key, request.ip);
    request.caller = caller;
    // An unknown path answers 404 to any valid key; there is no partner to check.
    if (request.is404 || config.access === 'owner' || config.access === 'partnerInBody') return;
    const partner = (request.params as Record<string, unknown> | undefined)?.partner;
    if (typeof partner !== 'string' || !canAccessPartner(caller, partner)) throw new Forbidden();
  };
}

/**
 * The preHandler hook of `partnerInBody` routes: reads the body (the handler gets the same
 * reading, which has refused a partner given twice) and checks its `partner` as the handler's
 * input reads it, so the two cannot see different partners. A missing or malformed partner is
 * left to the handler's validation, which names it.
 */
export function authorizePartnerInBody(readOptions: ReadParamsOptions) {
  return async (request: FastifyRequest) => {
    const params = await readParams(request, readOptions);
    const partner = nameParam.safeParse(params.values.partner);
    if (partner.success && !canAccessPartner(requireCaller(request), partner.data)) {
      await params.cleanup();
      throw new Forbidden();
    }
  };
}

/** The caller `authenticate` established; every route but a public one has one. */
export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw new Unauthorized();
  return request.caller;
}
