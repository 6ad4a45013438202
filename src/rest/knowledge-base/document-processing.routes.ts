import type { FastifyInstance } from 'fastify';
import type { RestContext } from '../rest-context';
import { bulkRewriteInput, queueProcessInput } from '../../domain/knowledge-base/knowledge-base.inputs';
import { parseInput } from '../../domain/shared/validation';
import { paramsHandler } from '../../http/request-params';
import { knowledgeBaseDocs } from './knowledge-base.docs';
import type { FolderParams, KbParams, Req } from './route-params';
import { bulkRewriteJson, documentJson } from './knowledge-base.wire';

export function documentProcessingRoutes({ domain: { documentProcessing }, uploads }: RestContext) {
  const withParams = paramsHandler(uploads);

  return async (app: FastifyInstance) => {
    app.post('/queue/process', { config: { access: 'partnerInBody', openapi: knowledgeBaseDocs.queueProcess } }, async (request, reply) => {
      return withParams(request, async (params) => {
        const input = parseInput(queueProcessInput, params.values);
        const document = await documentProcessing.queueProcess(input.partner, input.kb, input, request.id);
        return reply.status(202).send({ action: input.action, queued: document.inQueues, document: documentJson(document) });
      });
    });

    app.post(
      '/bulk/rewrite/folder/:partner/:kb/:folder',
      { config: { openapi: knowledgeBaseDocs.bulkRewriteFolder } },
      async (request: Req<FolderParams>, reply) => {
        return withParams(request, async (params) => {
          const { partner, kb, folder } = request.params;
          const result = await documentProcessing.bulkRewrite(partner, kb, folder, parseInput(bulkRewriteInput, params.values), request.id);
          return reply.status(202).send(bulkRewriteJson(result));
        });
      },
    );

    app.post('/bulk/rewrite/kb/:partner/:kb', { config: { openapi: knowledgeBaseDocs.bulkRewriteKb } }, async (request: Req<KbParams>, reply) => {
      return withParams(request, async (params) => {
        const result = await documentProcessing.bulkRewrite(
          request.params.partner,
          request.params.kb,
          null,
          parseInput(bulkRewriteInput, params.values),
          request.id,
        );
        return reply.status(202).send(bulkRewriteJson(result));
      });
    });
  };
}
