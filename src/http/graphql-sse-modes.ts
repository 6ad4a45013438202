import type { FastifyInstance } from 'fastify';
import { GRAPHQL_PATH } from './graphql-common';

/**
 * graphql-sse has two modes. Distinct connections (the client's default: a POST or GET with
 * `Accept: text/event-stream` per subscription) is what /graphql serves. Single connection
 * mode reserves a stream with `PUT /graphql` and then sends operations over separate POSTs
 * keyed by a token; every operation here goes through one pipeline with a per-connection send
 * budget (docs/architecture.md, One GraphQL pipeline), and a reservation held open across requests would sit outside it.
 * So it is refused, with an answer that says what to use instead, rather than a bare 404.
 */
export const SINGLE_CONNECTION_REFUSAL =
  "graphql-sse's single connection mode (PUT /graphql) is not supported: use its distinct connections mode (the client's default, singleConnection: false: a POST or GET with Accept: text/event-stream per operation) or graphql-ws on /graphql";

export function refuseSingleConnectionMode(app: FastifyInstance): void {
  app.route({
    url: GRAPHQL_PATH,
    method: ['PUT', 'DELETE'],
    handler: async (_request, reply) =>
      reply
        .status(405)
        .header('Allow', 'GET, POST, OPTIONS')
        .send({ errors: [{ message: SINGLE_CONNECTION_REFUSAL, extensions: { code: 'METHOD_NOT_ALLOWED' } }] }),
  });
}
