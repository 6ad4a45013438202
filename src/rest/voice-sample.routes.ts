import type { FastifyInstance } from 'fastify';
import type { RestContext } from './rest-context';
import yazl from 'yazl';
import { Invalid } from '../domain/errors';
import { parseInput, parseParam } from '../domain/shared/validation';
import { preferredSampleInput, sampleIndexParam } from '../domain/voice/voice.inputs';
import { sampleFilename } from '../domain/voice/voice.types';
import { paramsHandler, uploadedFile } from '../http/request-params';
import { voiceDocs } from './voice.docs';
import { attachment } from './attachment';
import { voiceRouteConfig as config, type Req, type VoiceParams } from './voice.routes';
import { sampleJson, sendAudio, voiceDetail, voiceInfoJson } from './voice.wire';
import { VOICE_FILE_ROUTES } from '../domain/voice/voice.urls';

type SampleParams = VoiceParams & { index: string };

/** A voice's samples: upload, serve, delete, the preferred one, and the bundle of all. */
export function voiceSampleRoutes({ domain: { voices }, uploads }: RestContext) {
  const withParams = paramsHandler(uploads);

  return async (app: FastifyInstance) => {
    app.post('/voices/:partner/:voice/samples', { config: { ...config, openapi: voiceDocs.addSample } }, async (request: Req<VoiceParams>, reply) =>
      withParams(request, async (params) => {
        const file = uploadedFile(params);
        if (!file) throw Invalid.param('file', 'an audio file is required');
        const { sample } = await voices.addSample(request.params.partner, request.params.voice, file);
        return reply.status(201).send(sampleJson(sample));
      }),
    );

    app.get(VOICE_FILE_ROUTES.sample, { config: { ...config, openapi: voiceDocs.sample } }, async (request: Req<SampleParams>, reply) => {
      const index = parseParam('index', sampleIndexParam, request.params.index);
      const { stream } = await voices.sample(request.params.partner, request.params.voice, index);
      return sendAudio(reply, stream(), sampleFilename(index));
    });

    app.delete(VOICE_FILE_ROUTES.sample, { config: { ...config, openapi: voiceDocs.deleteSample } }, async (request: Req<SampleParams>, reply) => {
      const index = parseParam('index', sampleIndexParam, request.params.index);
      await voices.deleteSample(request.params.partner, request.params.voice, index);
      return reply.status(204).send();
    });

    app.get('/voices/:partner/:voice/samples-bundle', { config: { ...config, openapi: voiceDocs.samplesBundle } }, async (request: Req<VoiceParams>, reply) => {
      const { voice, samples } = await voices.samples(request.params.partner, request.params.voice);
      const zip = new yazl.ZipFile();
      for (const { sample, stream } of samples) zip.addReadStream(stream(), sampleFilename(sample.index), { compress: false });
      zip.addBuffer(Buffer.from(JSON.stringify(voiceInfoJson(voice), null, 2)), 'voice_info.json');
      zip.end();
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachment(`${voice.name}_samples.zip`))
        .send(zip.outputStream);
    });

    app.put('/voices/:partner/:voice/preferred-sample', { config: { ...config, openapi: voiceDocs.preferredSample } }, async (request: Req<VoiceParams>) =>
      withParams(request, async (params) => {
        const index = parseInput(preferredSampleInput, { sample_index: params.values.sample_index ?? '' });
        return voiceDetail(await voices.setPreferredSample(request.params.partner, request.params.voice, index));
      }),
    );
  };
}
