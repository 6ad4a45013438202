import type { FastifyInstance } from 'fastify';
import type { RestContext } from '../rest-context';
import { folderInput } from '../../domain/knowledge-base/knowledge-base.inputs';
import { parseInput } from '../../domain/shared/validation';
import { paramsHandler } from '../../http/request-params';
import { knowledgeBaseDocs } from './knowledge-base.docs';
import type { FolderParams, KbParams, Req } from './route-params';
import { folderJson } from './knowledge-base.wire';

export function folderRoutes({ domain: { knowledgeBases }, uploads }: RestContext) {
  const withParams = paramsHandler(uploads);

  return async (app: FastifyInstance) => {
    app.get('/folders/:partner/:kb', { config: { openapi: knowledgeBaseDocs.folders } }, async (request: Req<KbParams>) => {
      return (await knowledgeBases.folders(request.params.partner, request.params.kb)).map(folderJson);
    });

    app.post('/folders/:partner/:kb', { config: { openapi: knowledgeBaseDocs.createFolder } }, async (request: Req<KbParams>, reply) => {
      return withParams(request, async (params) => {
        const input = parseInput(folderInput, params.values);
        const folder = await knowledgeBases.createFolder(request.params.partner, request.params.kb, input.name);
        return reply.status(201).send(folderJson(folder));
      });
    });

    app.delete('/folders/:partner/:kb/:folder', { config: { openapi: knowledgeBaseDocs.deleteFolder } }, async (request: Req<FolderParams>, reply) => {
      await knowledgeBases.deleteFolder(request.params.partner, request.params.kb, request.params.folder);
      return reply.status(204).send();
    });
  };
}
