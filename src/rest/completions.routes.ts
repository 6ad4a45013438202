import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseCompletionRequest } from '../domain/completion/completion.inputs';
import type { RestContext } from './rest-context';
import { v2Docs } from './v2.docs';
import { requireCaller } from './authenticate';
import { completionJson } from './v2.wire';
import { resumeAfter, sendOutputEvents } from '../http/output-event-stream';

/** POST /v2/completions (a JSON body), its polling GET, and its reply as an event stream. */
export function completionsRoutes({ domain: { completions }, live }: RestContext) {
  return async (app: FastifyInstance) => {
    app.post('/completions', { config: { access: 'owner', openapi: v2Docs.submitCompletion } }, async (request, reply) => {
      const completion = await completions.submit(requireCaller(request), parseCompletionRequest(request.body), request.id);
      return reply.status(200).send(completionJson(completion));
    });

    app.get('/completions/:id', { config: { access: 'owner', openapi: v2Docs.completion } }, async (request: FastifyRequest<{ Params: { id: string } }>) => {
      return completionJson(await completions.get(requireCaller(request), request.params.id));
    });

    app.get(
      '/completions/:id/stream',
      { config: { access: 'owner', openapi: v2Docs.completionStream } },
      async (request: FastifyRequest<{ Params: { id: string }; Querystring: { after?: unknown } }>, reply) => {
        const caller = requireCaller(request);
        await sendOutputEvents(reply, caller.keyId, completions.followOutput(caller, request.params.id, resumeAfter(request)), live);
      },
    );
  };
}
