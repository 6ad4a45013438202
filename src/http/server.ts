import Fastify, { type FastifyInstance } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import { parseUrlEncoded } from '../rest/request-params';
import { errorHandler } from '../rest/rest-errors';
import { registerRest } from '../rest';
import type { Services } from '../services';
import { registerGraphql, type GraphqlServer } from './graphql';

export interface HttpServer {
  app: FastifyInstance;
  graphql: GraphqlServer;
}

/** One fastify server: the REST APIs, GraphQL over HTTP and SSE, and graphql-ws on the same port. */
export async function buildHttpServer(services: Services, schema: GraphQLSchema): Promise<HttpServer> {
  const { config } = services.platform;
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    bodyLimit: 10 * 1024 * 1024,
    // Voice and knowledge base names reach 255 characters, and percent-encoding triples them.
    routerOptions: { maxParamLength: 1024 },
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // Errors the router raises before any route is chosen still speak the API's dialect.
    frameworkErrors: (error, request, reply) => errorHandler(request.url.startsWith('/v2/') ? 'v2' : 'api')(error, request, reply),
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, parseUrlEncoded(String(body)));
  });
  app.get('/healthz', async () => ({ status: 'ok' }));
  await registerRest(app, services);
  const graphql = await registerGraphql(app, schema, services);
  return { app, graphql };
}
