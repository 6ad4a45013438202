import type { FastifyInstance } from 'fastify';
import type { RestContext } from './rest-context';
import { parseInput, parseParam } from '../domain/shared/validation';
import { ttsTypeInput, ttsTypeParam } from '../domain/voice/voice.inputs';
import { paramsHandler } from '../http/request-params';
import { voiceDocs } from './voice.docs';
import { attachment } from './attachment';
import { voiceRouteConfig as config, type Req, type VoiceParams } from './voice.routes';
import { sendAudio, testSampleJson, voiceDetail } from './voice.wire';
import { VOICE_FILE_ROUTES } from '../domain/voice/voice.urls';

/** A voice's embedding: start it, its test audio per TTS type, and its archive. */
export function voiceEmbeddingRoutes({ domain: { voices }, uploads }: RestContext) {
  const withParams = paramsHandler(uploads);

  return async (app: FastifyInstance) => {
    app.post('/voices/:partner/:voice/embed', { config: { ...config, openapi: voiceDocs.embed } }, async (request: Req<VoiceParams>, reply) =>
      withParams(request, async (params) => {
        const voice = await voices.embed(request.params.partner, request.params.voice, parseInput(ttsTypeInput, params.values), request.id);
        return reply.status(202).send(voiceDetail(voice));
      }),
    );

    app.get('/voices/:partner/:voice/test-samples', { config: { ...config, openapi: voiceDocs.testSamples } }, async (request: Req<VoiceParams>) => {
      const ttsType = parseInput(ttsTypeInput, request.query);
      const listed = await voices.listTestSamples(request.params.partner, request.params.voice, ttsType);
      return listed.files.map((file) => testSampleJson(listed.voice, listed.ttsType, file));
    });

    app.get(
      VOICE_FILE_ROUTES.testSample,
      { config: { ...config, openapi: voiceDocs.testSample } },
      async (request: Req<VoiceParams & { filename: string }>, reply) => {
        const ttsType = parseInput(ttsTypeInput, request.query);
        const { file, stream } = await voices.testSample(request.params.partner, request.params.voice, request.params.filename, ttsType);
        return sendAudio(reply, stream(), file.filename);
      },
    );

    app.delete(
      '/voices/:partner/:voice/test-files/:tts_type',
      { config: { ...config, openapi: voiceDocs.deleteTestFiles } },
      async (request: Req<VoiceParams & { tts_type: string }>, reply) => {
        await voices.deleteTestFiles(request.params.partner, request.params.voice, parseParam('tts_type', ttsTypeParam, request.params.tts_type));
        return reply.status(204).send();
      },
    );

    app.get(VOICE_FILE_ROUTES.embeddingArchive, { config: { ...config, openapi: voiceDocs.embeddingArchive } }, async (request: Req<VoiceParams>, reply) => {
      const archive = await voices.embeddingArchive(request.params.partner, request.params.voice, parseInput(ttsTypeInput, request.query));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachment(`${archive.voice.name}_${archive.ttsType}_embedding.zip`))
        .send(archive.stream());
    });
  };
}
