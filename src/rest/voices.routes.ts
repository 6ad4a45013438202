import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import yazl from 'yazl';
import {
  createVoiceInput,
  embedVoiceInput,
  preferredSampleInput,
  renameVoiceInput,
  sampleIndexParam,
  splitVoiceInput,
  ttsTypeParam,
  ttsTypeQuery,
} from '../domain/voice/voice.inputs';
import { sampleFilename } from '../domain/voice/voice.types';
import { Invalid } from '../domain/errors';
import { parseInput } from '../domain/shared/validation';
import type { Services } from '../services';
import { attachment } from './attachment';
import { paramsHandler, readParamsOptions, uploadedFile } from '../http/request-params';
import { sampleJson, testSampleJson, voiceDetail, voiceInfoJson, voiceListItem } from './voice.wire';

type VoiceParams = { partner: string; voice: string };
type Req<P> = FastifyRequest<{ Params: P }>;

/** The voice service's routes: parse, authorize, call the voice service, shape the answer. */
export function voicesRoutes(services: Services) {
  const { voices, platform } = services;
  const withParams = paramsHandler(readParamsOptions(platform));

  return async (app: FastifyInstance) => {
    const config = { apiKeyInQuery: true };

    app.get('/voices/:partner', { config }, async (request: Req<{ partner: string }>) => {
      return (await voices.list(request.params.partner)).map(voiceListItem);
    });

    app.post('/voices/:partner', { config }, async (request: Req<{ partner: string }>, reply) => {
      return withParams(request, async (params) => {
        const input = parseInput(createVoiceInput, params.values);
        const voice = await voices.create(
          request.params.partner,
          { name: input.name, creatorName: input.creator_name, creatorEmail: input.creator_email },
          uploadedFile(params),
        );
        return reply.status(201).send(voiceDetail(voice));
      });
    });

    app.post('/voices/:partner/empty', { config }, async (request: Req<{ partner: string }>, reply) => {
      return withParams(request, async (params) => {
        const input = parseInput(createVoiceInput, params.values);
        const voice = await voices.create(request.params.partner, { name: input.name, creatorName: input.creator_name, creatorEmail: input.creator_email });
        return reply.status(201).send(voiceDetail(voice));
      });
    });

    app.get('/voices/:partner/:voice', { config }, async (request: Req<VoiceParams>) => {
      return voiceDetail(await voices.get(request.params.partner, request.params.voice));
    });

    app.delete('/voices/:partner/:voice', { config }, async (request: Req<VoiceParams>, reply) => {
      await voices.delete(request.params.partner, request.params.voice);
      return reply.status(204).send();
    });

    app.put('/voices/:partner/:voice/name', { config }, async (request: Req<VoiceParams>) => {
      return withParams(request, async (params) => {
        const input = parseInput(renameVoiceInput, params.values);
        return voiceDetail(await voices.rename(request.params.partner, request.params.voice, input.name));
      });
    });

    app.post('/voices/:partner/:voice/samples', { config }, async (request: Req<VoiceParams>, reply) => {
      return withParams(request, async (params) => {
        const file = uploadedFile(params);
        if (!file) throw Invalid.param('file', 'an audio file is required');
        const sample = await voices.addSample(request.params.partner, request.params.voice, file);
        return reply.status(201).send(sampleJson(sample));
      });
    });

    app.get('/voices/:partner/:voice/samples/:index', { config }, async (request: Req<VoiceParams & { index: string }>, reply) => {
      const index = parseInput(sampleIndexParam, request.params.index);
      const { stream } = await voices.sample(request.params.partner, request.params.voice, index);
      return sendAudio(reply, stream(), sampleFilename(index));
    });

    app.delete('/voices/:partner/:voice/samples/:index', { config }, async (request: Req<VoiceParams & { index: string }>, reply) => {
      const index = parseInput(sampleIndexParam, request.params.index);
      await voices.deleteSample(request.params.partner, request.params.voice, index);
      return reply.status(204).send();
    });

    app.get('/voices/:partner/:voice/samples-bundle', { config }, async (request: Req<VoiceParams>, reply) => {
      const voice = await voices.get(request.params.partner, request.params.voice);
      const zip = new yazl.ZipFile();
      for (const sample of voice.samples) zip.addReadStream(voices.openBlob(sample.blobId), sampleFilename(sample.index), { compress: false });
      zip.addBuffer(Buffer.from(JSON.stringify(voiceInfoJson(voice), null, 2)), 'voice_info.json');
      zip.end();
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachment(`${voice.name}_samples.zip`))
        .send(zip.outputStream);
    });

    app.post('/voices/:partner/:voice/split', { config }, async (request: Req<VoiceParams>, reply) => {
      return withParams(request, async (params) => {
        const input = parseInput(splitVoiceInput, params.values);
        const voice = await voices.split(request.params.partner, request.params.voice, {
          maxSamples: input.max_samples,
          sampleDurationSeconds: input.sample_duration,
        });
        return reply.status(202).send(voiceDetail(voice));
      });
    });

    app.post('/voices/:partner/:voice/embed', { config }, async (request: Req<VoiceParams>, reply) => {
      return withParams(request, async (params) => {
        const input = parseInput(embedVoiceInput, params.values);
        const voice = await voices.embed(request.params.partner, request.params.voice, input.tts_type);
        return reply.status(202).send(voiceDetail(voice));
      });
    });

    app.get('/voices/:partner/:voice/test-samples', { config }, async (request: Req<VoiceParams>) => {
      const { tts_type } = parseInput(ttsTypeQuery, request.query);
      const voice = await voices.get(request.params.partner, request.params.voice);
      const ttsType = tts_type ?? platform.config.DEFAULT_TTS_TYPE;
      return voices.testSamples(voice, ttsType).map((file) => testSampleJson(voice, ttsType, file));
    });

    app.get('/voices/:partner/:voice/test-samples/:filename', { config }, async (request: Req<VoiceParams & { filename: string }>, reply) => {
      const { tts_type } = parseInput(ttsTypeQuery, request.query);
      const { file, stream } = await voices.testSample(request.params.partner, request.params.voice, request.params.filename, tts_type);
      return sendAudio(reply, stream(), file.filename);
    });

    app.delete('/voices/:partner/:voice/test-files/:tts_type', { config }, async (request: Req<VoiceParams & { tts_type: string }>, reply) => {
      const ttsType = parseInput(ttsTypeParam, request.params.tts_type);
      await voices.deleteTestFiles(request.params.partner, request.params.voice, ttsType);
      return reply.status(204).send();
    });

    app.put('/voices/:partner/:voice/preferred-sample', { config }, async (request: Req<VoiceParams>) => {
      return withParams(request, async (params) => {
        const input = parseInput(preferredSampleInput, { sample_index: params.values.sample_index ?? '' });
        return voiceDetail(await voices.setPreferredSample(request.params.partner, request.params.voice, input.sample_index));
      });
    });

    app.get('/voices/:partner/:voice/embedding-archive', { config }, async (request: Req<VoiceParams>, reply) => {
      const { tts_type } = parseInput(ttsTypeQuery, request.query);
      const { voice, stream } = await voices.embeddingArchive(request.params.partner, request.params.voice, tts_type);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachment(`${voice.name}_${tts_type ?? voice.embeddingType}_embedding.zip`))
        .send(stream());
    });
  };
}


function sendAudio(reply: FastifyReply, stream: NodeJS.ReadableStream, filename: string) {
  return reply.header('content-type', 'audio/ogg').header('content-disposition', attachment(filename)).send(stream);
}

