import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/**
 * CORS for every HTTP door (REST, GraphQL, SSE), set in an onRequest hook that runs before
 * any authorization: a preflight is answered without a key, and every later answer, a 401
 * or 429 as much as a 200, carries the headers, so a browser shows the error instead of a
 * CORS failure. Keys travel in a header, never a cookie, so credentials mode stays off.
 */
export async function registerCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  await app.register(cors, {
    origin: origins.includes('*') ? '*' : [...origins],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Content-Type', 'Accept', 'X-Api-Key'],
    exposedHeaders: ['Retry-After', 'X-Request-Id'],
    maxAge: 600,
  });
}
