import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { buildConsole, CONSOLE_FILES, sourcesChangedAt, type ConsoleFiles } from '../../console/build';

/**
 * Built, this module is bundled into dist/ (by `npm run build`, which writes the built console
 * into dist/console/ beside it); run from source (tsx, vitest), it is itself TypeScript.
 */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const BUILT_DIR = new URL('./console/', import.meta.url);

/**
 * The console's files: as built, read once at start (so a missing file stops the service from
 * starting rather than answering 404 later), or else, from source (tests, `npm run dev`: no
 * build step), built in memory, and built again on the next request after a source changed.
 */
function consoleFiles(): () => Promise<ConsoleFiles> {
  if (!FROM_SOURCE) {
    const files = Promise.resolve(Object.fromEntries(CONSOLE_FILES.map((name) => [name, readFileSync(new URL(name, BUILT_DIR))])) as ConsoleFiles);
    return () => files;
  }
  let made: { files: Promise<ConsoleFiles>; from: number } | undefined;
  return () => {
    const from = sourcesChangedAt();
    if (made?.from !== from) made = { files: buildConsole(), from };
    return made.files;
  };
}

const CONTENT_TYPES: Record<keyof ConsoleFiles, string> = {
  'index.html': 'text/html; charset=utf-8',
  'console.css': 'text/css; charset=utf-8',
  'console.js': 'text/javascript; charset=utf-8',
};

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

/** What /console/<file> serves: the style and the script (the page is /console itself). */
function isAsset(file: string): file is 'console.css' | 'console.js' {
  return file === 'console.css' || file === 'console.js';
}

/**
 * The console at /console: one page (Preact, hash routes) over the GraphQL API and the REST
 * downloads, live through graphql-ws. The app itself lives in console/ at the top of the
 * repository; this is only how its built files are served.
 */
export function registerConsole(app: FastifyInstance): void {
  const files = consoleFiles();
  // Built (or read) now, so the first page load does not wait; a build that failed answers 500.
  files().catch(() => {});

  const send = async (reply: FastifyReply, name: keyof ConsoleFiles) =>
    reply
      .type(CONTENT_TYPES[name])
      // nosniff, no framing and no referrer come with every page (./page-headers).
      .header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
      // Small files: always revalidated, so a new release is never hidden behind a stale copy.
      .header('Cache-Control', 'no-cache')
      .send((await files())[name]);

  app.get('/console', (_request, reply) => send(reply, 'index.html'));
  app.get('/console/', (_request, reply) => send(reply, 'index.html'));
  app.get<{ Params: { file: string } }>('/console/:file', (request, reply) => {
    const { file } = request.params;
    return isAsset(file) ? send(reply, file) : reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
