import type { FastifyInstance } from 'fastify';
import type { RestContext } from '../rest-context';
import { retrieveInput, startEmbeddingInput } from '../../domain/knowledge-base/knowledge-base.inputs';
import { parseInput } from '../../domain/shared/validation';
import { paramsHandler } from '../../http/request-params';
import { knowledgeBaseDocs } from './knowledge-base.docs';
import type { KbParams, Req } from './route-params';
import { embeddingStatusJson, retrievalJson } from './knowledge-base.wire';

export function knowledgeBaseEmbeddingRoutes({ domain: { knowledgeBases, knowledgeBaseEmbedding, retrieval }, uploads }: RestContext) {
  const withParams = paramsHandler(uploads);

  return async (app: FastifyInstance) => {
    app.get('/embedding/:partner/:kb', { config: { openapi: knowledgeBaseDocs.embedding } }, async (request: Req<KbParams>) => {
      return embeddingStatusJson(await knowledgeBases.get(request.params.partner, request.params.kb));
    });

    app.post('/embedding/:partner/:kb', { config: { openapi: knowledgeBaseDocs.startEmbedding } }, async (request: Req<KbParams>, reply) => {
      return withParams(request, async (params) => {
        const input = parseInput(startEmbeddingInput, params.values);
        return reply
          .status(202)
          .send(embeddingStatusJson(await knowledgeBaseEmbedding.startEmbedding(request.params.partner, request.params.kb, input, request.id)));
      });
    });

    app.post('/retrieve/:partner/:kb', { config: { openapi: knowledgeBaseDocs.retrieve } }, async (request: Req<KbParams>) => {
      return withParams(request, async (params) => {
        const query = parseInput(retrieveInput, params.values);
        return retrievalJson(await retrieval.search(request.params.partner, request.params.kb, query));
      });
    });
  };
}
