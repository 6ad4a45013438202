import { z } from 'zod';
import { completionRequestShape } from '../domain/completion/completion.inputs';
import { AUDIO_FORMATS } from '../domain/transcription/transcript.types';
import { captionParams, transcriptParams } from '../domain/transcription/transcript.inputs';
import { TAGS, v2Route } from './openapi';
import { completionSchema, paragraphsSchema, sentencesSchema, transcriptSchema } from './v2.wire';

const v2 = (options: Omit<Parameters<typeof v2Route>[0], 'tag'>) => v2Route({ ...options, tag: TAGS.v2 });

const audioParams = z.object({ token: z.string().optional().describe('The token of a Transcript.audioUrl, in place of the API key.') });

/** The /v2 routes as /openapi.json and docs/api/transcripts-and-completions.md describe them. */
export const v2Docs = {
  submitTranscript: v2({
    summary: 'Submit audio for transcription',
    description:
      'Exactly one of audio_url and an uploaded audio file. In a multipart body, boosted_words and speaker_voices travel as repeated boosted_words[] and speaker_voices[] fields. With speaker_labels the completed transcript adds utterances and speakers (docs/transcripts.md#speakers). Poll the returned id.',
    body: {
      schema: transcriptParams,
      encodings: ['application/json', 'multipart/form-data', 'application/x-www-form-urlencoded'],
      files: { audio: `The audio (${AUDIO_FORMATS.join(', ')}), at most MAX_UPLOAD_MB; multipart only.` },
    },
    success: { 200: { description: 'The transcript; status is queued.', schema: transcriptSchema } },
  }),
  transcript: v2({ summary: 'Poll a transcript', success: { 200: { description: 'The transcript.', schema: transcriptSchema } }, errors: [404] }),
  srt: captionsRoute('SRT', 'text/plain'),
  vtt: captionsRoute('WebVTT', 'text/vtt'),
  audio: v2Route({
    tag: TAGS.v2,
    summary: 'Play the uploaded recording of a transcript',
    description:
      'The recording as it was uploaded, kept as long as its transcript (unless TRANSCRIPT_KEEP_AUDIO=false). Authorized by the API key header, or by the token of the playback URL that GraphQL Transcript.audioUrl hands out (valid about an hour), so an <audio> element can play it; a playback through the token counts against the rate limit of the key the transcript belongs to (429 past it), and a token that opens nothing against the address it came from, as an invalid key does (429 past INVALID_KEY_LIMIT_PER_MINUTE). Supports a single Range (206, 416 past the end) for seeking. 404 for an audio_url transcript and when the recording is not kept.',
    query: audioParams,
    success: {
      200: { description: 'The whole recording.', mediaType: 'audio/*', headers: { 'Accept-Ranges': 'bytes' } },
      206: { description: 'The requested range.', mediaType: 'audio/*', headers: { 'Content-Range': 'bytes start-end/size' } },
      416: { description: 'The range starts past the end; no body.', headers: { 'Content-Range': 'bytes */size' } },
    },
    errors: [404],
    errorDescriptions: { 404: 'Transcript not found (also another key’s, or a token that is wrong or expired) / Recording not found (none kept).' },
  }),
  sentences: textBlocksRoute('sentences', 'Each sentence with its time and its words, as AssemblyAI gives them.', sentencesSchema),
  paragraphs: textBlocksRoute(
    'paragraphs',
    'Sentences grouped at pauses of 2 s or more (or once a paragraph has run a minute), with their time and words.',
    paragraphsSchema,
  ),
  submitCompletion: v2({
    summary: 'Submit a completion',
    description: 'Poll the returned id; the result is kept 20 minutes after it finishes (docs/completions.md).',
    body: { schema: completionRequestShape, encodings: ['application/json'] },
    success: { 200: { description: 'The completion; state is in-progress.', schema: completionSchema } },
  }),
  completion: v2({ summary: 'Poll a completion', success: { 200: { description: 'The completion.', schema: completionSchema } }, errors: [404] }),
  completionStream: outputStreamRoute('completion', 'The reply as the LLM writes it'),
  transcriptStream: outputStreamRoute('transcript', "The text as it grows, one event a segment in the recording's order"),
};

/** An output event stream: the same events as the GraphQL subscription, for clients that cannot use GraphQL (docs/graphql.md, "Streaming output"). */
function outputStreamRoute(resource: string, what: string) {
  return v2({
    summary: `${what}, as server-sent events`,
    description: `text/event-stream: each event has \`id: <seq>\` and \`data: {"text","reset","done"}\`. The output so far is the text of every event since the last one with reset, that one included. Without a position the first event is the snapshot (reset: true, the whole text so far, the seq of the last event it includes; 0 before any); with \`Last-Event-ID: <seq>\` (what an EventSource sends when it reconnects) or \`?after=<seq>\` the events after it are replayed, or the snapshot comes first when they are no longer kept. The stream ends after the event with done: true (the ${resource} is finished and its result stored). A client that reads too slowly gets \`event: error\` with code CLIENT_TOO_SLOW and the stream ends; it may resume with Last-Event-ID. When the key is revoked the stream ends within seconds with \`event: error\` and \`data: {"code":"UNAUTHENTICATED","message":"Invalid API key"}\`. An open stream takes one of the key's LIVE_MAX_SUBSCRIPTIONS_PER_KEY places on the server that holds it, counted together with the key's GraphQL subscriptions there, until it ends. Same key, ownership and 404 as the ${resource}'s GET.`,
    query: z.object({ after: z.string().regex(/^\d+$/).optional().describe('The last seq the client has (Last-Event-ID takes precedence).') }),
    success: { 200: { description: 'The events, until done.', mediaType: 'text/event-stream' } },
    errors: [404],
    errorDescriptions: {
      429: 'Rate limit exceeded. Try again in N seconds. Or "Subscription limit reached: ..." naming LIVE_MAX_SUBSCRIPTIONS_PER_KEY, without Retry-After: the key already holds that many output streams and GraphQL subscriptions at once on this server, and one of them must end first.',
    },
  });
}

function textBlocksRoute(what: string, description: string, schema: z.ZodType) {
  return v2({
    summary: `The ${what} of a completed transcript`,
    description: `${description} 400 until the transcript is completed, or when the engine gave no word timings.`,
    success: { 200: { description: `The ${what}, covering the text once, in order.`, schema } },
    errors: [400, 404],
  });
}

function captionsRoute(name: string, mediaType: string) {
  return v2({
    summary: `${name} captions of a completed transcript`,
    description:
      'Captions of at most chars_per_caption characters, timed by the words (or, when the engine gave none, by its timed phrases). A caption does not run over a sentence end or a pause of 1.5 s. 400 until the transcript is completed, or when the engine gave no timings at all.',
    query: captionParams,
    success: { 200: { description: `The captions (${name}).`, mediaType } },
    errors: [400, 404],
  });
}
