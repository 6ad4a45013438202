import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseCompletionRequest } from '../domain/completion/completion.inputs';
import type { RestContext } from './rest-context';
import { v2Docs } from './v2.docs';
import { requireCaller } from './authenticate';
import { completionJson } from './v2.wire';

/** POST /v2/completions (a JSON body) and its polling GET. */
export function completionsRoutes({ domain: { completions } }: RestContext) {
  return async (app: FastifyInstance) => {
    app.post('/completions', { config: { access: 'owner', openapi: v2Docs.submitCompletion } }, async (request, reply) => {
      const completion = await completions.submit(requireCaller(request), parseCompletionRequest(request.body), request.id);
      return reply.status(200).send(completionJson(completion));
    });

    app.get('/completions/:id', { config: { access: 'owner', openapi: v2Docs.completion } }, async (request: FastifyRequest<{ Params: { id: string } }>) => {
      return completionJson(await completions.get(requireCaller(request), request.params.id));
    });
  };
}
