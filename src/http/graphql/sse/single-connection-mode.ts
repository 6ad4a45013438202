import type { FastifyInstance } from 'fastify';
import { GRAPHQL_PATH } from '../common';

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

export async function refuseSingleConnectionMode(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    // Whatever the body, the answer is the same refusal: it is drained unread, so no body
    // (a malformed multipart one, say) gets a parser's error in place of it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => {
      payload.resume();
      payload.once('end', () => done(null, undefined));
      payload.once('error', () => done(null, undefined));
    });
    scope.route({
      url: GRAPHQL_PATH,
      method: ['PUT', 'DELETE'],
      handler: async (_request, reply) =>
        reply
          .status(405)
          .header('Allow', 'GET, POST, OPTIONS')
          .send({ errors: [{ message: SINGLE_CONNECTION_REFUSAL, extensions: { code: 'METHOD_NOT_ALLOWED' } }] }),
    });
  });
}
