import type { FastifyInstance } from 'fastify';
import type { RestContext } from '../rest-context';
import { CONTENT_TYPES } from '../../domain/knowledge-base/content-types';
import { createKnowledgeBaseInput } from '../../domain/knowledge-base/knowledge-base.inputs';
import { folderInfos } from '../../domain/knowledge-base/knowledge-base.types';
import { parseInput } from '../../domain/shared/validation';
import { paramsHandler } from '../../http/request-params';
import { knowledgeBaseDocs } from './knowledge-base.docs';
import type { KbParams, Req } from './route-params';
import { documentJson, embeddingInfoJson, folderJson, knowledgeBaseJson } from './knowledge-base.wire';

/** Knowledge bases: the listing, creation and deletion, and the views over one of them. */
export function knowledgeBaseRoutes({ domain: { knowledgeBases }, uploads }: RestContext) {
  const withParams = paramsHandler(uploads);

  return async (app: FastifyInstance) => {
    app.get('/content_types', { config: { access: 'public', openapi: knowledgeBaseDocs.contentTypes } }, async () => [...CONTENT_TYPES]);

    app.get('/knowledgebases/:partner', { config: { openapi: knowledgeBaseDocs.list } }, async (request: Req<{ partner: string }>) => {
      return (await knowledgeBases.listWithDocuments(request.params.partner)).map(knowledgeBaseJson);
    });

    app.post('/knowledgebases/:partner', { config: { openapi: knowledgeBaseDocs.create } }, async (request: Req<{ partner: string }>, reply) => {
      return withParams(request, async (params) => {
        const kb = await knowledgeBases.create(request.params.partner, parseInput(createKnowledgeBaseInput, params.values));
        return reply.status(201).send(knowledgeBaseJson({ kb, documents: [] }));
      });
    });

    app.delete('/knowledgebases/:partner/:kb', { config: { openapi: knowledgeBaseDocs.delete } }, async (request: Req<KbParams>, reply) => {
      await knowledgeBases.delete(request.params.partner, request.params.kb);
      return reply.status(204).send();
    });

    app.get('/kb-data/:partner/:kb', { config: { openapi: knowledgeBaseDocs.data } }, async (request: Req<KbParams>) => {
      const { kb, documents } = await knowledgeBases.getWithDocuments(request.params.partner, request.params.kb);
      return {
        name: kb.name,
        documents: documents.map(documentJson),
        folders: folderInfos(kb, documents).map(folderJson),
        embedding_info: embeddingInfoJson(kb),
      };
    });

    app.get('/kb-stats/:partner/:kb', { config: { openapi: knowledgeBaseDocs.stats } }, async (request: Req<KbParams>) => {
      return knowledgeBases.stats(request.params.partner, request.params.kb);
    });
  };
}
