import { z } from 'zod';
import type { ApiDescription } from '../http/openapi/document';
import type { RequestBodyDoc, ResponseDoc, RouteDoc } from '../http/openapi/route-doc';
import { apiErrorSchema, v2ErrorSchema, v2ValidationErrorSchema } from './rest-errors';
import { ttsTypeParam } from '../domain/voice/voice.inputs';

export const TAGS = {
  voices: 'Voices',
  knowledgeBases: 'Knowledge bases',
  v2: 'Transcripts and completions',
  webhooks: 'Webhooks',
} as const;

const name = (what: string) => z.string().min(1).max(255).meta({ description: what });

/** The title, tags and path parameters of /openapi.json; the routes describe themselves. */
export const restApiDescription: Omit<ApiDescription, 'isUndocumented' | 'securitySchemes'> = {
  info: {
    title: 'Persona platform REST API',
    version: '1.0.0',
    description:
      'The three legacy REST APIs: voices and knowledge bases under /api (errors as {"detail": "..."}), with each partner’s webhook endpoints beside them, transcripts and completions under /v2 (errors as {"error": "..."}, invalid input as {"message", "errors"}). The same domain is served as GraphQL at /graphql.',
  },
  tags: [
    { name: TAGS.voices, description: 'Voices, their samples, splitting and embedding (docs/api/voices.md).' },
    { name: TAGS.knowledgeBases, description: 'Knowledge bases, folders, documents, processing and embedding (docs/api/knowledge-bases.md).' },
    { name: TAGS.v2, description: 'Long-running transcripts and completions: submit, then poll (docs/api/transcripts-and-completions.md).' },
    { name: TAGS.webhooks, description: 'A partner’s webhook endpoints and their deliveries (docs/api/webhooks.md, docs/webhooks.md).' },
    { name: 'Operations', description: 'Liveness, readiness and metrics for orchestrators and monitoring.' },
  ],
  pathParameters: {
    partner: name('Partner name; the key must reach it.'),
    voice: name('Voice name.'),
    index: z.string().regex(/^\d+$/).meta({ description: 'Sample index (0, 1, ...).' }),
    filename: z.string().meta({ description: 'Test sample filename, as the test-samples list names it.' }),
    tts_type: ttsTypeParam.meta({ description: 'TTS type.' }),
    kb: name('Knowledge base name.'),
    folder: name('Folder name.'),
    doc_id: z.string().meta({ format: 'uuid', description: 'Document id.' }),
    type: z.enum(['original', 'digitized', 'draft', 'rewritten']).meta({ description: 'Which text of the document.' }),
    id: z.string().meta({ format: 'uuid', description: 'The id of the transcript or completion (the last segment of the path its submit returned).' }),
    delivery: z.string().meta({ format: 'uuid', description: 'Delivery id, as the deliveries list shows it.' }),
  },
};

const retryAfter = { 'Retry-After': 'Seconds to wait before trying again.' };

const UNAVAILABLE =
  'Service temporarily unavailable, the message says why: Redis or the file storage cannot be reached, or an audio tool the request needs (ffmpeg, ffprobe) is not installed. Nothing was stored.';
const INSUFFICIENT_STORAGE = "The service's disk is full; nothing was stored. The same request may succeed once space is freed.";

const API_ERRORS: Record<number, string> = {
  401: 'Invalid API key (missing or wrong).',
  403: 'Access denied: the key does not reach this partner.',
  404: 'Not found; the detail names what is missing (Voice not found, Document not found, ...).',
  409: 'Conflict; the detail says with what (a name that already exists, a voice being processed).',
  413: 'The upload or body is over the limit (MAX_UPLOAD_MB).',
  415: 'The uploaded file is of a kind the service cannot read.',
  422: 'A parameter is invalid (the detail names it), an upload cannot be read, or the URL is malformed.',
  429: 'Rate limit exceeded.',
  500: 'Internal server error.',
  503: UNAVAILABLE,
  507: INSUFFICIENT_STORAGE,
};

const V2_ERRORS: Record<number, string> = {
  400: 'The transcript is not completed yet, or lacks the timings this needs; the error says which.',
  401: 'Invalid API key (missing or wrong).',
  404: 'Transcript not found / Completion not found (also another key’s, and a completion past its 20 minutes).',
  413: 'The body is over the limit.',
  422: 'The given data was invalid: each failing parameter with its messages.',
  429: 'Rate limit exceeded. Try again in N seconds.',
  500: 'Internal server error.',
  503: UNAVAILABLE,
  507: INSUFFICIENT_STORAGE,
};

function errorResponses(table: Record<number, string>, bodyOf: (status: number) => z.ZodType, statuses: readonly number[]) {
  return Object.fromEntries(
    [...new Set(statuses)].map((status): [number, ResponseDoc] => [
      status,
      { description: table[status]!, schema: bodyOf(status), ...(status === 429 || status === 503 ? { headers: retryAfter } : {}) },
    ]),
  );
}

interface RouteOptions {
  tag: string;
  summary: string;
  description?: string;
  pathParameters?: Record<string, z.ZodType>;
  query?: z.ZodType;
  body?: RequestBodyDoc;
  /** Success answers by status. */
  success: Record<number, ResponseDoc>;
  /** Error statuses of this route beyond those every keyed route can answer. */
  errors?: readonly number[];
  /** This route's own words for an error status, where the API's shared ones would be vague. */
  errorDescriptions?: Record<number, string>;
}

/** A route of /api: every one answers errors as {detail}; `keyInQuery` for the voice service, which also takes ?api_key=. */
export function apiRoute(options: RouteOptions & { access?: 'partner' | 'public'; keyInQuery?: boolean }): RouteDoc {
  const access = options.access ?? 'partner';
  // 422 too: a malformed URL or an over-long path parameter is refused before any route runs.
  const always = access === 'public' ? [422, 500, 503] : [401, 403, 422, 429, 500, 503, 507];
  const bodyErrors = options.body ? [413] : [];
  return {
    tag: options.tag,
    summary: options.summary,
    description: options.description,
    security: access === 'public' ? [] : options.keyInQuery ? ['ApiKey', 'ApiKeyQuery'] : ['ApiKey'],
    pathParameters: options.pathParameters,
    query: options.query,
    body: options.body,
    responses: {
      ...options.success,
      ...errorResponses({ ...API_ERRORS, ...options.errorDescriptions }, () => apiErrorSchema, [...(options.errors ?? []), ...bodyErrors, ...always].sort()),
    },
  };
}

/** A route of /v2: errors as {error}, invalid input as {message, errors}; each key sees only its own resources. */
export function v2Route(options: RouteOptions): RouteDoc {
  const statuses = [...(options.errors ?? []), ...(options.body ? [413] : []), 401, 422, 429, 500, 503, 507].sort();
  return {
    tag: options.tag,
    summary: options.summary,
    description: options.description,
    security: ['ApiKey'],
    pathParameters: options.pathParameters,
    query: options.query,
    body: options.body,
    responses: {
      ...options.success,
      ...errorResponses({ ...V2_ERRORS, ...options.errorDescriptions }, (status) => (status === 422 ? v2ValidationErrorSchema : v2ErrorSchema), statuses),
    },
  };
}

export const noContent: ResponseDoc = { description: 'Done; no body.' };
