import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RestContext } from './rest-context';
import { parseInput } from '../domain/shared/validation';
import { createEmptyVoiceInput, createVoiceInput, renameVoiceInput, splitVoiceInput } from '../domain/voice/voice.inputs';
import { paramsHandler, uploadedFile } from '../http/request-params';
import { voiceDocs } from './voice.docs';
import { voiceDetail, voiceListItem } from './voice.wire';
import { VOICE_FILE_ROUTES } from '../domain/voice/voice.urls';

export type PartnerParams = { partner: string };
export type VoiceParams = PartnerParams & { voice: string };
export type Req<P> = FastifyRequest<{ Params: P }>;

/** The voice service takes the key as the api_key query parameter too. */
export const voiceRouteConfig = { apiKeyInQuery: true };

/** Voices: list, create (with or without a recording), read, rename, delete, re-split. */
export function voiceRoutes({ domain: { voices }, uploads }: RestContext) {
  const withParams = paramsHandler(uploads);
  const config = voiceRouteConfig;

  return async (app: FastifyInstance) => {
    app.get('/voices/:partner', { config: { ...config, openapi: voiceDocs.list } }, async (request: Req<PartnerParams>) => {
      return (await voices.list(request.params.partner)).map(voiceListItem);
    });

    app.post('/voices/:partner', { config: { ...config, openapi: voiceDocs.create } }, async (request: Req<PartnerParams>, reply) =>
      withParams(request, async (params) => {
        const voice = await voices.create(request.params.partner, parseInput(createVoiceInput, params.values), uploadedFile(params), request.id);
        return reply.status(201).send(voiceDetail(voice));
      }),
    );

    app.post('/voices/:partner/empty', { config: { ...config, openapi: voiceDocs.createEmpty } }, async (request: Req<PartnerParams>, reply) =>
      withParams(request, async (params) => {
        const voice = await voices.create(request.params.partner, parseInput(createEmptyVoiceInput, params.values), undefined, request.id);
        return reply.status(201).send(voiceDetail(voice));
      }),
    );

    app.get(VOICE_FILE_ROUTES.voice, { config: { ...config, openapi: voiceDocs.get } }, async (request: Req<VoiceParams>) => {
      return voiceDetail(await voices.get(request.params.partner, request.params.voice));
    });

    app.delete('/voices/:partner/:voice', { config: { ...config, openapi: voiceDocs.delete } }, async (request: Req<VoiceParams>, reply) => {
      await voices.delete(request.params.partner, request.params.voice);
      return reply.status(204).send();
    });

    app.put('/voices/:partner/:voice/name', { config: { ...config, openapi: voiceDocs.rename } }, async (request: Req<VoiceParams>) =>
      withParams(request, async (params) => {
        return voiceDetail(await voices.rename(request.params.partner, request.params.voice, parseInput(renameVoiceInput, params.values)));
      }),
    );

    app.post('/voices/:partner/:voice/split', { config: { ...config, openapi: voiceDocs.split } }, async (request: Req<VoiceParams>, reply) =>
      withParams(request, async (params) => {
        const voice = await voices.split(request.params.partner, request.params.voice, parseInput(splitVoiceInput, params.values), request.id);
        return reply.status(202).send(voiceDetail(voice));
      }),
    );
  };
}
