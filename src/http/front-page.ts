import type { FastifyInstance } from 'fastify';

/** The service's mark: a speech bubble holding a waveform, in one colour, drawn at any size. */
const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <path d="M6 4h20a4 4 0 0 1 4 4v12a4 4 0 0 1-4 4H14l-7 6v-6H6a4 4 0 0 1-4-4V8a4 4 0 0 1 4-4z" fill="#3451b2"/>
  <path d="M8 14v2M11.5 11v8M15 8.5v13M18.5 11v8M22 13v4M25 14.5v1" stroke="#fff" stroke-width="2" stroke-linecap="round"/>
</svg>
`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Persona platform</title>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg">
    <style>
      body { font: 16px/1.5 system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; color: #1f2328; }
      h1 { font-size: 1.4rem; }
      li { margin: .5rem 0; }
      a { color: #3451b2; }
    </style>
  </head>
  <body>
    <h1>Persona platform</h1>
    <p>Voices, knowledge bases, transcription and completions, over REST and a live GraphQL API.</p>
    <ul>
      <li><a href="/console">Console</a>: watch and manage a partner's voices, documents and transcripts (needs an API key).</li>
      <li><a href="/graphql">GraphQL</a>: GraphiQL in a browser; queries, mutations and subscriptions (<code>{ engines { kind status model } }</code> says which engines are live).</li>
      <li><a href="/docs">REST reference</a>: the three REST APIs (<a href="/openapi.json">openapi.json</a>).</li>
    </ul>
  </body>
</html>
`;

// Only the page itself: its one inline style, no script, nothing from another host.
const CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * `/`, a short page pointing a newcomer at the console, GraphQL and the REST reference, and the
 * favicon every browser asks for (SVG, which browsers take at /favicon.ico too).
 */
export function registerFrontPage(app: FastifyInstance): void {
  app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').header('Content-Security-Policy', CONTENT_SECURITY_POLICY).send(PAGE));
  for (const path of ['/favicon.ico', '/favicon.svg']) {
    app.get(path, async (_request, reply) => reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400').send(FAVICON_SVG));
  }
}
