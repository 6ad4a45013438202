import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument, type ApiDescription, type CollectedRoute } from './document';

export const OPENAPI_PATH = '/openapi.json';
export const REFERENCE_PATH = '/docs';

/** The ways a caller proves who it is, named as the routes' `config.openapi.security` names them. */
export const SECURITY_SCHEMES = {
  ApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'An API key (`npm run key -- create --partner <name>`), or the admin key.' },
  ApiKeyQuery: { type: 'apiKey', in: 'query', name: 'api_key', description: 'The voice service also takes the key as the api_key query parameter.' },
  MetricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN (or the admin key) as a bearer token.' },
} as const;

/**
 * Routes that are no REST operation: GraphQL (its own schema describes it, GraphiQL shows
 * it), the queue board's page and API (src/admin), this reference itself, the live console
 * (a page over GraphQL), the front page and favicon, and CORS preflights (OPTIONS, answered for every path without a key).
 */
const UNDOCUMENTED = [
  /^\/$/,
  /^\/favicon\.(ico|svg)$/,
  /^\/graphql(\/|$)/,
  /^\/admin\/queues(\/|$)/,
  /^\/docs(\/|$)/,
  /^\/console(\/|$)/,
  /^\/(openapi|swagger)\.json$/,
];

// Swagger UI's assets come from the installed package: the page works on a machine without
// internet and no request leaves the service.
const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui.css.map': 'application/json',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-bundle.js.map': 'application/json',
  'favicon-32x32.png': 'image/png',
};

const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'";

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Persona platform REST API</title>
    <link rel="stylesheet" href="${REFERENCE_PATH}/assets/swagger-ui.css">
    <link rel="icon" type="image/png" href="${REFERENCE_PATH}/assets/favicon-32x32.png">
  </head>
  <body>
    <div id="reference"></div>
    <script src="${REFERENCE_PATH}/assets/swagger-ui-bundle.js"></script>
    <script src="${REFERENCE_PATH}/assets/start.js"></script>
  </body>
</html>
`;

// validatorUrl null: Swagger UI would otherwise send the document to validator.swagger.io.
const START = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_PATH)},
  dom_id: '#reference',
  validatorUrl: null,
  deepLinking: true,
  persistAuthorization: true,
  tryItOutEnabled: false,
});
`;

/**
 * The OpenAPI document at /openapi.json (and /swagger.json, which older tools ask for), built
 * from the routes' own descriptions on first request, and Swagger UI over it at /docs.
 */
export function registerApiReference(
  app: FastifyInstance,
  routes: readonly CollectedRoute[],
  description: Omit<ApiDescription, 'isUndocumented' | 'securitySchemes'>,
): void {
  let document: string | undefined;
  const serveDocument = async (_request: unknown, reply: { type(value: string): unknown }) => {
    document ??= JSON.stringify(
      buildOpenApiDocument(routes, {
        ...description,
        securitySchemes: SECURITY_SCHEMES,
        isUndocumented: (route) => route.method === 'OPTIONS' || UNDOCUMENTED.some((pattern) => pattern.test(route.url)),
      }),
    );
    reply.type('application/json; charset=utf-8');
    return document;
  };
  app.get(OPENAPI_PATH, serveDocument);
  app.get('/swagger.json', serveDocument);

  app.register(
    async (reference) => {
      reference.addHook('onSend', async (_request, reply) => {
        reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
      });
      reference.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
      reference.get('/assets/start.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(START));
      reference.get('/assets/:file', async (request, reply) => {
        const { file } = request.params as { file: string };
        const type = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
        if (!type) return reply.status(404).send({ detail: 'Not found' });
        return reply
          .type(type)
          .header('cache-control', 'public, max-age=86400')
          .send(createReadStream(join(swaggerUiDir, file)));
      });
    },
    { prefix: REFERENCE_PATH },
  );
}
