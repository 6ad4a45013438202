/* eslint-disable */
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = { [_ in K]?: never };
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** An ISO 8601 timestamp in UTC. */
  DateTime: { input: string; output: string; }
  /** Any JSON value. */
  JSON: { input: unknown; output: unknown; }
  /** A file sent with the GraphQL multipart request spec. */
  Upload: { input: File; output: File; }
};

/** One URL of a batch: a document was created for it, or the URL was refused on its own. */
export type BatchItemResult = {
  __typename?: 'BatchItemResult';
  documentId?: Maybe<Scalars['ID']['output']>;
  error?: Maybe<Scalars['String']['output']>;
  status: BatchItemStatus;
  url: Scalars['String']['output'];
};

export type BatchItemStatus =
  | 'FAILED'
  | 'SUCCESS';

export type BatchSummary = {
  __typename?: 'BatchSummary';
  failed: Scalars['Int']['output'];
  succeeded: Scalars['Int']['output'];
  total: Scalars['Int']['output'];
};

/** Which documents a bulk rewrite queued and which it skipped; follow them with documentUpdated. */
export type BulkRewriteResult = {
  __typename?: 'BulkRewriteResult';
  queued: Array<Scalars['ID']['output']>;
  queuedCount: Scalars['Int']['output'];
  skipped: Array<SkippedDocument>;
  skippedCount: Scalars['Int']['output'];
};

/** A subtitle file format. */
export type CaptionFormat =
  /** SubRip (.srt). */
  | 'SRT'
  /** WebVTT (.vtt), as HTML <track> elements read it. */
  | 'VTT';

export type ChatRole =
  | 'ASSISTANT'
  | 'SYSTEM'
  | 'USER';

/** A persona reply generated from messages and audio; readable for a while after it finishes. */
export type Completion = {
  __typename?: 'Completion';
  createdAt: Scalars['DateTime']['output'];
  finishedAt?: Maybe<Scalars['DateTime']['output']>;
  /** The path form, /v2/completions/<uuid>, as REST gives it. */
  id: Scalars['ID']['output'];
  /** As in REST: {message, usage, model, transcripts} once COMPLETED, {error} once FAILED. */
  output?: Maybe<Scalars['JSON']['output']>;
  /** The reply written so far while IN_PROGRESS (null before any, and once finished: output has it); completionOutput streams it. */
  partialOutput?: Maybe<Scalars['String']['output']>;
  state: CompletionState;
  updatedAt: Scalars['DateTime']['output'];
};

export type CompletionAudioFileInput = {
  name: Scalars['String']['input'];
  /** An http(s) URL or a data:audio/...;base64,... URI. */
  url: Scalars['String']['input'];
};

export type CompletionContentPartInput = {
  /** For AUDIO parts: the name of one of the audioFiles. */
  audioFile?: InputMaybe<Scalars['String']['input']>;
  /** For TEXT parts. */
  text?: InputMaybe<Scalars['String']['input']>;
  type: ContentPartType;
};

/** Either content (plain text) or parts (text and audio), not both. */
export type CompletionMessageInput = {
  content?: InputMaybe<Scalars['String']['input']>;
  parts?: InputMaybe<Array<CompletionContentPartInput>>;
  role: ChatRole;
};

/** IN_PROGRESS, then COMPLETED or FAILED. */
export type CompletionState =
  | 'COMPLETED'
  | 'FAILED'
  | 'IN_PROGRESS';

export type ContentPartType =
  | 'AUDIO'
  | 'TEXT';

/** A new endpoint and its signing secret; the secret is shown this once. */
export type CreatedWebhook = {
  __typename?: 'CreatedWebhook';
  endpoint: WebhookEndpoint;
  /** `whsec_` and the base64 of the key, as Standard Webhooks libraries take it. */
  secret: Scalars['String']['output'];
};

/** A knowledge base document. Its state shows in state, inQueues, progress, the file* fields and processingError. */
export type Document = {
  __typename?: 'Document';
  autoRewrite: Scalars['Boolean']['output'];
  /** The text of that kind, null when it does not exist. A binary ORIGINAL (PDF, DOCX, audio, video) comes base64-encoded. */
  content?: Maybe<Scalars['String']['output']>;
  createdAt: Scalars['DateTime']['output'];
  /** True only on the last subscription event of a deleted document. */
  deleted: Scalars['Boolean']['output'];
  digitizedCharCount: Scalars['Int']['output'];
  draftRewriteCharCount: Scalars['Int']['output'];
  expertName?: Maybe<Scalars['String']['output']>;
  fileDigitized?: Maybe<Scalars['String']['output']>;
  fileOriginal?: Maybe<Scalars['String']['output']>;
  fileRewritten?: Maybe<Scalars['String']['output']>;
  fileRewrittenDraft?: Maybe<Scalars['String']['output']>;
  finalRewriteCharCount: Scalars['Int']['output'];
  folder: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** Empty once processing has ended. */
  inQueues: Array<DocumentQueue>;
  /** Included in the last successful embedding run. */
  isEmbedded: Scalars['Boolean']['output'];
  modelTier: ModelTier;
  name: Scalars['String']['output'];
  /** pdf, docx, html, text, markdown, audio or video. */
  originalFormat?: Maybe<Scalars['String']['output']>;
  /** Readable reason when the last processing run failed. */
  processingError?: Maybe<Scalars['String']['output']>;
  /** The running job: digitizing (downloading, extracting, or transcribing by seconds of audio) or rewriting (draft, then final). */
  progress?: Maybe<Progress>;
  /** Why the digitizing or rewrite has not started yet, and when it should; null once it runs or when none is under way. */
  queue?: Maybe<QueueWait>;
  rewriteCompletedAt?: Maybe<Scalars['DateTime']['output']>;
  rewriteInputTokens?: Maybe<Scalars['Int']['output']>;
  /** The LLM that wrote the rewrite. */
  rewriteModel?: Maybe<Scalars['String']['output']>;
  rewriteOutputTokens?: Maybe<Scalars['Int']['output']>;
  /** inQueues and processingError in one word (what documentsConnection(state:) filters by). */
  state: DocumentState;
  type: DocumentType;
  updatedAt: Scalars['DateTime']['output'];
  /** The source URL when type is URL. */
  url?: Maybe<Scalars['String']['output']>;
  useOriginalAsRewritten: Scalars['Boolean']['output'];
  userEmail?: Maybe<Scalars['String']['output']>;
};


/** A knowledge base document. Its state shows in state, inQueues, progress, the file* fields and processingError. */
export type DocumentContentArgs = {
  kind: DocumentContentKind;
};

export type DocumentBatchResult = {
  __typename?: 'DocumentBatchResult';
  results: Array<BatchItemResult>;
  summary: BatchSummary;
};

export type DocumentConnection = {
  __typename?: 'DocumentConnection';
  edges: Array<DocumentEdge>;
  pageInfo: PageInfo;
};

/** One of the four texts of a document. */
export type DocumentContentKind =
  /** Text extracted from the original. */
  | 'DIGITIZED'
  /** The LLM's first rewrite. */
  | 'DRAFT'
  /** The uploaded or downloaded file. */
  | 'ORIGINAL'
  /** The final rewrite. */
  | 'REWRITTEN';

export type DocumentEdge = {
  __typename?: 'DocumentEdge';
  cursor: Scalars['String']['output'];
  node: Document;
};

/** A processing queue a document is waiting in or being worked on by. */
export type DocumentQueue =
  /** Text is being extracted from the original file or URL. */
  | 'DIGITIZE'
  /** The LLM is writing the draft and the final rewrite. */
  | 'REWRITE';

export type DocumentState =
  /** The last processing run failed (processingError). */
  | 'FAILED'
  /** Waiting in or running through a queue (inQueues). */
  | 'PROCESSING'
  /** Neither: nothing under way, and the last run (if any) succeeded. */
  | 'READY';

/** Where a document comes from. */
export type DocumentType =
  /** An uploaded file. */
  | 'FILE'
  /** A page or media file fetched from its URL. */
  | 'URL';

/** The outcome of the last embedding run. */
export type EmbeddingInfo = {
  __typename?: 'EmbeddingInfo';
  /** success or failed. */
  lastUpdateStatus: Scalars['String']['output'];
  lastUpdateTime: Scalars['DateTime']['output'];
  sampleScores: Array<SampleScore>;
  /** True when the voice's samples changed since this embedding was made (an upload, a deletion or a re-split). */
  stale: Scalars['Boolean']['output'];
  testSamples: Array<TestSample>;
  ttsType: Scalars['String']['output'];
};

export type EmbeddingPreviewDocument = {
  __typename?: 'EmbeddingPreviewDocument';
  id: Scalars['String']['output'];
  name: Scalars['String']['output'];
};

/** An engine of this deployment, as its configuration says, with how its last call ended (not a probe: no call, no news). */
export type Engine = {
  __typename?: 'Engine';
  /** What waits on this engine. */
  features: Array<Scalars['String']['output']>;
  /** Where the configured service is (scheme, host and port); null unless CONFIGURED. */
  host?: Maybe<Scalars['String']['output']>;
  kind: EngineKind;
  /** How the last call to it ended, in any process of the deployment; null before the first (and for the built-in embedder, which runs in process). */
  lastCall?: Maybe<EngineCall>;
  /** The model the service is asked for, or the built-in engine; null when missing. */
  model?: Maybe<Scalars['String']['output']>;
  status: EngineStatus;
  /** The environment variable that points the service at an engine of this kind. */
  variable: Scalars['String']['output'];
};

/** How a call to an engine ended. */
export type EngineCall = {
  __typename?: 'EngineCall';
  /** When it ended (a process repeats the same outcome at most every 10 seconds). */
  at: Scalars['DateTime']['output'];
  /** What went wrong, in a word or two (HTTP 401, timed out, unreachable, not configured, unexpected answer, answer too large, failed); never the engine's own words. The jobs that failed say more. */
  error?: Maybe<Scalars['String']['output']>;
  /** Whether the engine answered. */
  ok: Scalars['Boolean']['output'];
};

/** A kind of work the service hands to an engine. */
export type EngineKind =
  | 'DIARIZING_SPEECH_TO_TEXT'
  | 'LLM'
  | 'SPEECH_TO_TEXT'
  | 'TEXT_EMBEDDING'
  | 'VOICE';

export type EngineStatus =
  /** A service named by its variable does the work. */
  | 'CONFIGURED'
  /** No service configured: a built-in engine does the work (lower quality, nothing to run). */
  | 'LOCAL'
  /** No service configured and none built in: its features are accepted, then fail naming the variable. */
  | 'MISSING';

/** A folder of a knowledge base. */
export type Folder = {
  __typename?: 'Folder';
  documentCount: Scalars['Int']['output'];
  name: Scalars['String']['output'];
};

/** A knowledge base of a partner. documents, folders and stats share one read of the documents per request, whatever their number. */
export type KnowledgeBase = {
  __typename?: 'KnowledgeBase';
  createdAt: Scalars['DateTime']['output'];
  /** Oldest first. */
  documents: Array<Document>;
  /** The documents oldest first, a page at a time (first/after forward, last/before backward; at most 100 a page, 20 by default), those in the folder and state given only. Cursors are the documents' places by creation: they stay valid while documents come and go. */
  documentsConnection: DocumentConnection;
  embeddingInfo: KnowledgeBaseEmbeddingInfo;
  embeddingStatus: KnowledgeBaseEmbeddingStatus;
  /** Default author or speaker of new documents. */
  expertName?: Maybe<Scalars['String']['output']>;
  /** In creation order. */
  folders: Array<Folder>;
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  partner: Scalars['String']['output'];
  /** The running embedding (stage embedding: chunks embedded of total). */
  progress?: Maybe<Progress>;
  /** Why the embedding run has not started yet, and when it should; null once it runs or when none is under way. */
  queue?: Maybe<QueueWait>;
  stats: KnowledgeBaseStats;
  updatedAt: Scalars['DateTime']['output'];
  /** Default user e-mail of new documents. */
  userEmail?: Maybe<Scalars['String']['output']>;
};


/** A knowledge base of a partner. documents, folders and stats share one read of the documents per request, whatever their number. */
export type KnowledgeBaseDocumentsConnectionArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  folder?: InputMaybe<Scalars['String']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  state?: InputMaybe<DocumentState>;
};

/** What an embedding run covered. */
export type KnowledgeBaseEmbeddingDetails = {
  __typename?: 'KnowledgeBaseEmbeddingDetails';
  chunks: Scalars['Int']['output'];
  /** Chunks embedded by this run. */
  chunksEmbedded?: Maybe<Scalars['Int']['output']>;
  /** Chunks whose vector an earlier run had made. */
  chunksReused?: Maybe<Scalars['Int']['output']>;
  /** Null for runs recorded before chunks were counted apart. */
  chunksTotal?: Maybe<Scalars['Int']['output']>;
  documents: Scalars['Int']['output'];
  language: Scalars['String']['output'];
  model: Scalars['String']['output'];
  splitLevel: Scalars['Int']['output'];
  /** Tokens sent to the embedding engine; 0 with the local embedder. */
  tokens?: Maybe<Scalars['Int']['output']>;
};

/** The short form of the embedding status that the REST listings carry. */
export type KnowledgeBaseEmbeddingInfo = {
  __typename?: 'KnowledgeBaseEmbeddingInfo';
  /** Documents changed since the last successful run started. */
  embeddingStale: Scalars['Boolean']['output'];
  lastSuccessfulUpdateTime?: Maybe<Scalars['DateTime']['output']>;
  /** success or failed; null before the first run. */
  lastUpdateStatus?: Maybe<Scalars['String']['output']>;
};

/** What the next embedding run would do, against the last successful one. */
export type KnowledgeBaseEmbeddingPreview = {
  __typename?: 'KnowledgeBaseEmbeddingPreview';
  /** Chunks whose vector an earlier run made. */
  chunksReused: Scalars['Int']['output'];
  chunksToEmbed: Scalars['Int']['output'];
  chunksTotal: Scalars['Int']['output'];
  documentsAdded: Array<EmbeddingPreviewDocument>;
  documentsChanged: Array<EmbeddingPreviewDocument>;
  documentsRemoved: Array<EmbeddingPreviewDocument>;
  documentsUnchanged: Scalars['Int']['output'];
  language: Scalars['String']['output'];
  model: Scalars['String']['output'];
  splitLevel: Scalars['Int']['output'];
  /** Of the texts that would be sent, at four characters a token. */
  tokensEstimated: Scalars['Int']['output'];
};

/** Where the embedding run of a knowledge base stands. */
export type KnowledgeBaseEmbeddingState =
  | 'COMPLETED'
  | 'FAILED'
  | 'IDLE'
  | 'IN_PROGRESS';

/** The embedding of a knowledge base: the current run and the last successful one. */
export type KnowledgeBaseEmbeddingStatus = {
  __typename?: 'KnowledgeBaseEmbeddingStatus';
  /** True only on the last subscription event, when the knowledge base was deleted. */
  deleted: Scalars['Boolean']['output'];
  embeddingStale: Scalars['Boolean']['output'];
  /** Readable reason when FAILED. */
  error?: Maybe<Scalars['String']['output']>;
  externalJobId?: Maybe<Scalars['String']['output']>;
  /** The name of the knowledge base. */
  knowledgeBase: Scalars['String']['output'];
  language: Scalars['String']['output'];
  lastSuccessfulDetails?: Maybe<KnowledgeBaseEmbeddingDetails>;
  lastSuccessfulUpdateTime?: Maybe<Scalars['DateTime']['output']>;
  lastUpdateDetails?: Maybe<KnowledgeBaseEmbeddingDetails>;
  /** success or failed; null before the first run. */
  lastUpdateStatus?: Maybe<Scalars['String']['output']>;
  lastUpdateTime?: Maybe<Scalars['DateTime']['output']>;
  /** The running embedding (stage embedding: chunks embedded of total). */
  progress?: Maybe<Progress>;
  /** Why the embedding run has not started yet, and when it should; null once it runs or when none is under way. */
  queue?: Maybe<QueueWait>;
  splitLevel: Scalars['Int']['output'];
  status: KnowledgeBaseEmbeddingState;
};

/** A chunk that answers a search, with its place in its source. */
export type KnowledgeBaseSearchHit = {
  __typename?: 'KnowledgeBaseSearchHit';
  /** Where it ends, exclusive. */
  charEnd: Scalars['Int']['output'];
  /** Where it starts in the text it was cut from, in characters. */
  charStart: Scalars['Int']['output'];
  documentId: Scalars['String']['output'];
  documentName: Scalars['String']['output'];
  /** Audio and video documents: when it ends. */
  endMs?: Maybe<Scalars['Int']['output']>;
  folder: Scalars['String']['output'];
  /** The headings it stands under, joined by " > ". */
  headingPath?: Maybe<Scalars['String']['output']>;
  /** Higher is better; its scale depends on the mode. */
  score: Scalars['Float']['output'];
  /** Audio and video documents: when the passage starts in the recording. */
  startMs?: Maybe<Scalars['Int']['output']>;
  text: Scalars['String']['output'];
};

/** What a search found in the last successful embedding run. */
export type KnowledgeBaseSearchResult = {
  __typename?: 'KnowledgeBaseSearchResult';
  /** Documents changed since that run started. */
  embeddingStale: Scalars['Boolean']['output'];
  lastSuccessfulUpdateTime?: Maybe<Scalars['DateTime']['output']>;
  results: Array<KnowledgeBaseSearchHit>;
};

/** Counts over the documents of a knowledge base; characters are counted as code points. */
export type KnowledgeBaseStats = {
  __typename?: 'KnowledgeBaseStats';
  digitizedCount: Scalars['Int']['output'];
  documentCount: Scalars['Int']['output'];
  draftRewriteCount: Scalars['Int']['output'];
  embeddedCount: Scalars['Int']['output'];
  errorCount: Scalars['Int']['output'];
  finalRewriteCount: Scalars['Int']['output'];
  totalDigitizedChars: Scalars['Int']['output'];
  totalDraftRewriteChars: Scalars['Int']['output'];
  totalFinalRewriteChars: Scalars['Int']['output'];
};

/** The API key making the request. */
export type Me = {
  __typename?: 'Me';
  /** True for the admin key. */
  admin: Scalars['Boolean']['output'];
  /** The partners the key reaches, sorted; empty for the admin key, which reaches every partner. */
  partners: Array<Scalars['String']['output']>;
};

/** Which LLM rewrites a document. */
export type ModelTier =
  | 'ECONOMY'
  | 'STANDARD';

export type Mutation = {
  __typename?: 'Mutation';
  bulkRewriteFolder: BulkRewriteResult;
  bulkRewriteKnowledgeBase: BulkRewriteResult;
  /** Creates a document from an uploaded file or a URL and queues its digitization; a missing folder is created. */
  createDocument: Document;
  /** One URL document per URL (at most 1,000); an invalid URL fails alone. */
  createDocumentsBatch: DocumentBatchResult;
  /** A document without content, for manual editing. */
  createEmptyDocument: Document;
  createEmptyVoice: Voice;
  createFolder: Folder;
  createKnowledgeBase: KnowledgeBase;
  /** Creates a voice; with a file, splitting and then embedding start on their own. */
  createVoice: Voice;
  /** Registers an endpoint; the answer holds its signing secret, shown this once. */
  createWebhook: CreatedWebhook;
  deleteDocument: Scalars['Boolean']['output'];
  /** Deletes the folder and the documents in it, processing or not. */
  deleteFolder: Scalars['Boolean']['output'];
  /** Deletes the knowledge base with its documents, their files, waiting jobs and its embedding. */
  deleteKnowledgeBase: Scalars['Boolean']['output'];
  deleteVoice: Scalars['Boolean']['output'];
  deleteVoiceSample: Voice;
  deleteVoiceTestFiles: Voice;
  deleteWebhook: Scalars['Boolean']['output'];
  embedVoice: Voice;
  /** Queues digitizing, rewriting or both, superseding whatever ran before; follow it with documentUpdated. */
  queueDocumentProcessing: Document;
  /** Sends a delivery's event again (same webhook-id) in a new series of attempts. */
  redeliverWebhook: WebhookDelivery;
  renameDocument: Document;
  renameVoice: Voice;
  /** Sets the preferred sample; a null index clears it. */
  setPreferredSample: Voice;
  /** Re-splits the original recording, replacing the samples. */
  splitVoice: Voice;
  /** Splits every document by heading and embeds the chunks; follow it with knowledgeBaseEmbeddingUpdated. */
  startKnowledgeBaseEmbedding: KnowledgeBaseEmbeddingStatus;
  /** Queues a completion; follow it with completionUpdated. */
  submitCompletion: Completion;
  /** Queues a transcription; follow it with transcriptUpdated. */
  submitTranscript: Transcript;
  /** Replaces one text of the document; an ORIGINAL given as text becomes a plain-text original. */
  updateDocumentContent: Document;
  updateDocumentType: Document;
  /** Changes the URL without fetching it; queue a DIGITIZE for that. */
  updateDocumentUrl: Document;
  /** Stores a file as the ORIGINAL, or reads a text document (text, Markdown, HTML, PDF, DOCX) into the other kinds. */
  uploadDocumentContent: Document;
  uploadVoiceSample: VoiceSample;
};


export type MutationBulkRewriteFolderArgs = {
  contentType?: InputMaybe<RewriteContentType>;
  folder: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  partner: Scalars['String']['input'];
  personName?: InputMaybe<Scalars['String']['input']>;
  skipRewritten?: InputMaybe<Scalars['Boolean']['input']>;
};


export type MutationBulkRewriteKnowledgeBaseArgs = {
  contentType?: InputMaybe<RewriteContentType>;
  kb: Scalars['String']['input'];
  partner: Scalars['String']['input'];
  personName?: InputMaybe<Scalars['String']['input']>;
  skipRewritten?: InputMaybe<Scalars['Boolean']['input']>;
};


export type MutationCreateDocumentArgs = {
  autoRewrite?: InputMaybe<Scalars['Boolean']['input']>;
  expertName?: InputMaybe<Scalars['String']['input']>;
  file?: InputMaybe<Scalars['Upload']['input']>;
  folder: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  modelTier?: InputMaybe<ModelTier>;
  name?: InputMaybe<Scalars['String']['input']>;
  partner: Scalars['String']['input'];
  type?: InputMaybe<DocumentType>;
  url?: InputMaybe<Scalars['String']['input']>;
  useOriginalAsRewritten?: InputMaybe<Scalars['Boolean']['input']>;
  userEmail?: InputMaybe<Scalars['String']['input']>;
};


export type MutationCreateDocumentsBatchArgs = {
  autoRewrite?: InputMaybe<Scalars['Boolean']['input']>;
  expertName?: InputMaybe<Scalars['String']['input']>;
  folder: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  modelTier?: InputMaybe<ModelTier>;
  partner: Scalars['String']['input'];
  urls: Array<Scalars['String']['input']>;
  useOriginalAsRewritten?: InputMaybe<Scalars['Boolean']['input']>;
  userEmail?: InputMaybe<Scalars['String']['input']>;
};


export type MutationCreateEmptyDocumentArgs = {
  expertName?: InputMaybe<Scalars['String']['input']>;
  folder: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  name: Scalars['String']['input'];
  partner: Scalars['String']['input'];
  type: DocumentType;
  url?: InputMaybe<Scalars['String']['input']>;
  userEmail?: InputMaybe<Scalars['String']['input']>;
};


export type MutationCreateEmptyVoiceArgs = {
  name: Scalars['String']['input'];
  partner: Scalars['String']['input'];
};


export type MutationCreateFolderArgs = {
  kb: Scalars['String']['input'];
  name: Scalars['String']['input'];
  partner: Scalars['String']['input'];
};


export type MutationCreateKnowledgeBaseArgs = {
  expertName?: InputMaybe<Scalars['String']['input']>;
  name: Scalars['String']['input'];
  partner: Scalars['String']['input'];
  userEmail?: InputMaybe<Scalars['String']['input']>;
};


export type MutationCreateVoiceArgs = {
  creatorEmail?: InputMaybe<Scalars['String']['input']>;
  creatorName?: InputMaybe<Scalars['String']['input']>;
  file?: InputMaybe<Scalars['Upload']['input']>;
  name: Scalars['String']['input'];
  partner: Scalars['String']['input'];
  splitMode?: InputMaybe<SplitMode>;
};


export type MutationCreateWebhookArgs = {
  description?: InputMaybe<Scalars['String']['input']>;
  events: Array<WebhookEvent>;
  partner: Scalars['String']['input'];
  url: Scalars['String']['input'];
};


export type MutationDeleteDocumentArgs = {
  force?: InputMaybe<Scalars['Boolean']['input']>;
  id: Scalars['ID']['input'];
  kb: Scalars['String']['input'];
  partner: Scalars['String']['input'];
};


export type MutationDeleteFolderArgs = {
  kb: Scalars['String']['input'];
  name: Scalars['String']['input'];
  partner: Scalars['String']['input'];
};


export type MutationDeleteKnowledgeBaseArgs = {
  name: Scalars['String']['input'];
  partner: Scalars['String']['input'];
};


export type MutationDeleteVoiceArgs = {
  name: Scalars['String']['input'];
  partner: Scalars['String']['input'];
};


export type MutationDeleteVoiceSampleArgs = {
  index: Scalars['Int']['input'];
  name: Scalars['String']['input'];
  partner: Scalars['String']['input'];
};


export type MutationDeleteVoiceTestFilesArgs = {
  name: Scalars['String']['input'];
  partner: Scalars['String']['input'];
  ttsType: Scalars['String']['input'];
};


export type MutationDeleteWebhookArgs = {
  id: Scalars['ID']['input'];
  partner: Scalars['String']['input'];
};


export type MutationEmbedVoiceArgs = {
  name: Scalars['String']['input'];
  partner: Scalars['String']['input'];
  ttsType?: InputMaybe<Scalars['String']['input']>;
};


export type MutationQueueDocumentProcessingArgs = {
  action?: InputMaybe<ProcessAction>;
  contentType?: InputMaybe<RewriteContentType>;
  id: Scalars['ID']['input'];
  kb: Scalars['String']['input'];
  partner: Scalars['String']['input'];
  personName?: InputMaybe<Scalars['String']['input']>;
};


export type MutationRedeliverWebhookArgs = {
  deliveryId: Scalars['ID']['input'];
  id: Scalars['ID']['input'];
  partner: Scalars['String']['input'];
};


export type MutationRenameDocumentArgs = {
  id: Scalars['ID']['input'];
  kb: Scalars['String']['input'];
  name: Scalars['String']['input'];
  partner: Scalars['String']['input'];
};


export type MutationRenameVoiceArgs = {
  name: Scalars['String']['input'];
  newName: Scalars['String']['input'];
  partner: Scalars['String']['input'];
};


export type MutationSetPreferredSampleArgs = {
  name: Scalars['String']['input'];
  partner: Scalars['String']['input'];
  sampleIndex?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationSplitVoiceArgs = {
  maxSamples?: InputMaybe<Scalars['Int']['input']>;
  name: Scalars['String']['input'];
  partner: Scalars['String']['input'];
  sampleDuration?: InputMaybe<Scalars['Int']['input']>;
  splitMode?: InputMaybe<SplitMode>;
};


export type MutationStartKnowledgeBaseEmbeddingArgs = {
  kb: Scalars['String']['input'];
  language?: InputMaybe<Scalars['String']['input']>;
  partner: Scalars['String']['input'];
  splitLevel?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationSubmitCompletionArgs = {
  input: SubmitCompletionInput;
};


export type MutationSubmitTranscriptArgs = {
  input: SubmitTranscriptInput;
};


export type MutationUpdateDocumentContentArgs = {
  content: Scalars['String']['input'];
  id: Scalars['ID']['input'];
  kb: Scalars['String']['input'];
  kind: DocumentContentKind;
  partner: Scalars['String']['input'];
};


export type MutationUpdateDocumentTypeArgs = {
  id: Scalars['ID']['input'];
  kb: Scalars['String']['input'];
  partner: Scalars['String']['input'];
  type: DocumentType;
  url?: InputMaybe<Scalars['String']['input']>;
};


export type MutationUpdateDocumentUrlArgs = {
  id: Scalars['ID']['input'];
  kb: Scalars['String']['input'];
  partner: Scalars['String']['input'];
  url: Scalars['String']['input'];
};


export type MutationUploadDocumentContentArgs = {
  file: Scalars['Upload']['input'];
  id: Scalars['ID']['input'];
  kb: Scalars['String']['input'];
  kind: DocumentContentKind;
  partner: Scalars['String']['input'];
};


export type MutationUploadVoiceSampleArgs = {
  file: Scalars['Upload']['input'];
  name: Scalars['String']['input'];
  partner: Scalars['String']['input'];
};

/** A numbered piece of output written over time (docs/graphql.md, "Streaming output"). The output so far is the text of every event since the last one with reset, that one included; done comes last. */
export type OutputEvent = {
  __typename?: 'OutputEvent';
  /** The last event: the final result is stored; nothing follows. */
  done: Scalars['Boolean']['output'];
  /** The text starts over with this event (a snapshot, a retry, a final pass). */
  reset: Scalars['Boolean']['output'];
  /** 1, 2, 3, ... per resource, with no gap; subscribe again with after: <the last seq you have> to resume. A snapshot carries the seq of the last event it includes (0 before any). */
  seq: Scalars['Int']['output'];
  /** Text to append, or, with reset, the whole text so far. */
  text: Scalars['String']['output'];
};

export type PageInfo = {
  __typename?: 'PageInfo';
  endCursor?: Maybe<Scalars['String']['output']>;
  hasNextPage: Scalars['Boolean']['output'];
  hasPreviousPage: Scalars['Boolean']['output'];
  startCursor?: Maybe<Scalars['String']['output']>;
};

export type ProcessAction =
  /** Digitize again (then rewrite when the document has autoRewrite). */
  | 'DIGITIZE'
  /** Digitize, then rewrite; rewrite alone when there is no source but digitized text. */
  | 'PROCESS'
  /** Rewrite the digitized text. */
  | 'REWRITE';

/** Where a voice pipeline (splitting or embedding) stands. */
export type ProcessingStatus =
  | 'COMPLETED'
  | 'FAILED'
  | 'IDLE'
  | 'IN_PROGRESS';

/** How far the running job has come. Sent at most about four times a second per resource; null when no job runs or it has not reported yet. */
export type Progress = {
  __typename?: 'Progress';
  /** Units of the stage done: samples, chunks, seconds of audio, bytes, pages. */
  done: Scalars['Int']['output'];
  /** done of total, 0 to 100; null when total is unknown. */
  percent?: Maybe<Scalars['Float']['output']>;
  /** What the job is doing now, e.g. splitting, embedding, downloading, transcribing. */
  stage: Scalars['String']['output'];
  /** Units the stage will take; null when unknown in advance. */
  total?: Maybe<Scalars['Int']['output']>;
  updatedAt: Scalars['DateTime']['output'];
};

export type Query = {
  __typename?: 'Query';
  completion: Completion;
  /** The rewrite templates a document can use; needs no API key. */
  contentTypes: Array<Scalars['String']['output']>;
  /** Null when the knowledge base or the document does not exist. */
  document?: Maybe<Document>;
  /** What embedding the knowledge base now would add, change, remove and send to the engine; nothing runs. */
  embeddingPreview: KnowledgeBaseEmbeddingPreview;
  /** The engines of this deployment: which features work, run on a built-in engine, or wait for a variable to be set. */
  engines: Array<Engine>;
  knowledgeBase?: Maybe<KnowledgeBase>;
  /** The partner's knowledge bases by name. */
  knowledgeBases: Array<KnowledgeBase>;
  /** Who the key is: what a frontend asks first, to offer the partners it may pick. */
  me: Me;
  /** The transcripts this API key submitted, newest first; the 100 newest at most, and only while they are kept. */
  recentTranscripts: Array<Transcript>;
  /** The chunks of the last successful embedding run that answer the query best, with their place in their source. */
  searchKnowledgeBase: KnowledgeBaseSearchResult;
  transcript: Transcript;
  /** The transcripts this API key submitted, newest first, a page at a time (first/after forward, last/before backward; at most 100 a page, 20 by default): the 1000 newest at most, and only while they are kept. Cursors are submission times: newer transcripts do not shift later pages. */
  transcriptsConnection: TranscriptConnection;
  voice?: Maybe<Voice>;
  voices: Array<Voice>;
  /** The partner's voices in name order, a page at a time (first/after forward, last/before backward; at most 100 a page, 20 by default). Every filter given must hold. Cursors are the voices' places by name: they stay valid while voices come and go. */
  voicesConnection: VoiceConnection;
  /** An endpoint's deliveries of the last 7 days, newest first. */
  webhookDeliveries: Array<WebhookDelivery>;
  /** The partner's webhook endpoints, oldest first. */
  webhooks: Array<WebhookEndpoint>;
};


export type QueryCompletionArgs = {
  id: Scalars['ID']['input'];
};


export type QueryDocumentArgs = {
  id: Scalars['ID']['input'];
  kb: Scalars['String']['input'];
  partner: Scalars['String']['input'];
};


export type QueryEmbeddingPreviewArgs = {
  kb: Scalars['String']['input'];
  language?: InputMaybe<Scalars['String']['input']>;
  partner: Scalars['String']['input'];
  splitLevel?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryKnowledgeBaseArgs = {
  name: Scalars['String']['input'];
  partner: Scalars['String']['input'];
};


export type QueryKnowledgeBasesArgs = {
  partner: Scalars['String']['input'];
};


export type QueryRecentTranscriptsArgs = {
  first?: Scalars['Int']['input'];
};


export type QuerySearchKnowledgeBaseArgs = {
  documentIds?: InputMaybe<Array<Scalars['String']['input']>>;
  folder?: InputMaybe<Scalars['String']['input']>;
  kb: Scalars['String']['input'];
  mode?: InputMaybe<RetrievalMode>;
  partner: Scalars['String']['input'];
  query: Scalars['String']['input'];
  scoreThreshold?: InputMaybe<Scalars['Float']['input']>;
  topK?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryTranscriptArgs = {
  id: Scalars['ID']['input'];
};


export type QueryTranscriptsConnectionArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  status?: InputMaybe<TranscriptStatus>;
};


export type QueryVoiceArgs = {
  name: Scalars['String']['input'];
  partner: Scalars['String']['input'];
};


export type QueryVoicesArgs = {
  partner: Scalars['String']['input'];
};


export type QueryVoicesConnectionArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  embedding?: InputMaybe<ProcessingStatus>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  partner: Scalars['String']['input'];
  splitting?: InputMaybe<ProcessingStatus>;
  status?: InputMaybe<ProcessingStatus>;
};


export type QueryWebhookDeliveriesArgs = {
  id: Scalars['ID']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  partner: Scalars['String']['input'];
};


export type QueryWebhooksArgs = {
  partner: Scalars['String']['input'];
};

/** Why work waits and when it should start; null once it runs. Pushed through the same subscriptions as progress, at most about four times a second, whenever its queue moves. */
export type QueueWait = {
  __typename?: 'QueueWait';
  /** An estimate from the queue's measured job durations and its live worker slots; null until a job of this kind has run. */
  estimatedStartAt?: Maybe<Scalars['DateTime']['output']>;
  /** With RETRY_BACKOFF: when the next attempt starts. */
  nextAttemptAt?: Maybe<Scalars['DateTime']['output']>;
  /** Jobs that will start before it in the fair order (for ENGINE_BUSY: ahead of it at the engine); null when unknown. */
  position?: Maybe<Scalars['Int']['output']>;
  reason: QueueWaitReason;
};

/** Why work has not started yet. */
export type QueueWaitReason =
  /** The job runs, and the engine it waits on reports a backlog of its own (position is its place there). */
  | 'ENGINE_BUSY'
  /** Its partner (or API key) already runs PARTNER_MAX_RUNNING jobs of this kind; it starts when one of them ends. */
  | 'PARTNER_LIMIT'
  /** An attempt failed and the next one waits for nextAttemptAt. */
  | 'RETRY_BACKOFF'
  /** Other jobs start before it: partners take turns on every queue, and within a partner the oldest work goes first. */
  | 'WAITING_FOR_TURN';

/** How a knowledge base search ranks chunks. */
export type RetrievalMode =
  /** Keyword and vector rankings fused by reciprocal rank; score 0-1. */
  | 'HYBRID'
  /** BM25 full-text search; score is the BM25 score. */
  | 'KEYWORD'
  /** Vector search; score is the cosine similarity. */
  | 'SEMANTIC';

/** The rewrite template. */
export type RewriteContentType =
  | 'ARTICLE'
  /** VIDEO for a video-platform URL or media, BOOK for a PDF, ARTICLE otherwise. */
  | 'AUTO'
  | 'BOOK'
  | 'VIDEO';

/** How fit a sample is to clone a voice from: the speech it holds, not its level. */
export type SampleQuality = {
  __typename?: 'SampleQuality';
  /** Empty for a clean sample. */
  reasons: Array<SampleQualityReason>;
  /** 0 (unusable) to 1 (clean speech). */
  score: Scalars['Float']['output'];
};

/** One defect of a sample, in words and as measured. */
export type SampleQualityReason = {
  __typename?: 'SampleQualityReason';
  code: SampleQualityReasonCode;
  /** A sentence that says what is wrong, with the measured value. */
  message: Scalars['String']['output'];
  /** %, dB, dBFS, s or cuts. */
  unit: Scalars['String']['output'];
  /** The value measured, in unit. */
  value: Scalars['Float']['output'];
};

/** Why a sample is a poorer voice reference (docs/voice-samples.md). */
export type SampleQualityReasonCode =
  | 'CLIPPING'
  | 'CUT_IN_SPEECH'
  | 'NOISE'
  | 'NO_SPEECH'
  | 'REVERB'
  | 'TOO_QUIET';

export type SampleScore = {
  __typename?: 'SampleScore';
  sampleIndex: Scalars['Int']['output'];
  /** 0 (unusable) to 1 (clean reference audio). */
  score: Scalars['Float']['output'];
};

export type SkippedDocument = {
  __typename?: 'SkippedDocument';
  documentId: Scalars['ID']['output'];
  /** "already rewritten" or "not digitized". */
  reason: Scalars['String']['output'];
};

/** FIXED: consecutive slices of sampleDuration (the default). CURATED: cut at pauses, trimmed, levelled to one loudness. */
export type SplitMode =
  | 'CURATED'
  | 'FIXED';

export type SubmitCompletionInput = {
  /** Files that no message part names are heard after the messages, in this order. */
  audioFiles?: InputMaybe<Array<CompletionAudioFileInput>>;
  /** The persona to play. */
  character?: InputMaybe<Scalars['String']['input']>;
  /** String values: description, personality, speaking_style, language, ... */
  characterParams?: InputMaybe<Scalars['JSON']['input']>;
  messages: Array<CompletionMessageInput>;
};

/** Exactly one of audioUrl and audio; the rest as the REST parameters of the same names. */
export type SubmitTranscriptInput = {
  /** At most 100 MB: mp3, wav, ogg, flac, m4a, mp4 or webm. */
  audio?: InputMaybe<Scalars['Upload']['input']>;
  audioUrl?: InputMaybe<Scalars['String']['input']>;
  /** At most 100 terms to favour. */
  boostedWords?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Keep um, uh and the like; default false. */
  fillerWords?: InputMaybe<Scalars['Boolean']['input']>;
  /** Capitalization and punctuation; default true. */
  formatText?: InputMaybe<Scalars['Boolean']['input']>;
  /** Detect the language instead; default false. */
  languageAuto?: InputMaybe<Scalars['Boolean']['input']>;
  /** en, en_us (default), en_uk, en_au, es, fr, de, id, it, ja, nl, pl, pt, ru, tr, uk or ca. */
  languageCode?: InputMaybe<Scalars['String']['input']>;
  /** Label who said what (utterances, speakers); default false. Needs a diarizing engine (ASR_DIARIZE_MODEL). */
  speakerLabels?: InputMaybe<Scalars['Boolean']['input']>;
  /** With speakerLabels: at most 4 of the partner's voice names (each with samples) to recognise speakers by. */
  speakerVoices?: InputMaybe<Array<Scalars['String']['input']>>;
  /** With speakerLabels: how many people speak, 1 to 10; kept with the transcript. */
  speakersExpected?: InputMaybe<Scalars['Int']['input']>;
  /** A header sent with that POST, for the receiver to check; with webhookAuthHeaderValue. */
  webhookAuthHeaderName?: InputMaybe<Scalars['String']['input']>;
  webhookAuthHeaderValue?: InputMaybe<Scalars['String']['input']>;
  /** Where the finished transcript is POSTed, as its REST GET answers it. */
  webhookUrl?: InputMaybe<Scalars['String']['input']>;
};

export type Subscription = {
  __typename?: 'Subscription';
  /** The reply as the LLM writes it: the events after `after`, or first a snapshot (reset, the whole text so far), then each new one; ends after done. Same access as completion(id). */
  completionOutput: OutputEvent;
  /** The completion now, then after every change; ends once it is COMPLETED or FAILED. */
  completionUpdated: Completion;
  /** The document's rewrite as the LLM writes it: the draft, then (reset) the final text. The events after `after`, or first a snapshot (reset, the whole text so far), then each new one; ends after done, with the output then exactly the stored rewrite. A new rewrite of the document goes on from the last seq with a reset. Same access as document(partner, kb, id); NOT_FOUND where that query gives null. */
  documentRewriteOutput: OutputEvent;
  /** Every document of the knowledge base now, then each document that changes (a deletion has deleted: true). */
  documentUpdated: Document;
  /** The embedding status now, then after every change; ends after the deletion of the knowledge base. */
  knowledgeBaseEmbeddingUpdated: KnowledgeBaseEmbeddingStatus;
  /** The text as it grows, one event a segment in the recording's order: the events after `after`, or first a snapshot (reset, the whole text so far), then each new one; ends after done, with the output then exactly the transcript's text. Same access as transcript(id). */
  transcriptOutput: OutputEvent;
  /** The transcript now, then after every change; ends once it is COMPLETED or ERROR. */
  transcriptUpdated: Transcript;
  /** The voice now, then after every change; ends after the event of its deletion. */
  voiceUpdated: Voice;
  /** Every voice of the partner now, then each voice that changes (deletions have deleted: true). */
  voicesUpdated: Voice;
};


export type SubscriptionCompletionOutputArgs = {
  after?: InputMaybe<Scalars['Int']['input']>;
  id: Scalars['ID']['input'];
};


export type SubscriptionCompletionUpdatedArgs = {
  id: Scalars['ID']['input'];
};


export type SubscriptionDocumentRewriteOutputArgs = {
  after?: InputMaybe<Scalars['Int']['input']>;
  id: Scalars['ID']['input'];
  kb: Scalars['String']['input'];
  partner: Scalars['String']['input'];
};


export type SubscriptionDocumentUpdatedArgs = {
  kb: Scalars['String']['input'];
  partner: Scalars['String']['input'];
};


export type SubscriptionKnowledgeBaseEmbeddingUpdatedArgs = {
  kb: Scalars['String']['input'];
  partner: Scalars['String']['input'];
};


export type SubscriptionTranscriptOutputArgs = {
  after?: InputMaybe<Scalars['Int']['input']>;
  id: Scalars['ID']['input'];
};


export type SubscriptionTranscriptUpdatedArgs = {
  id: Scalars['ID']['input'];
};


export type SubscriptionVoiceUpdatedArgs = {
  name: Scalars['String']['input'];
  partner: Scalars['String']['input'];
};


export type SubscriptionVoicesUpdatedArgs = {
  partner: Scalars['String']['input'];
};

/** TTS audio made while embedding, speaking a fixed test sentence in the voice. */
export type TestSample = {
  __typename?: 'TestSample';
  filename: Scalars['String']['output'];
  sampleIndex: Scalars['Int']['output'];
  sentenceIndex: Scalars['Int']['output'];
  ttsType: Scalars['String']['output'];
  url: Scalars['String']['output'];
};

/** Speech transcribed from audio; it belongs to the API key that submitted it. */
export type Transcript = {
  __typename?: 'Transcript';
  /** Whole seconds; set once COMPLETED. */
  audioDuration?: Maybe<Scalars['Int']['output']>;
  /** Where the uploaded recording plays from, relative to this service: GET with Range support, authorized by the token in its query (valid about an hour; read the field again for a fresh one), so an <audio> element can use it as is. Null for an audio_url source and when recordings are not kept (TRANSCRIPT_KEEP_AUDIO=false). */
  audioUrl?: Maybe<Scalars['String']['output']>;
  boostedWords: Array<Scalars['String']['output']>;
  /** Subtitles (SRT or WebVTT) of at most charsPerCaption characters a caption, timed by the words (or by the engine phrases when it gave no words). Null until COMPLETED; an error when the engine gave no timings at all. */
  captions?: Maybe<Scalars['String']['output']>;
  createdAt: Scalars['DateTime']['output'];
  /** Readable reason when ERROR. */
  error?: Maybe<Scalars['String']['output']>;
  fillerWords: Scalars['Boolean']['output'];
  formatText: Scalars['Boolean']['output'];
  /** The path form, /v2/transcript/<uuid>, as REST gives it. */
  id: Scalars['ID']['output'];
  languageAuto: Scalars['Boolean']['output'];
  /** The detected language (an ISO-639 code) once COMPLETED with languageAuto and an engine that reports it; the requested code otherwise. */
  languageCode: Scalars['String']['output'];
  /** 0 to 1: how sure the engine is of the detected language; null unless the engine says. */
  languageConfidence?: Maybe<Scalars['Float']['output']>;
  /** Sentences grouped at pauses of 2 s or more, or after a minute. Null until COMPLETED; an error without word timings. */
  paragraphs?: Maybe<Array<TranscriptParagraph>>;
  /** The text so far while PROCESSING, segment by segment in the recording's order (null before any, and once finished: text has it); transcriptOutput streams it. */
  partialText?: Maybe<Scalars['String']['output']>;
  /** While PROCESSING: downloading (bytes), then transcribing (seconds of the recording done of its length). */
  progress?: Maybe<Progress>;
  /** While QUEUED: why it has not started yet, and when it should; null once it runs. */
  queue?: Maybe<QueueWait>;
  /** The text in sentences, each with its time and words; together they are the text. Null until COMPLETED; an error without word timings. */
  sentences?: Maybe<Array<TranscriptSentence>>;
  speakerLabels: Scalars['Boolean']['output'];
  /** The names of the voices given as speakerVoices, as they were at submission. */
  speakerVoices: Array<Scalars['String']['output']>;
  /** With speakerLabels: each speaker heard, in the order first heard, with the voice it was matched to and its speaking time. Null without speakerLabels. */
  speakers?: Maybe<Array<TranscriptSpeaker>>;
  speakersExpected?: Maybe<Scalars['Int']['output']>;
  status: TranscriptStatus;
  /** Set once COMPLETED. */
  text?: Maybe<Scalars['String']['output']>;
  updatedAt: Scalars['DateTime']['output'];
  /** With speakerLabels: who said what, in order. While PROCESSING, the utterances of the segments done so far (labels never change later); complete once COMPLETED. Null without speakerLabels. */
  utterances?: Maybe<Array<TranscriptUtterance>>;
  /** Set once COMPLETED when the speech-to-text engine gives word timestamps; null otherwise. */
  words?: Maybe<Array<TranscriptWord>>;
};


/** Speech transcribed from audio; it belongs to the API key that submitted it. */
export type TranscriptCaptionsArgs = {
  charsPerCaption?: InputMaybe<Scalars['Int']['input']>;
  format: CaptionFormat;
  speakerLabels?: InputMaybe<Scalars['Boolean']['input']>;
};

export type TranscriptConnection = {
  __typename?: 'TranscriptConnection';
  edges: Array<TranscriptEdge>;
  pageInfo: PageInfo;
};

export type TranscriptEdge = {
  __typename?: 'TranscriptEdge';
  cursor: Scalars['String']['output'];
  node: Transcript;
};

/** A paragraph of a completed transcript: a run of its text, with its time and its words. */
export type TranscriptParagraph = {
  __typename?: 'TranscriptParagraph';
  /** The mean of its words' confidences; null when the engine does not score words. */
  confidence?: Maybe<Scalars['Float']['output']>;
  /** Milliseconds from the start of the audio: its last word's end. */
  end: Scalars['Int']['output'];
  /** With speakerLabels (paragraphs only): whose it is; a paragraph ends where the speaker changes. Null otherwise. */
  speaker?: Maybe<Scalars['String']['output']>;
  /** Milliseconds from the start of the audio: its first word's start. */
  start: Scalars['Int']['output'];
  /** The paragraph, exactly as it stands in the transcript's text. */
  text: Scalars['String']['output'];
  words: Array<TranscriptWord>;
};

/** A sentence of a completed transcript: a run of its text, with its time and its words. */
export type TranscriptSentence = {
  __typename?: 'TranscriptSentence';
  /** The mean of its words' confidences; null when the engine does not score words. */
  confidence?: Maybe<Scalars['Float']['output']>;
  /** Milliseconds from the start of the audio: its last word's end. */
  end: Scalars['Int']['output'];
  /** With speakerLabels (paragraphs only): whose it is; a paragraph ends where the speaker changes. Null otherwise. */
  speaker?: Maybe<Scalars['String']['output']>;
  /** Milliseconds from the start of the audio: its first word's start. */
  start: Scalars['Int']['output'];
  /** The sentence, exactly as it stands in the transcript's text. */
  text: Scalars['String']['output'];
  words: Array<TranscriptWord>;
};

/** A speaker heard in a transcript with speakerLabels. */
export type TranscriptSpeaker = {
  __typename?: 'TranscriptSpeaker';
  /** As the utterances name the speaker. */
  label: Scalars['String']['output'];
  /** Milliseconds: the length of all its utterances. */
  speakingTime: Scalars['Int']['output'];
  /** The voice it was matched to; null for a speaker no voice was given for (or a voice since deleted or out of reach). */
  voice?: Maybe<Voice>;
};

/** QUEUED, then PROCESSING, then COMPLETED or ERROR. */
export type TranscriptStatus =
  | 'COMPLETED'
  | 'ERROR'
  | 'PROCESSING'
  | 'QUEUED';

/** One speaker's turn: what they said with no other speaker in between (speakerLabels). */
export type TranscriptUtterance = {
  __typename?: 'TranscriptUtterance';
  /** Milliseconds from the start of the audio. */
  end: Scalars['Int']['output'];
  /** The name of the voice (speakerVoices) the speaker was recognised as, else a letter: A, B, ... in the order first heard. */
  speaker: Scalars['String']['output'];
  /** Milliseconds from the start of the audio. */
  start: Scalars['Int']['output'];
  text: Scalars['String']['output'];
  /** Null when the engine did not time the words. */
  words?: Maybe<Array<TranscriptWord>>;
};

/** One recognised word, after fillerWords and formatText, with its place in the audio. */
export type TranscriptWord = {
  __typename?: 'TranscriptWord';
  /** 0 to 1; null when the speech-to-text engine does not score its words. */
  confidence?: Maybe<Scalars['Float']['output']>;
  /** Milliseconds from the start of the audio. */
  end: Scalars['Int']['output'];
  /** With speakerLabels: who said it (a voice name or a letter); null otherwise. */
  speaker?: Maybe<Scalars['String']['output']>;
  /** Milliseconds from the start of the audio. */
  start: Scalars['Int']['output'];
  text: Scalars['String']['output'];
};

/** A named voice of a partner: its recording, samples and embeddings. */
export type Voice = {
  __typename?: 'Voice';
  /** Seconds of speech in the samples whose quality has no reason against it. */
  cleanSpeechSeconds: Scalars['Float']['output'];
  createdAt: Scalars['DateTime']['output'];
  creatorEmail?: Maybe<Scalars['String']['output']>;
  creatorName?: Maybe<Scalars['String']['output']>;
  /** True only on the last subscription event of a deleted voice. */
  deleted: Scalars['Boolean']['output'];
  embedding: VoicePipeline;
  embeddingInfo?: Maybe<EmbeddingInfo>;
  embeddingType: Scalars['String']['output'];
  embeddingZipUrl?: Maybe<Scalars['String']['output']>;
  hasOriginal: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
  /** Whether cleanSpeechSeconds reaches recommendedCleanSpeechSeconds. */
  meetsCleanSpeechRecommendation: Scalars['Boolean']['output'];
  name: Scalars['String']['output'];
  /** Seconds. */
  originalDuration?: Maybe<Scalars['Float']['output']>;
  originalFilename?: Maybe<Scalars['String']['output']>;
  originalUploadedName?: Maybe<Scalars['String']['output']>;
  partner: Scalars['String']['output'];
  preferredSampleIndex?: Maybe<Scalars['Int']['output']>;
  /** The running split or embedding. A split reports converting (seconds of the original converted), finding pauses (curated: seconds read), analyzing (seconds of the samples measured) and splitting (samples written of planned); an embedding reports embedding. */
  progress?: Maybe<Progress>;
  /** Why the split or embedding has not started yet, and when it should; null once it runs or when none is under way. */
  queue?: Maybe<QueueWait>;
  /** The clean speech a voice should have to be cloned well (docs/voice-samples.md). */
  recommendedCleanSpeechSeconds: Scalars['Float']['output'];
  sampleCount: Scalars['Int']['output'];
  samples: Array<VoiceSample>;
  /** How the samples were cut from the original; null before the first split. */
  splitMode?: Maybe<SplitMode>;
  splitting: VoicePipeline;
  status: VoiceStatus;
  testSamples: Array<TestSample>;
  updatedAt: Scalars['DateTime']['output'];
};


/** A named voice of a partner: its recording, samples and embeddings. */
export type VoiceTestSamplesArgs = {
  ttsType?: InputMaybe<Scalars['String']['input']>;
};

export type VoiceConnection = {
  __typename?: 'VoiceConnection';
  edges: Array<VoiceEdge>;
  pageInfo: PageInfo;
};

export type VoiceEdge = {
  __typename?: 'VoiceEdge';
  cursor: Scalars['String']['output'];
  node: Voice;
};

/** One of the two processing pipelines of a voice. */
export type VoicePipeline = {
  __typename?: 'VoicePipeline';
  /** Readable reason when FAILED. */
  error?: Maybe<Scalars['String']['output']>;
  status: ProcessingStatus;
  updatedAt: Scalars['DateTime']['output'];
};

/** A cut of the recording (or an uploaded clip): Ogg Opus, 96 kbps, mono. */
export type VoiceSample = {
  __typename?: 'VoiceSample';
  /** Seconds. */
  duration: Scalars['Float']['output'];
  index: Scalars['Int']['output'];
  /** How fit the sample is to clone from, and why; null for samples made before it was measured. */
  quality?: Maybe<SampleQuality>;
  /** Seconds from the start of the original, to the millisecond; null for uploads and samples made before it was kept. */
  sourceStart?: Maybe<Scalars['Float']['output']>;
  /** MM:SS offset in the original; null for a sample uploaded on its own. */
  sourceTimestamp?: Maybe<Scalars['String']['output']>;
  /** Seconds of speech in the sample; null for samples made before it was measured. */
  speechSeconds?: Maybe<Scalars['Float']['output']>;
  /** REST path of the audio file. */
  url: Scalars['String']['output'];
};

export type VoiceStatus = {
  __typename?: 'VoiceStatus';
  embedding: ProcessingStatus;
  /** Both in one: IN_PROGRESS or FAILED when either pipeline is, COMPLETED once embedded, IDLE otherwise (what voicesConnection(status:) filters by). */
  overall: ProcessingStatus;
  splitting: ProcessingStatus;
};

/** One event sent to one endpoint, with every attempt; kept 7 days. */
export type WebhookDelivery = {
  __typename?: 'WebhookDelivery';
  attempts: Array<WebhookDeliveryAttempt>;
  createdAt: Scalars['DateTime']['output'];
  error?: Maybe<Scalars['String']['output']>;
  /** The `webhook-id` header, the same on every attempt. */
  eventId: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  redelivery: Scalars['Int']['output'];
  status: WebhookDeliveryStatus;
  type: Scalars['String']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

export type WebhookDeliveryAttempt = {
  __typename?: 'WebhookDeliveryAttempt';
  at: Scalars['DateTime']['output'];
  /** 1-based within its series. */
  attempt: Scalars['Int']['output'];
  error?: Maybe<Scalars['String']['output']>;
  latencyMs: Scalars['Int']['output'];
  /** 0 for the first series, then one per redelivery. */
  redelivery: Scalars['Int']['output'];
  /** The receiver's answer; null when it did not answer. */
  statusCode?: Maybe<Scalars['Int']['output']>;
};

/** PENDING while attempts remain, then DELIVERED (a 2xx answer) or FAILED. */
export type WebhookDeliveryStatus =
  | 'DELIVERED'
  | 'FAILED'
  | 'PENDING';

/** A partner's URL that receives signed events (Standard Webhooks). */
export type WebhookEndpoint = {
  __typename?: 'WebhookEndpoint';
  createdAt: Scalars['DateTime']['output'];
  description?: Maybe<Scalars['String']['output']>;
  disabledReason?: Maybe<Scalars['String']['output']>;
  events: Array<WebhookEvent>;
  id: Scalars['ID']['output'];
  status: WebhookEndpointStatus;
  updatedAt: Scalars['DateTime']['output'];
  url: Scalars['String']['output'];
};

/** DISABLED once its receiver answered 410 Gone. */
export type WebhookEndpointStatus =
  | 'DISABLED'
  | 'ENABLED';

/** What an endpoint hears of; ALL is every event, present and future. */
export type WebhookEvent =
  /** Every event (`*`). */
  | 'ALL'
  /** `completion.completed` */
  | 'COMPLETION_COMPLETED'
  /** `completion.failed` */
  | 'COMPLETION_FAILED'
  /** `document.deleted` */
  | 'DOCUMENT_DELETED'
  /** `document.updated` */
  | 'DOCUMENT_UPDATED'
  /** `knowledge_base.deleted` */
  | 'KNOWLEDGE_BASE_DELETED'
  /** `knowledge_base.embedding.updated` */
  | 'KNOWLEDGE_BASE_EMBEDDING_UPDATED'
  /** `transcript.completed` */
  | 'TRANSCRIPT_COMPLETED'
  /** `transcript.error` */
  | 'TRANSCRIPT_ERROR'
  /** `voice.deleted` */
  | 'VOICE_DELETED'
  /** `voice.updated` */
  | 'VOICE_UPDATED';

export type ProgressFieldsFragment = { __typename?: 'Progress', stage: string, done: number, total?: number | null, percent?: number | null };

export type QueueFieldsFragment = { __typename?: 'QueueWait', reason: QueueWaitReason, position?: number | null, estimatedStartAt?: string | null, nextAttemptAt?: string | null };

export type ConsoleMeQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleMeQuery = { __typename?: 'Query', me: { __typename?: 'Me', partners: Array<string>, admin: boolean } };

export type ConsoleEnginesQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleEnginesQuery = { __typename?: 'Query', engines: Array<{ __typename?: 'Engine', kind: EngineKind, status: EngineStatus, model?: string | null, variable: string, features: Array<string>, lastCall?: { __typename?: 'EngineCall', at: string, ok: boolean, error?: string | null } | null }> };

export type VoiceSummaryFragment = { __typename?: 'Voice', name: string, deleted: boolean, sampleCount: number, splitMode?: SplitMode | null, preferredSampleIndex?: number | null, cleanSpeechSeconds: number, recommendedCleanSpeechSeconds: number, meetsCleanSpeechRecommendation: boolean, splitting: { __typename?: 'VoicePipeline', status: ProcessingStatus, error?: string | null }, embedding: { __typename?: 'VoicePipeline', status: ProcessingStatus, error?: string | null }, progress?: { __typename?: 'Progress', stage: string, done: number, total?: number | null, percent?: number | null } | null, queue?: { __typename?: 'QueueWait', reason: QueueWaitReason, position?: number | null, estimatedStartAt?: string | null, nextAttemptAt?: string | null } | null };

export type ConsoleVoicesSubscriptionVariables = Exact<{
  partner: Scalars['String']['input'];
}>;


export type ConsoleVoicesSubscription = { __typename?: 'Subscription', voicesUpdated: { __typename?: 'Voice', name: string, deleted: boolean, sampleCount: number, splitMode?: SplitMode | null, preferredSampleIndex?: number | null, cleanSpeechSeconds: number, recommendedCleanSpeechSeconds: number, meetsCleanSpeechRecommendation: boolean, splitting: { __typename?: 'VoicePipeline', status: ProcessingStatus, error?: string | null }, embedding: { __typename?: 'VoicePipeline', status: ProcessingStatus, error?: string | null }, progress?: { __typename?: 'Progress', stage: string, done: number, total?: number | null, percent?: number | null } | null, queue?: { __typename?: 'QueueWait', reason: QueueWaitReason, position?: number | null, estimatedStartAt?: string | null, nextAttemptAt?: string | null } | null } };

export type VoiceDetailFragment = { __typename?: 'Voice', hasOriginal: boolean, originalDuration?: number | null, originalUploadedName?: string | null, embeddingType: string, name: string, deleted: boolean, sampleCount: number, splitMode?: SplitMode | null, preferredSampleIndex?: number | null, cleanSpeechSeconds: number, recommendedCleanSpeechSeconds: number, meetsCleanSpeechRecommendation: boolean, samples: Array<{ __typename?: 'VoiceSample', index: number, url: string, sourceTimestamp?: string | null, duration: number, speechSeconds?: number | null, quality?: { __typename?: 'SampleQuality', score: number, reasons: Array<{ __typename?: 'SampleQualityReason', code: SampleQualityReasonCode, message: string }> } | null }>, testSamples: Array<{ __typename?: 'TestSample', filename: string, url: string, sampleIndex: number, sentenceIndex: number }>, splitting: { __typename?: 'VoicePipeline', status: ProcessingStatus, error?: string | null }, embedding: { __typename?: 'VoicePipeline', status: ProcessingStatus, error?: string | null }, progress?: { __typename?: 'Progress', stage: string, done: number, total?: number | null, percent?: number | null } | null, queue?: { __typename?: 'QueueWait', reason: QueueWaitReason, position?: number | null, estimatedStartAt?: string | null, nextAttemptAt?: string | null } | null };

export type ConsoleVoiceSubscriptionVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
}>;


export type ConsoleVoiceSubscription = { __typename?: 'Subscription', voiceUpdated: { __typename?: 'Voice', hasOriginal: boolean, originalDuration?: number | null, originalUploadedName?: string | null, embeddingType: string, name: string, deleted: boolean, sampleCount: number, splitMode?: SplitMode | null, preferredSampleIndex?: number | null, cleanSpeechSeconds: number, recommendedCleanSpeechSeconds: number, meetsCleanSpeechRecommendation: boolean, samples: Array<{ __typename?: 'VoiceSample', index: number, url: string, sourceTimestamp?: string | null, duration: number, speechSeconds?: number | null, quality?: { __typename?: 'SampleQuality', score: number, reasons: Array<{ __typename?: 'SampleQualityReason', code: SampleQualityReasonCode, message: string }> } | null }>, testSamples: Array<{ __typename?: 'TestSample', filename: string, url: string, sampleIndex: number, sentenceIndex: number }>, splitting: { __typename?: 'VoicePipeline', status: ProcessingStatus, error?: string | null }, embedding: { __typename?: 'VoicePipeline', status: ProcessingStatus, error?: string | null }, progress?: { __typename?: 'Progress', stage: string, done: number, total?: number | null, percent?: number | null } | null, queue?: { __typename?: 'QueueWait', reason: QueueWaitReason, position?: number | null, estimatedStartAt?: string | null, nextAttemptAt?: string | null } | null } };

export type ConsoleSplitVoiceMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
  splitMode?: InputMaybe<SplitMode>;
  sampleDuration?: InputMaybe<Scalars['Int']['input']>;
  maxSamples?: InputMaybe<Scalars['Int']['input']>;
}>;


export type ConsoleSplitVoiceMutation = { __typename?: 'Mutation', splitVoice: { __typename?: 'Voice', name: string } };

export type ConsoleRenameVoiceMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
  newName: Scalars['String']['input'];
}>;


export type ConsoleRenameVoiceMutation = { __typename?: 'Mutation', renameVoice: { __typename?: 'Voice', name: string } };

export type ConsoleDeleteVoiceMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
}>;


export type ConsoleDeleteVoiceMutation = { __typename?: 'Mutation', deleteVoice: boolean };

export type ConsoleSetPreferredSampleMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
  sampleIndex?: InputMaybe<Scalars['Int']['input']>;
}>;


export type ConsoleSetPreferredSampleMutation = { __typename?: 'Mutation', setPreferredSample: { __typename?: 'Voice', name: string, preferredSampleIndex?: number | null } };

export type ConsoleDeleteSampleMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
  index: Scalars['Int']['input'];
}>;


export type ConsoleDeleteSampleMutation = { __typename?: 'Mutation', deleteVoiceSample: { __typename?: 'Voice', name: string } };

export type ConsoleEmbedVoiceMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
}>;


export type ConsoleEmbedVoiceMutation = { __typename?: 'Mutation', embedVoice: { __typename?: 'Voice', name: string } };

export type ConsoleKnowledgeBasesQueryVariables = Exact<{
  partner: Scalars['String']['input'];
}>;


export type ConsoleKnowledgeBasesQuery = { __typename?: 'Query', knowledgeBases: Array<{ __typename?: 'KnowledgeBase', name: string, stats: { __typename?: 'KnowledgeBaseStats', documentCount: number, digitizedCount: number, finalRewriteCount: number, errorCount: number }, embeddingStatus: { __typename?: 'KnowledgeBaseEmbeddingStatus', status: KnowledgeBaseEmbeddingState } }> };

export type ConsoleCreateKnowledgeBaseMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
}>;


export type ConsoleCreateKnowledgeBaseMutation = { __typename?: 'Mutation', createKnowledgeBase: { __typename?: 'KnowledgeBase', name: string } };

export type DocumentSummaryFragment = { __typename?: 'Document', id: string, name: string, folder: string, deleted: boolean, type: DocumentType, url?: string | null, originalFormat?: string | null, inQueues: Array<DocumentQueue>, processingError?: string | null, fileOriginal?: string | null, fileDigitized?: string | null, fileRewrittenDraft?: string | null, fileRewritten?: string | null, createdAt: string, updatedAt: string, rewriteCompletedAt?: string | null, rewriteModel?: string | null, digitizedCharCount: number, draftRewriteCharCount: number, finalRewriteCharCount: number, progress?: { __typename?: 'Progress', stage: string, done: number, total?: number | null, percent?: number | null } | null, queue?: { __typename?: 'QueueWait', reason: QueueWaitReason, position?: number | null, estimatedStartAt?: string | null, nextAttemptAt?: string | null } | null };

export type ConsoleDocumentsSubscriptionVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
}>;


export type ConsoleDocumentsSubscription = { __typename?: 'Subscription', documentUpdated: { __typename?: 'Document', id: string, name: string, folder: string, deleted: boolean, type: DocumentType, url?: string | null, originalFormat?: string | null, inQueues: Array<DocumentQueue>, processingError?: string | null, fileOriginal?: string | null, fileDigitized?: string | null, fileRewrittenDraft?: string | null, fileRewritten?: string | null, createdAt: string, updatedAt: string, rewriteCompletedAt?: string | null, rewriteModel?: string | null, digitizedCharCount: number, draftRewriteCharCount: number, finalRewriteCharCount: number, progress?: { __typename?: 'Progress', stage: string, done: number, total?: number | null, percent?: number | null } | null, queue?: { __typename?: 'QueueWait', reason: QueueWaitReason, position?: number | null, estimatedStartAt?: string | null, nextAttemptAt?: string | null } | null } };

export type ConsoleDocumentQueryVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  id: Scalars['ID']['input'];
}>;


export type ConsoleDocumentQuery = { __typename?: 'Query', document?: { __typename?: 'Document', id: string, name: string, folder: string, deleted: boolean, type: DocumentType, url?: string | null, originalFormat?: string | null, inQueues: Array<DocumentQueue>, processingError?: string | null, fileOriginal?: string | null, fileDigitized?: string | null, fileRewrittenDraft?: string | null, fileRewritten?: string | null, createdAt: string, updatedAt: string, rewriteCompletedAt?: string | null, rewriteModel?: string | null, digitizedCharCount: number, draftRewriteCharCount: number, finalRewriteCharCount: number, original?: string | null, digitized?: string | null, draft?: string | null, final?: string | null, progress?: { __typename?: 'Progress', stage: string, done: number, total?: number | null, percent?: number | null } | null, queue?: { __typename?: 'QueueWait', reason: QueueWaitReason, position?: number | null, estimatedStartAt?: string | null, nextAttemptAt?: string | null } | null } | null };

export type ConsoleProcessDocumentMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  id: Scalars['ID']['input'];
  action: ProcessAction;
}>;


export type ConsoleProcessDocumentMutation = { __typename?: 'Mutation', queueDocumentProcessing: { __typename?: 'Document', id: string } };

export type ConsoleRenameDocumentMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  id: Scalars['ID']['input'];
  name: Scalars['String']['input'];
}>;


export type ConsoleRenameDocumentMutation = { __typename?: 'Mutation', renameDocument: { __typename?: 'Document', id: string } };

export type ConsoleDeleteDocumentMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  id: Scalars['ID']['input'];
}>;


export type ConsoleDeleteDocumentMutation = { __typename?: 'Mutation', deleteDocument: boolean };

export type ConsoleCreateUrlDocumentMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  folder: Scalars['String']['input'];
  url: Scalars['String']['input'];
}>;


export type ConsoleCreateUrlDocumentMutation = { __typename?: 'Mutation', createDocument: { __typename?: 'Document', id: string } };

export type ConsoleEmbeddingSubscriptionVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
}>;


export type ConsoleEmbeddingSubscription = { __typename?: 'Subscription', knowledgeBaseEmbeddingUpdated: { __typename?: 'KnowledgeBaseEmbeddingStatus', knowledgeBase: string, deleted: boolean, status: KnowledgeBaseEmbeddingState, error?: string | null, embeddingStale: boolean, progress?: { __typename?: 'Progress', stage: string, done: number, total?: number | null, percent?: number | null } | null, queue?: { __typename?: 'QueueWait', reason: QueueWaitReason, position?: number | null, estimatedStartAt?: string | null, nextAttemptAt?: string | null } | null } };

export type ConsoleStartEmbeddingMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
}>;


export type ConsoleStartEmbeddingMutation = { __typename?: 'Mutation', startKnowledgeBaseEmbedding: { __typename?: 'KnowledgeBaseEmbeddingStatus', status: KnowledgeBaseEmbeddingState } };

export type ConsoleSearchQueryVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  query: Scalars['String']['input'];
  mode?: InputMaybe<RetrievalMode>;
}>;


export type ConsoleSearchQuery = { __typename?: 'Query', searchKnowledgeBase: { __typename?: 'KnowledgeBaseSearchResult', embeddingStale: boolean, results: Array<{ __typename?: 'KnowledgeBaseSearchHit', documentId: string, documentName: string, headingPath?: string | null, score: number, startMs?: number | null, text: string }> } };

export type TranscriptSummaryFragment = { __typename?: 'Transcript', id: string, status: TranscriptStatus, error?: string | null, text?: string | null, createdAt: string, audioDuration?: number | null, progress?: { __typename?: 'Progress', stage: string, done: number, total?: number | null, percent?: number | null } | null, queue?: { __typename?: 'QueueWait', reason: QueueWaitReason, position?: number | null, estimatedStartAt?: string | null, nextAttemptAt?: string | null } | null };

export type ConsoleRecentTranscriptsQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleRecentTranscriptsQuery = { __typename?: 'Query', recentTranscripts: Array<{ __typename?: 'Transcript', id: string, status: TranscriptStatus, error?: string | null, text?: string | null, createdAt: string, audioDuration?: number | null, progress?: { __typename?: 'Progress', stage: string, done: number, total?: number | null, percent?: number | null } | null, queue?: { __typename?: 'QueueWait', reason: QueueWaitReason, position?: number | null, estimatedStartAt?: string | null, nextAttemptAt?: string | null } | null }> };

export type ConsoleTranscriptSubscriptionVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type ConsoleTranscriptSubscription = { __typename?: 'Subscription', transcriptUpdated: { __typename?: 'Transcript', languageCode: string, languageAuto: boolean, languageConfidence?: number | null, audioUrl?: string | null, id: string, status: TranscriptStatus, error?: string | null, text?: string | null, createdAt: string, audioDuration?: number | null, words?: Array<{ __typename?: 'TranscriptWord', text: string, start: number, end: number, confidence?: number | null }> | null, utterances?: Array<{ __typename?: 'TranscriptUtterance', speaker: string, start: number, end: number, text: string, words?: Array<{ __typename?: 'TranscriptWord', text: string, start: number, end: number, confidence?: number | null }> | null }> | null, speakers?: Array<{ __typename?: 'TranscriptSpeaker', label: string, speakingTime: number, voice?: { __typename?: 'Voice', name: string } | null }> | null, progress?: { __typename?: 'Progress', stage: string, done: number, total?: number | null, percent?: number | null } | null, queue?: { __typename?: 'QueueWait', reason: QueueWaitReason, position?: number | null, estimatedStartAt?: string | null, nextAttemptAt?: string | null } | null } };

export type ConsoleSubmitCompletionMutationVariables = Exact<{
  input: SubmitCompletionInput;
}>;


export type ConsoleSubmitCompletionMutation = { __typename?: 'Mutation', submitCompletion: { __typename?: 'Completion', id: string, state: CompletionState } };

export type ConsoleCompletionOutputSubscriptionVariables = Exact<{
  id: Scalars['ID']['input'];
  after?: InputMaybe<Scalars['Int']['input']>;
}>;


export type ConsoleCompletionOutputSubscription = { __typename?: 'Subscription', completionOutput: { __typename?: 'OutputEvent', seq: number, text: string, reset: boolean, done: boolean } };

export type ConsoleCompletionQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type ConsoleCompletionQuery = { __typename?: 'Query', completion: { __typename?: 'Completion', id: string, state: CompletionState, output?: unknown | null } };

export type ConsoleTranscriptOutputSubscriptionVariables = Exact<{
  id: Scalars['ID']['input'];
  after?: InputMaybe<Scalars['Int']['input']>;
}>;


export type ConsoleTranscriptOutputSubscription = { __typename?: 'Subscription', transcriptOutput: { __typename?: 'OutputEvent', seq: number, text: string, reset: boolean, done: boolean } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const ProgressFieldsFragmentDoc = new TypedDocumentString(`
    fragment ProgressFields on Progress {
  stage
  done
  total
  percent
}
    `, {"fragmentName":"ProgressFields"}) as unknown as TypedDocumentString<ProgressFieldsFragment, unknown>;
export const QueueFieldsFragmentDoc = new TypedDocumentString(`
    fragment QueueFields on QueueWait {
  reason
  position
  estimatedStartAt
  nextAttemptAt
}
    `, {"fragmentName":"QueueFields"}) as unknown as TypedDocumentString<QueueFieldsFragment, unknown>;
export const VoiceSummaryFragmentDoc = new TypedDocumentString(`
    fragment VoiceSummary on Voice {
  name
  deleted
  sampleCount
  splitMode
  preferredSampleIndex
  cleanSpeechSeconds
  recommendedCleanSpeechSeconds
  meetsCleanSpeechRecommendation
  splitting {
    status
    error
  }
  embedding {
    status
    error
  }
  progress {
    ...ProgressFields
  }
  queue {
    ...QueueFields
  }
}
    fragment ProgressFields on Progress {
  stage
  done
  total
  percent
}
fragment QueueFields on QueueWait {
  reason
  position
  estimatedStartAt
  nextAttemptAt
}`, {"fragmentName":"VoiceSummary"}) as unknown as TypedDocumentString<VoiceSummaryFragment, unknown>;
export const VoiceDetailFragmentDoc = new TypedDocumentString(`
    fragment VoiceDetail on Voice {
  ...VoiceSummary
  hasOriginal
  originalDuration
  originalUploadedName
  embeddingType
  samples {
    index
    url
    sourceTimestamp
    duration
    speechSeconds
    quality {
      score
      reasons {
        code
        message
      }
    }
  }
  testSamples {
    filename
    url
    sampleIndex
    sentenceIndex
  }
}
    fragment ProgressFields on Progress {
  stage
  done
  total
  percent
}
fragment QueueFields on QueueWait {
  reason
  position
  estimatedStartAt
  nextAttemptAt
}
fragment VoiceSummary on Voice {
  name
  deleted
  sampleCount
  splitMode
  preferredSampleIndex
  cleanSpeechSeconds
  recommendedCleanSpeechSeconds
  meetsCleanSpeechRecommendation
  splitting {
    status
    error
  }
  embedding {
    status
    error
  }
  progress {
    ...ProgressFields
  }
  queue {
    ...QueueFields
  }
}`, {"fragmentName":"VoiceDetail"}) as unknown as TypedDocumentString<VoiceDetailFragment, unknown>;
export const DocumentSummaryFragmentDoc = new TypedDocumentString(`
    fragment DocumentSummary on Document {
  id
  name
  folder
  deleted
  type
  url
  originalFormat
  inQueues
  processingError
  fileOriginal
  fileDigitized
  fileRewrittenDraft
  fileRewritten
  createdAt
  updatedAt
  rewriteCompletedAt
  rewriteModel
  digitizedCharCount
  draftRewriteCharCount
  finalRewriteCharCount
  progress {
    ...ProgressFields
  }
  queue {
    ...QueueFields
  }
}
    fragment ProgressFields on Progress {
  stage
  done
  total
  percent
}
fragment QueueFields on QueueWait {
  reason
  position
  estimatedStartAt
  nextAttemptAt
}`, {"fragmentName":"DocumentSummary"}) as unknown as TypedDocumentString<DocumentSummaryFragment, unknown>;
export const TranscriptSummaryFragmentDoc = new TypedDocumentString(`
    fragment TranscriptSummary on Transcript {
  id
  status
  error
  text
  createdAt
  audioDuration
  progress {
    ...ProgressFields
  }
  queue {
    ...QueueFields
  }
}
    fragment ProgressFields on Progress {
  stage
  done
  total
  percent
}
fragment QueueFields on QueueWait {
  reason
  position
  estimatedStartAt
  nextAttemptAt
}`, {"fragmentName":"TranscriptSummary"}) as unknown as TypedDocumentString<TranscriptSummaryFragment, unknown>;
export const ConsoleMeDocument = new TypedDocumentString(`
    query ConsoleMe {
  me {
    partners
    admin
  }
}
    `) as unknown as TypedDocumentString<ConsoleMeQuery, ConsoleMeQueryVariables>;
export const ConsoleEnginesDocument = new TypedDocumentString(`
    query ConsoleEngines {
  engines {
    kind
    status
    model
    variable
    features
    lastCall {
      at
      ok
      error
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleEnginesQuery, ConsoleEnginesQueryVariables>;
export const ConsoleVoicesDocument = new TypedDocumentString(`
    subscription ConsoleVoices($partner: String!) {
  voicesUpdated(partner: $partner) {
    ...VoiceSummary
  }
}
    fragment ProgressFields on Progress {
  stage
  done
  total
  percent
}
fragment QueueFields on QueueWait {
  reason
  position
  estimatedStartAt
  nextAttemptAt
}
fragment VoiceSummary on Voice {
  name
  deleted
  sampleCount
  splitMode
  preferredSampleIndex
  cleanSpeechSeconds
  recommendedCleanSpeechSeconds
  meetsCleanSpeechRecommendation
  splitting {
    status
    error
  }
  embedding {
    status
    error
  }
  progress {
    ...ProgressFields
  }
  queue {
    ...QueueFields
  }
}`) as unknown as TypedDocumentString<ConsoleVoicesSubscription, ConsoleVoicesSubscriptionVariables>;
export const ConsoleVoiceDocument = new TypedDocumentString(`
    subscription ConsoleVoice($partner: String!, $name: String!) {
  voiceUpdated(partner: $partner, name: $name) {
    ...VoiceDetail
  }
}
    fragment ProgressFields on Progress {
  stage
  done
  total
  percent
}
fragment QueueFields on QueueWait {
  reason
  position
  estimatedStartAt
  nextAttemptAt
}
fragment VoiceSummary on Voice {
  name
  deleted
  sampleCount
  splitMode
  preferredSampleIndex
  cleanSpeechSeconds
  recommendedCleanSpeechSeconds
  meetsCleanSpeechRecommendation
  splitting {
    status
    error
  }
  embedding {
    status
    error
  }
  progress {
    ...ProgressFields
  }
  queue {
    ...QueueFields
  }
}
fragment VoiceDetail on Voice {
  ...VoiceSummary
  hasOriginal
  originalDuration
  originalUploadedName
  embeddingType
  samples {
    index
    url
    sourceTimestamp
    duration
    speechSeconds
    quality {
      score
      reasons {
        code
        message
      }
    }
  }
  testSamples {
    filename
    url
    sampleIndex
    sentenceIndex
  }
}`) as unknown as TypedDocumentString<ConsoleVoiceSubscription, ConsoleVoiceSubscriptionVariables>;
export const ConsoleSplitVoiceDocument = new TypedDocumentString(`
    mutation ConsoleSplitVoice($partner: String!, $name: String!, $splitMode: SplitMode, $sampleDuration: Int, $maxSamples: Int) {
  splitVoice(
    partner: $partner
    name: $name
    splitMode: $splitMode
    sampleDuration: $sampleDuration
    maxSamples: $maxSamples
  ) {
    name
  }
}
    `) as unknown as TypedDocumentString<ConsoleSplitVoiceMutation, ConsoleSplitVoiceMutationVariables>;
export const ConsoleRenameVoiceDocument = new TypedDocumentString(`
    mutation ConsoleRenameVoice($partner: String!, $name: String!, $newName: String!) {
  renameVoice(partner: $partner, name: $name, newName: $newName) {
    name
  }
}
    `) as unknown as TypedDocumentString<ConsoleRenameVoiceMutation, ConsoleRenameVoiceMutationVariables>;
export const ConsoleDeleteVoiceDocument = new TypedDocumentString(`
    mutation ConsoleDeleteVoice($partner: String!, $name: String!) {
  deleteVoice(partner: $partner, name: $name)
}
    `) as unknown as TypedDocumentString<ConsoleDeleteVoiceMutation, ConsoleDeleteVoiceMutationVariables>;
export const ConsoleSetPreferredSampleDocument = new TypedDocumentString(`
    mutation ConsoleSetPreferredSample($partner: String!, $name: String!, $sampleIndex: Int) {
  setPreferredSample(partner: $partner, name: $name, sampleIndex: $sampleIndex) {
    name
    preferredSampleIndex
  }
}
    `) as unknown as TypedDocumentString<ConsoleSetPreferredSampleMutation, ConsoleSetPreferredSampleMutationVariables>;
export const ConsoleDeleteSampleDocument = new TypedDocumentString(`
    mutation ConsoleDeleteSample($partner: String!, $name: String!, $index: Int!) {
  deleteVoiceSample(partner: $partner, name: $name, index: $index) {
    name
  }
}
    `) as unknown as TypedDocumentString<ConsoleDeleteSampleMutation, ConsoleDeleteSampleMutationVariables>;
export const ConsoleEmbedVoiceDocument = new TypedDocumentString(`
    mutation ConsoleEmbedVoice($partner: String!, $name: String!) {
  embedVoice(partner: $partner, name: $name) {
    name
  }
}
    `) as unknown as TypedDocumentString<ConsoleEmbedVoiceMutation, ConsoleEmbedVoiceMutationVariables>;
export const ConsoleKnowledgeBasesDocument = new TypedDocumentString(`
    query ConsoleKnowledgeBases($partner: String!) {
  knowledgeBases(partner: $partner) {
    name
    stats {
      documentCount
      digitizedCount
      finalRewriteCount
      errorCount
    }
    embeddingStatus {
      status
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleKnowledgeBasesQuery, ConsoleKnowledgeBasesQueryVariables>;
export const ConsoleCreateKnowledgeBaseDocument = new TypedDocumentString(`
    mutation ConsoleCreateKnowledgeBase($partner: String!, $name: String!) {
  createKnowledgeBase(partner: $partner, name: $name) {
    name
  }
}
    `) as unknown as TypedDocumentString<ConsoleCreateKnowledgeBaseMutation, ConsoleCreateKnowledgeBaseMutationVariables>;
export const ConsoleDocumentsDocument = new TypedDocumentString(`
    subscription ConsoleDocuments($partner: String!, $kb: String!) {
  documentUpdated(partner: $partner, kb: $kb) {
    ...DocumentSummary
  }
}
    fragment ProgressFields on Progress {
  stage
  done
  total
  percent
}
fragment QueueFields on QueueWait {
  reason
  position
  estimatedStartAt
  nextAttemptAt
}
fragment DocumentSummary on Document {
  id
  name
  folder
  deleted
  type
  url
  originalFormat
  inQueues
  processingError
  fileOriginal
  fileDigitized
  fileRewrittenDraft
  fileRewritten
  createdAt
  updatedAt
  rewriteCompletedAt
  rewriteModel
  digitizedCharCount
  draftRewriteCharCount
  finalRewriteCharCount
  progress {
    ...ProgressFields
  }
  queue {
    ...QueueFields
  }
}`) as unknown as TypedDocumentString<ConsoleDocumentsSubscription, ConsoleDocumentsSubscriptionVariables>;
export const ConsoleDocumentDocument = new TypedDocumentString(`
    query ConsoleDocument($partner: String!, $kb: String!, $id: ID!) {
  document(partner: $partner, kb: $kb, id: $id) {
    ...DocumentSummary
    original: content(kind: ORIGINAL)
    digitized: content(kind: DIGITIZED)
    draft: content(kind: DRAFT)
    final: content(kind: REWRITTEN)
  }
}
    fragment ProgressFields on Progress {
  stage
  done
  total
  percent
}
fragment QueueFields on QueueWait {
  reason
  position
  estimatedStartAt
  nextAttemptAt
}
fragment DocumentSummary on Document {
  id
  name
  folder
  deleted
  type
  url
  originalFormat
  inQueues
  processingError
  fileOriginal
  fileDigitized
  fileRewrittenDraft
  fileRewritten
  createdAt
  updatedAt
  rewriteCompletedAt
  rewriteModel
  digitizedCharCount
  draftRewriteCharCount
  finalRewriteCharCount
  progress {
    ...ProgressFields
  }
  queue {
    ...QueueFields
  }
}`) as unknown as TypedDocumentString<ConsoleDocumentQuery, ConsoleDocumentQueryVariables>;
export const ConsoleProcessDocumentDocument = new TypedDocumentString(`
    mutation ConsoleProcessDocument($partner: String!, $kb: String!, $id: ID!, $action: ProcessAction!) {
  queueDocumentProcessing(partner: $partner, kb: $kb, id: $id, action: $action) {
    id
  }
}
    `) as unknown as TypedDocumentString<ConsoleProcessDocumentMutation, ConsoleProcessDocumentMutationVariables>;
export const ConsoleRenameDocumentDocument = new TypedDocumentString(`
    mutation ConsoleRenameDocument($partner: String!, $kb: String!, $id: ID!, $name: String!) {
  renameDocument(partner: $partner, kb: $kb, id: $id, name: $name) {
    id
  }
}
    `) as unknown as TypedDocumentString<ConsoleRenameDocumentMutation, ConsoleRenameDocumentMutationVariables>;
export const ConsoleDeleteDocumentDocument = new TypedDocumentString(`
    mutation ConsoleDeleteDocument($partner: String!, $kb: String!, $id: ID!) {
  deleteDocument(partner: $partner, kb: $kb, id: $id)
}
    `) as unknown as TypedDocumentString<ConsoleDeleteDocumentMutation, ConsoleDeleteDocumentMutationVariables>;
export const ConsoleCreateUrlDocumentDocument = new TypedDocumentString(`
    mutation ConsoleCreateUrlDocument($partner: String!, $kb: String!, $folder: String!, $url: String!) {
  createDocument(
    partner: $partner
    kb: $kb
    folder: $folder
    url: $url
    type: URL
  ) {
    id
  }
}
    `) as unknown as TypedDocumentString<ConsoleCreateUrlDocumentMutation, ConsoleCreateUrlDocumentMutationVariables>;
export const ConsoleEmbeddingDocument = new TypedDocumentString(`
    subscription ConsoleEmbedding($partner: String!, $kb: String!) {
  knowledgeBaseEmbeddingUpdated(partner: $partner, kb: $kb) {
    knowledgeBase
    deleted
    status
    error
    embeddingStale
    progress {
      ...ProgressFields
    }
    queue {
      ...QueueFields
    }
  }
}
    fragment ProgressFields on Progress {
  stage
  done
  total
  percent
}
fragment QueueFields on QueueWait {
  reason
  position
  estimatedStartAt
  nextAttemptAt
}`) as unknown as TypedDocumentString<ConsoleEmbeddingSubscription, ConsoleEmbeddingSubscriptionVariables>;
export const ConsoleStartEmbeddingDocument = new TypedDocumentString(`
    mutation ConsoleStartEmbedding($partner: String!, $kb: String!) {
  startKnowledgeBaseEmbedding(partner: $partner, kb: $kb) {
    status
  }
}
    `) as unknown as TypedDocumentString<ConsoleStartEmbeddingMutation, ConsoleStartEmbeddingMutationVariables>;
export const ConsoleSearchDocument = new TypedDocumentString(`
    query ConsoleSearch($partner: String!, $kb: String!, $query: String!, $mode: RetrievalMode) {
  searchKnowledgeBase(
    partner: $partner
    kb: $kb
    query: $query
    mode: $mode
    topK: 10
  ) {
    results {
      documentId
      documentName
      headingPath
      score
      startMs
      text
    }
    embeddingStale
  }
}
    `) as unknown as TypedDocumentString<ConsoleSearchQuery, ConsoleSearchQueryVariables>;
export const ConsoleRecentTranscriptsDocument = new TypedDocumentString(`
    query ConsoleRecentTranscripts {
  recentTranscripts(first: 20) {
    ...TranscriptSummary
  }
}
    fragment ProgressFields on Progress {
  stage
  done
  total
  percent
}
fragment QueueFields on QueueWait {
  reason
  position
  estimatedStartAt
  nextAttemptAt
}
fragment TranscriptSummary on Transcript {
  id
  status
  error
  text
  createdAt
  audioDuration
  progress {
    ...ProgressFields
  }
  queue {
    ...QueueFields
  }
}`) as unknown as TypedDocumentString<ConsoleRecentTranscriptsQuery, ConsoleRecentTranscriptsQueryVariables>;
export const ConsoleTranscriptDocument = new TypedDocumentString(`
    subscription ConsoleTranscript($id: ID!) {
  transcriptUpdated(id: $id) {
    ...TranscriptSummary
    languageCode
    languageAuto
    languageConfidence
    audioUrl
    words {
      text
      start
      end
      confidence
    }
    utterances {
      speaker
      start
      end
      text
      words {
        text
        start
        end
        confidence
      }
    }
    speakers {
      label
      speakingTime
      voice {
        name
      }
    }
  }
}
    fragment ProgressFields on Progress {
  stage
  done
  total
  percent
}
fragment QueueFields on QueueWait {
  reason
  position
  estimatedStartAt
  nextAttemptAt
}
fragment TranscriptSummary on Transcript {
  id
  status
  error
  text
  createdAt
  audioDuration
  progress {
    ...ProgressFields
  }
  queue {
    ...QueueFields
  }
}`) as unknown as TypedDocumentString<ConsoleTranscriptSubscription, ConsoleTranscriptSubscriptionVariables>;
export const ConsoleSubmitCompletionDocument = new TypedDocumentString(`
    mutation ConsoleSubmitCompletion($input: SubmitCompletionInput!) {
  submitCompletion(input: $input) {
    id
    state
  }
}
    `) as unknown as TypedDocumentString<ConsoleSubmitCompletionMutation, ConsoleSubmitCompletionMutationVariables>;
export const ConsoleCompletionOutputDocument = new TypedDocumentString(`
    subscription ConsoleCompletionOutput($id: ID!, $after: Int) {
  completionOutput(id: $id, after: $after) {
    seq
    text
    reset
    done
  }
}
    `) as unknown as TypedDocumentString<ConsoleCompletionOutputSubscription, ConsoleCompletionOutputSubscriptionVariables>;
export const ConsoleCompletionDocument = new TypedDocumentString(`
    query ConsoleCompletion($id: ID!) {
  completion(id: $id) {
    id
    state
    output
  }
}
    `) as unknown as TypedDocumentString<ConsoleCompletionQuery, ConsoleCompletionQueryVariables>;
export const ConsoleTranscriptOutputDocument = new TypedDocumentString(`
    subscription ConsoleTranscriptOutput($id: ID!, $after: Int) {
  transcriptOutput(id: $id, after: $after) {
    seq
    text
    reset
    done
  }
}
    `) as unknown as TypedDocumentString<ConsoleTranscriptOutputSubscription, ConsoleTranscriptOutputSubscriptionVariables>;