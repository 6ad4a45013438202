import { z } from 'zod';
import {
  describedAs,
  formBoolean,
  formInteger,
  httpUrlShape,
  isHttpUrl,
  nameParam,
  optionalText,
  resourceName,
  single,
  wireShape,
} from '../shared/form-values';
import { CONTENT_TYPE_ALIASES, CONTENT_TYPES, normalizeContentType, type ContentType } from './content-types';
import { CONTENT_KINDS, DOCUMENT_TYPES, MODEL_TIERS, PROCESS_ACTIONS } from './knowledge-base.types';

/** Inputs of the knowledge base operations, shared by REST (form strings) and GraphQL (typed values). */
const text = (max: number) => z.preprocess(single, optionalText(max));
const name = nameParam;
/**
 * Form values with one readable message each, where a union would only say "Invalid input".
 * The transform hides what it accepts from JSON Schema, so the wrapped schema's shape is
 * registered for the OpenAPI document.
 */
const strictly = <T>(schema: z.ZodType<T>, message: string) => {
  const { $schema: _dialect, ...accepted } = wireShape.get(schema) ?? z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return describedAs(
    z.unknown().transform((value, context): T => {
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data;
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    }),
    accepted,
  );
};
const bool = (fallback: boolean) => z.preprocess(single, formBoolean).default(fallback);
const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (value) => {
      const last = single(value);
      return typeof last === 'string' ? last.trim().toLowerCase() : last;
    },
    z.enum(values, { error: `must be one of ${values.join(', ')}` }),
  );

export const MAX_BATCH_URLS = 1000;

/** A partner's URL: http or https only, kept within a sane length. */
export const documentUrl = describedAs(
  z.string({ error: 'is required' }).trim().max(2048, 'must be at most 2048 characters').refine(isHttpUrl, 'must be an http or https URL'),
  httpUrlShape(2048),
);

export const contentTypeInput = describedAs(
  z.preprocess(
    single,
    z.string({ error: 'must be one of auto, article, video, book' }).transform((value, context): ContentType => {
      const type = normalizeContentType(value);
      if (type) return type;
      context.addIssue({ code: 'custom', message: 'must be one of auto, article, video, book' });
      return z.NEVER;
    }),
  ),
  {
    type: 'string',
    enum: [...CONTENT_TYPES, ...Object.keys(CONTENT_TYPE_ALIASES)],
    description: 'The rewrite template: auto, article, video or book (youtube is taken as video), in any case.',
  },
).default('auto');

export const createKnowledgeBaseInput = z
  .object({
    name,
    expert_name: text(255),
    user_email: text(320),
  })
  .transform((input) => ({ name: input.name, expertName: input.expert_name, userEmail: input.user_email }));

export const folderInput = z.object({ name });

const documentOptions = {
  expert_name: text(255),
  user_email: text(320),
  auto_rewrite: bool(false),
  model_tier: oneOf(MODEL_TIERS).default('standard'),
  use_original_as_rewritten: bool(false),
};

const documentOptionsOf = (input: z.output<z.ZodObject<typeof documentOptions>>) => ({
  expertName: input.expert_name,
  userEmail: input.user_email,
  autoRewrite: input.auto_rewrite,
  modelTier: input.model_tier,
  useOriginalAsRewritten: input.use_original_as_rewritten,
});

/** A document of type url needs its URL: checked here, and stated in the OpenAPI document. */
function requireUrlForUrlType(input: { type: string; url?: string }, context: z.RefinementCtx): void {
  if (input.type === 'url' && !input.url) context.addIssue({ code: 'custom', path: ['url'], message: 'is required when type is url' });
}
const URL_REQUIRED_FOR_URL_TYPE = { if: { properties: { type: { const: 'url' } }, required: ['type'] }, then: { required: ['url'] } };

export const createDocumentInput = z
  .object({
    type: oneOf(DOCUMENT_TYPES),
    folder: name,
    url: z.preprocess(single, documentUrl.optional()),
    name: z.preprocess(single, resourceName.optional()),
    ...documentOptions,
  })
  .superRefine(requireUrlForUrlType)
  .meta(URL_REQUIRED_FOR_URL_TYPE)
  .transform(({ type, folder, url, name, ...options }) => ({ type, folder, url, name, ...documentOptionsOf(options) }));

export const emptyDocumentInput = z
  .object({
    name,
    folder: name,
    type: oneOf(DOCUMENT_TYPES),
    url: z.preprocess(single, documentUrl.optional()),
    expert_name: text(255),
    user_email: text(320),
  })
  .superRefine(requireUrlForUrlType)
  .meta(URL_REQUIRED_FOR_URL_TYPE)
  .transform((input) => ({
    name: input.name,
    folder: input.folder,
    type: input.type,
    url: input.url,
    expertName: input.expert_name,
    userEmail: input.user_email,
  }));

/** URLs are checked one by one later: a bad entry fails alone instead of failing the batch. */
export const batchInput = z
  .object({
    folder: name,
    urls: z
      .array(z.unknown(), { error: 'must be an array of URLs' })
      .min(1, 'must contain at least one URL')
      .max(MAX_BATCH_URLS, `must contain at most ${MAX_BATCH_URLS} URLs`),
    ...documentOptions,
  })
  .transform(({ folder, urls, ...options }) => ({ folder, urls, ...documentOptionsOf(options) }));

export const renameDocumentInput = z.object({ name });
export const documentTypeInput = z.object({
  type: oneOf(DOCUMENT_TYPES),
  url: z.preprocess(single, documentUrl.optional()).meta({ description: 'Required when type is url and the document has no URL yet.' }),
});
export const documentUrlInput = z.object({ url: z.preprocess(single, documentUrl) });
export const deleteDocumentInput = z.object({ force: bool(true) });

export const contentKindParam = z.enum(CONTENT_KINDS, { error: `must be one of ${CONTENT_KINDS.join(', ')}` });
/** Text content: up to 20 million characters keeps a record's files far below memory limits. */
export const contentInput = z.object({
  content: z.preprocess(single, z.string({ error: 'is required' }).max(20_000_000, 'must be at most 20000000 characters')),
});

const documentReference = z
  .preprocess(
    (value) => {
      const last = single(value);
      if (typeof last === 'string') {
        try {
          return JSON.parse(last) as unknown;
        } catch {
          return { id: last };
        }
      }
      return last;
    },
    z.object({ id: z.string({ error: 'must name the document id' }).uuid('must be a document id') }, { error: 'must be a document object with an id' }),
  )
  .meta({ description: 'The document as {"id": "<uuid>"}; a form field may carry that JSON or the id alone.' });

export const queueProcessInput = z
  .object({
    document: documentReference,
    action: oneOf(PROCESS_ACTIONS).default('process'),
    partner: name,
    kb: name,
    content_type: contentTypeInput,
    person_name: text(255),
  })
  .transform((input) => ({
    partner: input.partner,
    kb: input.kb,
    documentId: input.document.id,
    action: input.action,
    contentType: input.content_type,
    personName: input.person_name ?? null,
  }));

export const bulkRewriteInput = z
  .object({
    skip_rewritten: bool(true),
    content_type: contentTypeInput,
    person_name: text(255),
  })
  .transform((input) => ({ skipRewritten: input.skip_rewritten, contentType: input.content_type, personName: input.person_name ?? null }));

export const startEmbeddingInput = z
  .object({
    split_level: z.preprocess(single, formInteger(0, 6, 'must be between 0 and 6')).default(0),
    language: z
      .preprocess(
        single,
        z
          .string()
          .trim()
          .min(1, 'must not be empty')
          .max(50, 'must be at most 50 characters')
          .regex(/^[\p{L} _-]+$/u, 'must be a language name'),
      )
      .default('english'),
  })
  .transform((input) => ({ splitLevel: input.split_level, language: input.language }));

/** What a client may set on each document it creates. */
export type DocumentOptions = ReturnType<typeof documentOptionsOf>;
export type NewKnowledgeBase = z.output<typeof createKnowledgeBaseInput>;
export type NewDocument = z.output<typeof createDocumentInput>;
export type NewEmptyDocument = z.output<typeof emptyDocumentInput>;
export type NewDocumentBatch = z.output<typeof batchInput>;
export type ProcessRequest = z.output<typeof queueProcessInput>;
export type BulkRewriteRequest = z.output<typeof bulkRewriteInput>;
export type EmbeddingSettings = z.output<typeof startEmbeddingInput>;

export const RETRIEVAL_MODES = ['hybrid', 'semantic', 'keyword'] as const;
export type RetrievalMode = (typeof RETRIEVAL_MODES)[number];
export const MAX_TOP_K = 50;

const formNumber = z.union([
  z.number().finite(),
  z
    .string()
    .regex(/^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/, 'must be a number')
    .transform((value) => Number(value)),
]);

/** A list from JSON or GraphQL, or from a form as repeated fields or one comma-separated value. */
const list = (value: unknown): unknown =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : value;

/** A question asked of a knowledge base's last successful embedding. */
export const retrieveInput = z
  .object({
    query: z
      .preprocess(single, z.string({ error: 'is required' }).trim().min(1, 'must not be empty').max(2000, 'must be at most 2000 characters'))
      .meta({ description: 'What to look for: a question, words, names or codes.' }),
    top_k: z
      .preprocess(single, formInteger(1, MAX_TOP_K, `must be between 1 and ${MAX_TOP_K}`))
      .default(5)
      .meta({ description: `Results at most, 1 to ${MAX_TOP_K}.` }),
    mode: oneOf(RETRIEVAL_MODES)
      .default('hybrid')
      .meta({ description: 'hybrid (keyword and vector search fused by reciprocal rank), semantic (vectors) or keyword (BM25).' }),
    score_threshold: z
      .preprocess(single, strictly(formNumber, 'must be a number'))
      .optional()
      .meta({ description: 'Leaves out results that score below it (the score each result shows).' }),
    folder: z.preprocess(single, resourceName).optional().meta({ description: 'Only documents of this folder.' }),
    document_ids: z
      .preprocess(list, z.array(z.uuid({ error: 'must be document ids' })).max(1000, 'must name at most 1000 documents'))
      .optional()
      .meta({ description: 'Only these documents.' }),
  })
  .transform((input) => ({
    query: input.query,
    topK: input.top_k,
    mode: input.mode,
    scoreThreshold: input.score_threshold ?? null,
    folder: input.folder ?? null,
    documentIds: input.document_ids?.map((id) => id.toLowerCase()) ?? null,
  }));

export type RetrievalQuery = z.output<typeof retrieveInput>;
