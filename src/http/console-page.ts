import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The console's own files. This module lives in src/http while the source runs, and is
 * bundled into dist/main.js when built; `npm run build` copies src/http/console to
 * dist/console, so the same relative URL finds the files in both.
 */
const CONSOLE_DIR = new URL('./console/', import.meta.url);

/**
 * graphql-ws's browser build (it sets `globalThis.graphqlWs`), served from the installed
 * package: a production dependency already, so the console needs no CDN and no copy of it.
 * The package's exports map does not list its umd/ folder, hence the walk from its entry.
 */
function graphqlWsBrowserBuild(): string {
  const entry = createRequire(import.meta.url).resolve('graphql-ws');
  return join(dirname(entry), '..', 'umd', 'graphql-ws.min.js');
}

const CONTENT_TYPES = { html: 'text/html; charset=utf-8', css: 'text/css; charset=utf-8', js: 'text/javascript; charset=utf-8' } as const;

/**
 * Only this origin, for everything: no inline script or style, no other host, no framing.
 * `connect-src 'self'` covers the page's fetches and its ws:/wss: socket to the same host.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

interface Asset {
  body: Buffer;
  type: string;
}

function asset(path: string, type: string): Asset {
  return { body: readFileSync(path), type };
}

/**
 * The live console at /console: a small page that watches a partner's voices, documents and
 * transcripts over graphql-ws, uploads recordings and retries failed documents. Its files
 * are read once at start, so a missing file stops the service from starting rather than
 * answering 404 later.
 */
export function registerConsole(app: FastifyInstance): void {
  const page = asset(fileURLToPath(new URL('index.html', CONSOLE_DIR)), CONTENT_TYPES.html);
  const assets = new Map<string, Asset>([
    ['console.js', asset(fileURLToPath(new URL('console.js', CONSOLE_DIR)), CONTENT_TYPES.js)],
    ['console.css', asset(fileURLToPath(new URL('console.css', CONSOLE_DIR)), CONTENT_TYPES.css)],
    ['graphql-ws.js', asset(graphqlWsBrowserBuild(), CONTENT_TYPES.js)],
  ]);

  const send = (reply: FastifyReply, { body, type }: Asset) =>
    reply
      .type(type)
      .header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Referrer-Policy', 'no-referrer')
      // Small files: always revalidated, so a new release is never hidden behind a stale copy.
      .header('Cache-Control', 'no-cache')
      .send(body);

  app.get('/console', (_request, reply) => send(reply, page));
  app.get('/console/', (_request, reply) => send(reply, page));
  app.get<{ Params: { file: string } }>('/console/:file', (request, reply) => {
    const found = assets.get(request.params.file);
    return found ? send(reply, found) : reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
