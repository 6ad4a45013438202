import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RestContext } from './rest-context';
import { Invalid, PayloadTooLarge } from '../domain/errors';
import { parseTranscriptRequest } from '../domain/transcription/transcript.inputs';
import { v2Docs } from './v2.docs';
import { requireCaller } from './authenticate';
import { readParams, type RequestParams } from '../http/request-params';
import { sendRanged } from '../http/byte-range';
import { inline } from './attachment';
import { paragraphsJson, sentencesJson, transcriptJson } from './v2.wire';
import { resumeAfter, sendOutputEvents } from '../http/output-event-stream';

/** The list parameters, which form clients send as `name[]`, `name[0]`, ... */
const LIST_PARAMS = ['boosted_words', 'speaker_voices'] as const;

/** `boosted_words[]`, `boosted_words[0]`, ... (and `speaker_voices[...]`) as form clients send arrays, gathered into one list each. */
function formValues(values: Record<string, unknown>): Record<string, unknown> {
  const gathered = new Map<string, { order: number; position: number; value: unknown }[]>();
  const rest: Record<string, unknown> = {};
  let position = 0;
  for (const [name, value] of Object.entries(values)) {
    const match = /^(\w+)\[(\d*)\]$/.exec(name);
    const list = match && (LIST_PARAMS as readonly string[]).includes(match[1]!) ? match[1]! : null;
    if (!match || !list) {
      rest[name] = value;
      continue;
    }
    const items = gathered.get(list) ?? [];
    gathered.set(list, items);
    for (const item of Array.isArray(value) ? value : [value]) {
      items.push({ order: match[2] ? Number(match[2]) : Number.MAX_SAFE_INTEGER, position: position++, value: item });
    }
  }
  for (const [list, items] of gathered) {
    if (rest[list] === undefined) rest[list] = items.sort((a, b) => a.order - b.order || a.position - b.position).map((entry) => entry.value);
  }
  return rest;
}

/** The `audio` part, unless the client sent an empty one in its place. */
function audioUpload(params: RequestParams) {
  return params.files.find((file) => file.field === 'audio' && (file.size > 0 || file.filename !== ''));
}

/**
 * POST /v2/transcript, its polling GET, its text as it grows (an event stream), and what a
 * completed transcript offers under its own path (captions, sentences, paragraphs): parse,
 * call the transcript service, shape the answer.
 */
export function transcriptsRoutes({ domain: { transcripts }, uploads, callers, live }: RestContext) {
  const maxUploadMb = Math.round(uploads.maxFileBytes / (1024 * 1024));

  return async (app: FastifyInstance) => {
    app.post('/transcript', { config: { access: 'owner', openapi: v2Docs.submitTranscript } }, async (request, reply) => {
      const caller = requireCaller(request);
      let params: RequestParams;
      try {
        params = await readParams(request, { ...uploads, fileFields: ['audio'] });
      } catch (error) {
        if (error instanceof PayloadTooLarge) {
          throw new Invalid(`The audio field must not be greater than ${maxUploadMb} MB.`, {
            audio: [`The audio field must not be greater than ${maxUploadMb} MB.`],
          });
        }
        throw error;
      }
      try {
        const values = formValues(params.values);
        const upload = audioUpload(params);
        if (upload) values.audio = upload;
        const transcript = await transcripts.submit(caller, parseTranscriptRequest(values), request.id);
        return reply.status(200).send(transcriptJson(transcript));
      } finally {
        await params.cleanup();
      }
    });

    app.get('/transcript/:id', { config: { access: 'owner', openapi: v2Docs.transcript } }, async (request: FastifyRequest<{ Params: { id: string } }>) => {
      return transcriptJson(await transcripts.get(requireCaller(request), request.params.id));
    });

    app.get(
      '/transcript/:id/stream',
      { config: { access: 'owner', openapi: v2Docs.transcriptStream } },
      async (request: FastifyRequest<{ Params: { id: string }; Querystring: { after?: unknown } }>, reply) => {
        const caller = requireCaller(request);
        await sendOutputEvents(reply, caller.keyId, transcripts.followOutput(caller, request.params.id, resumeAfter(request)), live);
      },
    );

    for (const [format, contentType] of [
      ['srt', 'text/plain; charset=utf-8'],
      ['vtt', 'text/vtt; charset=utf-8'],
    ] as const) {
      app.get(
        `/transcript/:id/${format}`,
        { config: { access: 'owner', openapi: v2Docs[format] } },
        async (request: FastifyRequest<{ Params: { id: string }; Querystring: Record<string, unknown> }>, reply) => {
          const captions = await transcripts.captions(requireCaller(request), request.params.id, format, request.query ?? {});
          return reply.type(contentType).send(captions);
        },
      );
    }

    app.get(
      '/transcript/:id/sentences',
      { config: { access: 'owner', openapi: v2Docs.sentences } },
      async (request: FastifyRequest<{ Params: { id: string } }>) => sentencesJson(await transcripts.sentences(requireCaller(request), request.params.id)),
    );

    // An <audio> element cannot send the key header: the playback URL (Transcript.audioUrl)
    // carries a token instead, and its requests count against the rate limit of the key the
    // transcript belongs to; a token that opens nothing counts against the caller's address as
    // an unknown key does. Without a token the route asks for the key like any other.
    app.get(
      '/transcript/:id/audio',
      { config: { access: 'public', openapi: v2Docs.audio } },
      async (request: FastifyRequest<{ Params: { id: string }; Querystring: { token?: unknown } }>, reply) => {
        const token = request.query?.token;
        const header = request.headers['x-api-key'];
        const access = typeof token === 'string' ? { token } : { caller: await callers.admit(typeof header === 'string' ? header : undefined, request.ip) };
        const audio =
          'token' in access
            ? await callers.withToken(request.ip, () => transcripts.audio(access, request.params.id))
            : await transcripts.audio(access, request.params.id);
        if ('token' in access) await callers.countAgainst(audio.keyId);
        reply.header('Content-Disposition', inline(audio.filename)).header('Cache-Control', 'private, max-age=300');
        return sendRanged(request, reply, audio);
      },
    );

    app.get(
      '/transcript/:id/paragraphs',
      { config: { access: 'owner', openapi: v2Docs.paragraphs } },
      async (request: FastifyRequest<{ Params: { id: string } }>) => paragraphsJson(await transcripts.paragraphs(requireCaller(request), request.params.id)),
    );
  };
}
