import { z } from 'zod';
import { CONTENT_TYPES } from '../../domain/knowledge-base/content-types';
import {
  batchInput,
  bulkRewriteInput,
  contentInput,
  createDocumentInput,
  createKnowledgeBaseInput,
  deleteDocumentInput,
  documentTypeInput,
  documentUrlInput,
  emptyDocumentInput,
  folderInput,
  queueProcessInput,
  renameDocumentInput,
  retrieveInput,
  startEmbeddingInput,
} from '../../domain/knowledge-base/knowledge-base.inputs';
import { ANY_ENCODING } from '../../http/openapi/route-doc';
import { apiRoute, noContent, TAGS } from '../openapi';
import {
  batchResultSchema,
  bulkRewriteSchema,
  documentContentSchema,
  documentSchema,
  embeddingStatusSchema,
  folderSchema,
  knowledgeBaseDataSchema,
  knowledgeBaseSchema,
  knowledgeBaseStatsSchema,
  processQueuedSchema,
  retrievalSchema,
} from './knowledge-base.wire';

const kbRoute = (options: Omit<Parameters<typeof apiRoute>[0], 'tag'>) => apiRoute({ ...options, tag: TAGS.knowledgeBases });
const document = (description: string) => ({ description, schema: documentSchema });
const bulkRewrite = (what: string) =>
  kbRoute({
    summary: `Rewrite every document of ${what}`,
    description: 'Queues a rewrite of each document that has digitized text (skip_rewritten leaves those with a final rewrite alone).',
    body: { schema: bulkRewriteInput, encodings: ANY_ENCODING },
    success: { 202: { description: 'What was queued and what was skipped, and why.', schema: bulkRewriteSchema } },
    errors: [404],
  });

/** The knowledge base service's routes as /openapi.json and docs/api/knowledge-bases.md describe them. */
export const knowledgeBaseDocs = {
  contentTypes: kbRoute({
    summary: 'List the content types',
    description: 'The rewrite templates content_type takes. No key needed.',
    access: 'public',
    success: { 200: { description: 'The content types.', schema: z.array(z.enum(CONTENT_TYPES)) } },
  }),
  list: kbRoute({
    summary: 'List a partner’s knowledge bases',
    success: { 200: { description: 'The knowledge bases with their documents.', schema: z.array(knowledgeBaseSchema) } },
  }),
  create: kbRoute({
    summary: 'Create a knowledge base',
    description: 'expert_name and user_email are the defaults of its documents.',
    body: { schema: createKnowledgeBaseInput, encodings: ANY_ENCODING },
    success: { 201: { description: 'The knowledge base.', schema: knowledgeBaseSchema } },
    errors: [409],
  }),
  delete: kbRoute({ summary: 'Delete a knowledge base', description: 'With its folders, documents and files.', success: { 204: noContent }, errors: [404] }),
  data: kbRoute({
    summary: 'Read documents, folders and embedding info together',
    success: { 200: { description: 'The knowledge base’s data.', schema: knowledgeBaseDataSchema } },
    errors: [404],
  }),
  stats: kbRoute({ summary: 'Read statistics', success: { 200: { description: 'Counts and characters.', schema: knowledgeBaseStatsSchema } }, errors: [404] }),
  folders: kbRoute({ summary: 'List folders', success: { 200: { description: 'The folders.', schema: z.array(folderSchema) } }, errors: [404] }),
  createFolder: kbRoute({
    summary: 'Create a folder',
    body: { schema: folderInput, encodings: ANY_ENCODING },
    success: { 201: { description: 'The folder.', schema: folderSchema } },
    errors: [404, 409],
  }),
  deleteFolder: kbRoute({ summary: 'Delete a folder', description: 'An empty folder only.', success: { 204: noContent }, errors: [404, 409] }),
  documents: kbRoute({
    summary: 'Read a knowledge base with all its documents',
    success: { 200: { description: 'The knowledge base.', schema: knowledgeBaseSchema } },
    errors: [404],
  }),
  document: kbRoute({ summary: 'Read a document', success: { 200: document('The document.') }, errors: [404] }),
  createDocument: kbRoute({
    summary: 'Create a document from a file or a URL',
    description: 'Digitization starts at once (in_queues holds digitize); with auto_rewrite the rewrite follows.',
    body: {
      schema: createDocumentInput,
      encodings: ANY_ENCODING,
      files: { file: 'The document (PDF, DOCX, HTML, text, Markdown, audio or video); required when type is file.' },
    },
    success: { 201: document('The document.') },
    errors: [404, 409, 415],
  }),
  batch: kbRoute({
    summary: 'Create documents from many URLs',
    description: 'Each URL succeeds or fails on its own; the answer lists each.',
    body: { schema: batchInput, encodings: ['application/json'] },
    success: { 201: { description: 'A summary and one result per URL.', schema: batchResultSchema } },
    errors: [404],
  }),
  createEmpty: kbRoute({
    summary: 'Create an empty document',
    description: 'A document without content, for manual editing.',
    body: { schema: emptyDocumentInput, encodings: ANY_ENCODING },
    success: { 201: document('The document.') },
    errors: [404, 409],
  }),
  rename: kbRoute({
    summary: 'Rename a document',
    body: { schema: renameDocumentInput, encodings: ANY_ENCODING },
    success: { 200: document('The document.') },
    errors: [404, 409],
  }),
  setType: kbRoute({
    summary: 'Change a document’s type',
    body: { schema: documentTypeInput, encodings: ANY_ENCODING },
    success: { 200: document('The document.') },
    errors: [404, 409],
  }),
  setUrl: kbRoute({
    summary: 'Change a document’s URL',
    body: { schema: documentUrlInput, encodings: ANY_ENCODING },
    success: { 200: document('The document.') },
    errors: [404, 409],
  }),
  deleteDocument: kbRoute({
    summary: 'Delete a document',
    description: 'force=false refuses (409) while the document is being processed.',
    query: deleteDocumentInput,
    success: { 204: noContent },
    errors: [404, 409, 422],
  }),
  content: kbRoute({
    summary: 'Read one text of a document',
    description: 'original, digitized, draft or rewritten; a binary original (PDF, DOCX, media) comes as base64.',
    success: { 200: { description: 'The text.', schema: documentContentSchema } },
    errors: [404, 422],
  }),
  writeContent: kbRoute({
    summary: 'Write one text of a document',
    description: 'The content parameter, or a file part named file.',
    body: { schema: contentInput, encodings: ANY_ENCODING, files: { file: 'The text as a file, in place of content.' } },
    success: { 200: document('The document.') },
    errors: [404, 409, 415],
  }),
  uploadContent: kbRoute({
    summary: 'Upload one text of a document as a file',
    body: { schema: z.object({}), encodings: ['multipart/form-data'], files: { file: 'The file.' }, requiredFile: 'file' },
    success: { 200: document('The document.') },
    errors: [404, 409, 415],
  }),
  rewrittenBundle: kbRoute({
    summary: 'Download every rewritten text as a ZIP',
    description: 'One Markdown file per document with a final rewrite, under its folder.',
    success: { 200: { description: 'The ZIP archive.', mediaType: 'application/zip' } },
    errors: [404],
  }),
  queueProcess: kbRoute({
    summary: 'Queue a document for digitizing, rewriting or both',
    description: 'The partner travels in the body; the key must reach it.',
    body: { schema: queueProcessInput, encodings: ANY_ENCODING },
    success: { 202: { description: 'What was queued.', schema: processQueuedSchema } },
    errors: [404, 409],
  }),
  bulkRewriteFolder: bulkRewrite('a folder'),
  bulkRewriteKb: bulkRewrite('a knowledge base'),
  embedding: kbRoute({
    summary: 'Read the embedding status',
    success: { 200: { description: 'The embedding status.', schema: embeddingStatusSchema } },
    errors: [404],
  }),
  startEmbedding: kbRoute({
    summary: 'Embed the knowledge base',
    body: { schema: startEmbeddingInput, encodings: ANY_ENCODING },
    success: { 202: { description: 'The embedding status; status is in_progress.', schema: embeddingStatusSchema } },
    errors: [404],
  }),
  retrieve: kbRoute({
    summary: 'Search the knowledge base',
    description:
      'Answers from the last successful embedding run, never from one in progress: the chunks that match the query best, each with its document, heading path and place in the source (characters, and milliseconds for audio and video). hybrid fuses BM25 keyword search and vector search by reciprocal rank. 404 for a knowledge base that was never embedded; 409 when EMBEDDINGS_MODEL changed since its last run.',
    body: { schema: retrieveInput, encodings: ANY_ENCODING },
    success: { 200: { description: 'The results, best first.', schema: retrievalSchema } },
    errors: [404, 409],
  }),
};
