import type { FastifyInstance } from 'fastify';
import { folderInput } from '../../domain/knowledge-base/knowledge-base.inputs';
import { parseInput } from '../../domain/shared/validation';
import { paramsHandler, readParamsOptions } from '../../http/request-params';
import type { DomainServices } from '../../services';
import { knowledgeBaseDocs } from './knowledge-base.docs';
import type { FolderParams, KbParams, Req } from './route-params';
import { folderJson } from './knowledge-base.wire';

export function folderRoutes({ knowledgeBases, platform }: DomainServices) {
  const withParams = paramsHandler(readParamsOptions(platform));

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
