import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { bundleConsoleScript } from './console-bundle';

/**
 * The console's own files. This module lives in src/http while the source runs, and is
 * bundled into dist/main.js when built; `npm run build` writes the console into dist/console,
 * so the same relative URL finds the page and its style in both.
 */
const CONSOLE_DIR = new URL('./console/', import.meta.url);

/** When the app's newest source file changed: the bundle made from the sources is remade after an edit. */
function newestChange(dir: URL): number {
  let newest = 0;
  for (const item of readdirSync(dir, { withFileTypes: true })) {
    const path = new URL(item.name + (item.isDirectory() ? '/' : ''), dir);
    newest = Math.max(newest, item.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * The script, as built (dist/console/console.js), or else bundled from app/ in memory: the
 * service run from source (tests, `npm run dev`) needs no build step, and an edited source
 * is bundled again on the next request for the script.
 */
let script: { body: Promise<Buffer>; madeFrom: number } | undefined;
function consoleScript(): Promise<Buffer> {
  const built = fileURLToPath(new URL('console.js', CONSOLE_DIR));
  if (existsSync(built)) return (script ??= { body: Promise.resolve(readFileSync(built)), madeFrom: 0 }).body;
  const madeFrom = newestChange(new URL('app/', CONSOLE_DIR));
  if (script?.madeFrom !== madeFrom) script = { body: bundleConsoleScript(), madeFrom };
  return script.body;
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
  // Samples and recordings play from blob: URLs, fetched with the key (an <audio src> cannot send a header).
  "media-src 'self' blob:",
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
 * The console at /console: one page (Preact, hash routes) over the GraphQL API and the REST
 * downloads, live through graphql-ws. Its page and style are read once at start, so a
 * missing file stops the service from starting rather than answering 404 later.
 */
export function registerConsole(app: FastifyInstance): void {
  const page = asset(fileURLToPath(new URL('index.html', CONSOLE_DIR)), CONTENT_TYPES.html);
  const assets = new Map<string, Asset>([['console.css', asset(fileURLToPath(new URL('console.css', CONSOLE_DIR)), CONTENT_TYPES.css)]]);
  // Bundled (or read) now, so the first page load does not wait; a bundle that failed answers 500.
  consoleScript().catch(() => {});

  const send = (reply: FastifyReply, { body, type }: Asset) =>
    reply
      .type(type)
      // nosniff, no framing and no referrer come with every page (./page-headers).
      .header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
      // Small files: always revalidated, so a new release is never hidden behind a stale copy.
      .header('Cache-Control', 'no-cache')
      .send(body);

  app.get('/console', (_request, reply) => send(reply, page));
  app.get('/console/', (_request, reply) => send(reply, page));
  app.get('/console/console.js', async (_request, reply) => send(reply, { body: await consoleScript(), type: CONTENT_TYPES.js }));
  app.get<{ Params: { file: string } }>('/console/:file', (request, reply) => {
    const found = assets.get(request.params.file);
    return found ? send(reply, found) : reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
