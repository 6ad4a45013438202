import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { NotFound } from '../domain/errors';
import { authenticate, authorizePartnerInBody } from './authenticate';
import type { RestContext } from './rest-context';
import { errorHandler } from './rest-errors';
import { voiceRoutes } from './voice.routes';
import { voiceSampleRoutes } from './voice-sample.routes';
import { voiceEmbeddingRoutes } from './voice-embedding.routes';
import { knowledgeBaseRoutes } from './knowledge-base/knowledge-base.routes';
import { folderRoutes } from './knowledge-base/folder.routes';
import { documentRoutes } from './knowledge-base/document.routes';
import { documentContentRoutes } from './knowledge-base/document-content.routes';
import { documentProcessingRoutes } from './knowledge-base/document-processing.routes';
import { knowledgeBaseEmbeddingRoutes } from './knowledge-base/knowledge-base-embedding.routes';
import { completionsRoutes } from './completions.routes';
import { transcriptsRoutes } from './transcripts.routes';
import { webhookRoutes } from './webhooks.routes';

/**
 * The legacy REST APIs: /api (voices, knowledge bases) answers errors as `{detail}`, /v2
 * (transcripts, completions) in its own dialect. Each service adds its routes here.
 */
export async function registerRest(app: FastifyInstance, context: RestContext): Promise<void> {
  const { maxFileBytes } = context.uploads;

  await app.register(
    async (api) => {
      await api.register(multipart, { limits: { fileSize: maxFileBytes } });
      api.setErrorHandler(errorHandler('api'));
      api.setNotFoundHandler(() => {
        throw new NotFound('Not found');
      });
      api.addHook('onRequest', authenticate(context.callers));
      // Only on the routes that ask for it: a hook on every route would cost each GET a call.
      const partnerInBody = authorizePartnerInBody(context.uploads);
      api.addHook('onRoute', (route) => {
        if (route.config?.access === 'partnerInBody') route.preHandler = [partnerInBody, ...[route.preHandler ?? []].flat()];
      });
      const apiRoutes = [
        voiceRoutes,
        voiceSampleRoutes,
        voiceEmbeddingRoutes,
        knowledgeBaseRoutes,
        folderRoutes,
        documentRoutes,
        documentContentRoutes,
        documentProcessingRoutes,
        knowledgeBaseEmbeddingRoutes,
        webhookRoutes,
      ];
      for (const routes of apiRoutes) await api.register(routes(context));
    },
    { prefix: '/api' },
  );

  await app.register(
    async (v2) => {
      await v2.register(multipart, { limits: { fileSize: maxFileBytes } });
      v2.setErrorHandler(errorHandler('v2'));
      v2.setNotFoundHandler(() => {
        throw new NotFound('Not found');
      });
      v2.addHook('onRequest', authenticate(context.callers));
      await v2.register(transcriptsRoutes(context));
      await v2.register(completionsRoutes(context));
    },
    { prefix: '/v2' },
  );
}
