import type { FastifyInstance } from 'fastify';
import type { RestContext } from '../rest-context';
import {
  batchInput,
  createDocumentInput,
  deleteDocumentInput,
  documentTypeInput,
  documentUrlInput,
  emptyDocumentInput,
  renameDocumentInput,
} from '../../domain/knowledge-base/knowledge-base.inputs';
import { parseInput } from '../../domain/shared/validation';
import { paramsHandler, uploadedFile } from '../../http/request-params';
import { knowledgeBaseDocs } from './knowledge-base.docs';
import type { DocParams, KbParams, Req } from './route-params';
import { batchJson, documentJson, knowledgeBaseJson } from './knowledge-base.wire';

export function documentRoutes({ domain: { knowledgeBases, documents }, uploads }: RestContext) {
  const withParams = paramsHandler(uploads);

  return async (app: FastifyInstance) => {
    app.get('/documents/:partner/:kb', { config: { openapi: knowledgeBaseDocs.documents } }, async (request: Req<KbParams>) => {
      return knowledgeBaseJson(await knowledgeBases.getWithDocuments(request.params.partner, request.params.kb));
    });

    app.get('/document/:partner/:kb/:doc_id', { config: { openapi: knowledgeBaseDocs.document } }, async (request: Req<DocParams>) => {
      const { partner, kb, doc_id } = request.params;
      return documentJson(await documents.getDocument(partner, kb, doc_id));
    });

    app.post('/documents/:partner/:kb', { config: { openapi: knowledgeBaseDocs.createDocument } }, async (request: Req<KbParams>, reply) => {
      return withParams(request, async (params) => {
        const input = parseInput(createDocumentInput, params.values);
        const document = await documents.createDocument(request.params.partner, request.params.kb, input, uploadedFile(params), request.id);
        return reply.status(201).send(documentJson(document));
      });
    });

    app.post('/documents/:partner/:kb/batch', { config: { openapi: knowledgeBaseDocs.batch } }, async (request: Req<KbParams>, reply) => {
      return withParams(request, async (params) => {
        const result = await documents.createBatch(request.params.partner, request.params.kb, parseInput(batchInput, params.values), request.id);
        return reply.status(201).send(batchJson(result));
      });
    });

    app.post('/documents/:partner/:kb/empty', { config: { openapi: knowledgeBaseDocs.createEmpty } }, async (request: Req<KbParams>, reply) => {
      return withParams(request, async (params) => {
        const document = await documents.createEmptyDocument(request.params.partner, request.params.kb, parseInput(emptyDocumentInput, params.values));
        return reply.status(201).send(documentJson(document));
      });
    });

    app.put('/documents/:partner/:kb/:doc_id/name', { config: { openapi: knowledgeBaseDocs.rename } }, async (request: Req<DocParams>) => {
      return withParams(request, async (params) => {
        const input = parseInput(renameDocumentInput, params.values);
        const { partner, kb, doc_id } = request.params;
        return documentJson(await documents.renameDocument(partner, kb, doc_id, input.name));
      });
    });

    app.put('/documents/:partner/:kb/:doc_id/type', { config: { openapi: knowledgeBaseDocs.setType } }, async (request: Req<DocParams>) => {
      return withParams(request, async (params) => {
        const input = parseInput(documentTypeInput, params.values);
        const { partner, kb, doc_id } = request.params;
        return documentJson(await documents.setDocumentType(partner, kb, doc_id, input.type, input.url));
      });
    });

    app.put('/documents/:partner/:kb/:doc_id/url', { config: { openapi: knowledgeBaseDocs.setUrl } }, async (request: Req<DocParams>) => {
      return withParams(request, async (params) => {
        const input = parseInput(documentUrlInput, params.values);
        const { partner, kb, doc_id } = request.params;
        return documentJson(await documents.setDocumentUrl(partner, kb, doc_id, input.url));
      });
    });

    app.delete('/documents/:partner/:kb/:doc_id', { config: { openapi: knowledgeBaseDocs.deleteDocument } }, async (request: Req<DocParams>, reply) => {
      const { force } = parseInput(deleteDocumentInput, request.query ?? {});
      const { partner, kb, doc_id } = request.params;
      await documents.deleteDocument(partner, kb, doc_id, force);
      return reply.status(204).send();
    });
  };
}
