import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

const JSON_TYPES = /^application\/(json|graphql-response\+json)\s*(;|$)/i;

/**
 * Gzip or Brotli for JSON answers of 1 KB and more, when the client accepts one. Audio, ZIP
 * bundles and event streams go out as they are: they are compressed already or must not be
 * buffered.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // @fastify/compress falls back to mime-db for any type its customTypes refuses (HTML,
  // scripts, plain text), and its x-no-compression request header is the one switch it
  // honours per answer. This hook runs before the plugin's own, on every route (a callback
  // hook: an async one would cost every answer a promise).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!JSON_TYPES.test(String(reply.getHeader('content-type') ?? ''))) request.headers['x-no-compression'] = 'true';
    done(null, payload);
  });
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: JSON_TYPES,
    // Request bodies stay as the APIs document them: uncompressed.
    globalDecompression: false,
  });
}
