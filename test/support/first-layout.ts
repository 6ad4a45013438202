// Records as the builds before record layouts wrote them (layout 1), field for field: each kind
// as the commit that first stored it shaped it (`git show <commit>:<its types file>`), so they
// lack every field added since. Tests write them into Redis as raw JSON; `fields` overrides.

const then = '2026-11-01T10:00:00.000Z';

export const pipelineState = (status: string, generation: number) => ({ status, error: null, generation, updatedAt: then });

/** A voice as 5dde72b wrote it: idle, no samples. */
export function firstLayoutVoice(id: string, partner: string, name: string, fields: object = {}) {
  return {
    id,
    partner,
    name,
    creatorName: 'Ada',
    creatorEmail: null,
    original: null,
    samples: [],
    splitting: pipelineState('idle', 0),
    embedding: pipelineState('idle', 0),
    embeddingType: 'vendor_tts_v2',
    embeddingInfo: null,
    embeddings: {},
    preferredSampleIndex: null,
    createdAt: then,
    updatedAt: then,
    version: 3,
    ...fields,
  };
}

/** A knowledge base as fb296ae wrote it, never embedded; `embedding` overrides fields of its embedding. */
export function firstLayoutKnowledgeBase(id: string, partner: string, name: string, fields: object = {}, embedding: object = {}) {
  return {
    id,
    partner,
    name,
    expertName: 'Grace',
    userEmail: null,
    folders: ['Manual'],
    contentRevision: 2,
    embedding: {
      status: 'idle',
      error: null,
      generation: 0,
      externalJobId: null,
      splitLevel: 0,
      language: 'english',
      lastUpdateTime: null,
      lastUpdateStatus: null,
      lastUpdateDetails: null,
      lastSuccessfulUpdateTime: null,
      lastSuccessfulDetails: null,
      // JSON lines of the last successful run, before the retrieval index.
      blobId: null,
      startedRevision: 0,
      embeddedRevision: null,
      ...embedding,
    },
    createdAt: then,
    updatedAt: then,
    version: 3,
    ...fields,
  };
}

/** A document as fb296ae wrote it: an upload in folder Manual, not digitized. */
export function firstLayoutDocument(id: string, kbId: string, partner: string, name: string, fields: object = {}) {
  return {
    id,
    kbId,
    partner,
    name,
    nameFromSource: false,
    folder: 'Manual',
    type: 'file',
    url: null,
    original: null,
    digitized: null,
    draft: null,
    rewritten: null,
    userEmail: null,
    expertName: 'Grace',
    autoRewrite: false,
    modelTier: 'standard',
    useOriginalAsRewritten: false,
    inQueues: [],
    generation: 0,
    rewriteModel: null,
    rewriteInputTokens: null,
    rewriteOutputTokens: null,
    rewriteCompletedAt: null,
    processingError: null,
    isEmbedded: false,
    createdAt: then,
    updatedAt: then,
    version: 1,
    ...fields,
  };
}
