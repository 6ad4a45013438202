import type { FastifyInstance } from 'fastify';

/**
 * What an HTML page answers with when it names no policy of its own: nothing loads, nothing
 * frames it. A page that loads anything says so with its own policy (the console, GraphiQL,
 * /docs, the queue board, the front page).
 */
const FALLBACK_CONTENT_SECURITY_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * The headers that protect a page where people paste their key, set in one hook for every
 * answer so that no page, present or future, goes without them. Every answer is `nosniff`
 * (a JSON body or a script is never read as another type); an HTML answer also refuses to be
 * framed (`X-Frame-Options` for browsers that predate `frame-ancestors`), sends no referrer
 * (a URL with a key in its query must not travel on), and has a Content-Security-Policy:
 * the page's own, else one that allows nothing. A callback hook, as it runs on every request.
 */
export function registerPageHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) {
      reply.header('X-Frame-Options', 'DENY');
      reply.header('Referrer-Policy', 'no-referrer');
      if (!reply.hasHeader('content-security-policy')) reply.header('Content-Security-Policy', FALLBACK_CONTENT_SECURITY_POLICY);
    }
    done(null, payload);
  });
}
