import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { httpRequestDuration, registry } from '../observability/metrics';
import { operationsDocs } from './openapi/operations.docs';

const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The caller's X-Request-Id when it is a sane token, so ids can follow a call across services; otherwise a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * The same, to keep as long as a connection lives. Node builds a new UUID by concatenating
 * its pieces, a tree of about 490 bytes of V8 strings; copied out once it is one string of 66.
 */
export function lastingRequestIdOf(request: IncomingMessage): string {
  return Buffer.from(requestIdOf(request), 'latin1').toString('latin1');
}

/**
 * Request ids on every answer (the doors pass them on to the jobs a request starts), request
 * timings by route pattern (raw URLs would make a series per id), and the Prometheus scrape endpoint.
 */
export function registerObservability(app: FastifyInstance, metricsSecrets: readonly string[]): void {
  // Callback hooks, not async ones: they run on every request, and an async hook costs a
  // promise and a trip through the microtask queue each time.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Request-Id', request.id);
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequestDuration.observe({ route, method: request.method, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { config: { openapi: operationsDocs.metrics } }, async (request, reply) => {
    const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const apiKey = request.headers['x-api-key'];
    const offered = [bearer, typeof apiKey === 'string' ? apiKey : undefined];
    if (!offered.some((secret) => secret !== undefined && metricsSecrets.some((each) => sameSecret(secret, each)))) {
      return reply.status(401).header('WWW-Authenticate', 'Bearer').send({ error: 'Unauthorized' });
    }
    reply.header('Content-Type', registry.contentType);
    return registry.metrics();
  });
}

// Hashing first gives equal lengths, so the comparison takes the same time whatever was sent.
function sameSecret(offered: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(offered), digest(expected));
}
