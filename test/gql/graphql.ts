/* eslint-disable */
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
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

export type VoicesPageQueryVariables = Exact<{
  partner: Scalars['String']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<ProcessingStatus>;
}>;


export type VoicesPageQuery = { __typename?: 'Query', voicesConnection: { __typename?: 'VoiceConnection', edges: Array<{ __typename?: 'VoiceEdge', cursor: string, node: { __typename?: 'Voice', name: string, status: { __typename?: 'VoiceStatus', overall: ProcessingStatus } } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, hasPreviousPage: boolean, startCursor?: string | null, endCursor?: string | null } } };

export type VoicesListQueryVariables = Exact<{
  partner: Scalars['String']['input'];
}>;


export type VoicesListQuery = { __typename?: 'Query', voices: Array<{ __typename?: 'Voice', name: string }> };

export type TranscriptsPageQueryVariables = Exact<{
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<TranscriptStatus>;
}>;


export type TranscriptsPageQuery = { __typename?: 'Query', transcriptsConnection: { __typename?: 'TranscriptConnection', edges: Array<{ __typename?: 'TranscriptEdge', node: { __typename?: 'Transcript', id: string, status: TranscriptStatus } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type DocumentsPageQueryVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  folder?: InputMaybe<Scalars['String']['input']>;
  state?: InputMaybe<DocumentState>;
}>;


export type DocumentsPageQuery = { __typename?: 'Query', knowledgeBase?: { __typename?: 'KnowledgeBase', documents: Array<{ __typename?: 'Document', name: string }>, documentsConnection: { __typename?: 'DocumentConnection', edges: Array<{ __typename?: 'DocumentEdge', node: { __typename?: 'Document', name: string, folder: string, state: DocumentState } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } } | null };

export type DocumentFieldsFragment = { __typename?: 'Document', id: string, name: string, folder: string, type: DocumentType, url?: string | null, fileOriginal?: string | null, fileDigitized?: string | null, fileRewrittenDraft?: string | null, fileRewritten?: string | null, originalFormat?: string | null, userEmail?: string | null, inQueues: Array<DocumentQueue>, expertName?: string | null, autoRewrite: boolean, modelTier: ModelTier, useOriginalAsRewritten: boolean, rewriteModel?: string | null, rewriteInputTokens?: number | null, rewriteOutputTokens?: number | null, rewriteCompletedAt?: string | null, processingError?: string | null, isEmbedded: boolean, digitizedCharCount: number, draftRewriteCharCount: number, finalRewriteCharCount: number, deleted: boolean, progress?: { __typename?: 'Progress', stage: string, done: number, total?: number | null, percent?: number | null, updatedAt: string } | null };

export type KnowledgeBaseQueryVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
}>;


export type KnowledgeBaseQuery = { __typename?: 'Query', knowledgeBase?: { __typename?: 'KnowledgeBase', name: string, expertName?: string | null, documents: Array<{ __typename?: 'Document', id: string, name: string, folder: string, type: DocumentType, url?: string | null, fileOriginal?: string | null, fileDigitized?: string | null, fileRewrittenDraft?: string | null, fileRewritten?: string | null, originalFormat?: string | null, userEmail?: string | null, inQueues: Array<DocumentQueue>, expertName?: string | null, autoRewrite: boolean, modelTier: ModelTier, useOriginalAsRewritten: boolean, rewriteModel?: string | null, rewriteInputTokens?: number | null, rewriteOutputTokens?: number | null, rewriteCompletedAt?: string | null, processingError?: string | null, isEmbedded: boolean, digitizedCharCount: number, draftRewriteCharCount: number, finalRewriteCharCount: number, deleted: boolean, progress?: { __typename?: 'Progress', stage: string, done: number, total?: number | null, percent?: number | null, updatedAt: string } | null }>, folders: Array<{ __typename?: 'Folder', name: string, documentCount: number }>, stats: { __typename?: 'KnowledgeBaseStats', documentCount: number, digitizedCount: number, draftRewriteCount: number, finalRewriteCount: number, totalDigitizedChars: number, totalFinalRewriteChars: number, errorCount: number, embeddedCount: number }, embeddingInfo: { __typename?: 'KnowledgeBaseEmbeddingInfo', lastSuccessfulUpdateTime?: string | null, lastUpdateStatus?: string | null, embeddingStale: boolean }, embeddingStatus: { __typename?: 'KnowledgeBaseEmbeddingStatus', status: KnowledgeBaseEmbeddingState, splitLevel: number, language: string } } | null };

export type KnowledgeBasesQueryVariables = Exact<{
  partner: Scalars['String']['input'];
}>;


export type KnowledgeBasesQuery = { __typename?: 'Query', knowledgeBases: Array<{ __typename?: 'KnowledgeBase', name: string, documents: Array<{ __typename?: 'Document', id: string }>, stats: { __typename?: 'KnowledgeBaseStats', documentCount: number } }> };

export type DocumentQueryVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  id: Scalars['ID']['input'];
  kind: DocumentContentKind;
}>;


export type DocumentQuery = { __typename?: 'Query', document?: { __typename?: 'Document', content?: string | null, id: string, name: string, folder: string, type: DocumentType, url?: string | null, fileOriginal?: string | null, fileDigitized?: string | null, fileRewrittenDraft?: string | null, fileRewritten?: string | null, originalFormat?: string | null, userEmail?: string | null, inQueues: Array<DocumentQueue>, expertName?: string | null, autoRewrite: boolean, modelTier: ModelTier, useOriginalAsRewritten: boolean, rewriteModel?: string | null, rewriteInputTokens?: number | null, rewriteOutputTokens?: number | null, rewriteCompletedAt?: string | null, processingError?: string | null, isEmbedded: boolean, digitizedCharCount: number, draftRewriteCharCount: number, finalRewriteCharCount: number, deleted: boolean, progress?: { __typename?: 'Progress', stage: string, done: number, total?: number | null, percent?: number | null, updatedAt: string } | null } | null };

export type CreateKnowledgeBaseMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
  expertName?: InputMaybe<Scalars['String']['input']>;
  userEmail?: InputMaybe<Scalars['String']['input']>;
}>;


export type CreateKnowledgeBaseMutation = { __typename?: 'Mutation', createKnowledgeBase: { __typename?: 'KnowledgeBase', name: string, expertName?: string | null, userEmail?: string | null, documents: Array<{ __typename?: 'Document', id: string }>, embeddingInfo: { __typename?: 'KnowledgeBaseEmbeddingInfo', embeddingStale: boolean } } };

export type DeleteKnowledgeBaseMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
}>;


export type DeleteKnowledgeBaseMutation = { __typename?: 'Mutation', deleteKnowledgeBase: boolean };

export type CreateFolderMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  name: Scalars['String']['input'];
}>;


export type CreateFolderMutation = { __typename?: 'Mutation', createFolder: { __typename?: 'Folder', name: string, documentCount: number } };

export type DeleteFolderMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  name: Scalars['String']['input'];
}>;


export type DeleteFolderMutation = { __typename?: 'Mutation', deleteFolder: boolean };

export type CreateDocumentMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  folder: Scalars['String']['input'];
  type?: InputMaybe<DocumentType>;
  file?: InputMaybe<Scalars['Upload']['input']>;
  url?: InputMaybe<Scalars['String']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  autoRewrite?: InputMaybe<Scalars['Boolean']['input']>;
  modelTier?: InputMaybe<ModelTier>;
}>;


export type CreateDocumentMutation = { __typename?: 'Mutation', createDocument: { __typename?: 'Document', id: string, name: string, folder: string, type: DocumentType, url?: string | null, fileOriginal?: string | null, fileDigitized?: string | null, fileRewrittenDraft?: string | null, fileRewritten?: string | null, originalFormat?: string | null, userEmail?: string | null, inQueues: Array<DocumentQueue>, expertName?: string | null, autoRewrite: boolean, modelTier: ModelTier, useOriginalAsRewritten: boolean, rewriteModel?: string | null, rewriteInputTokens?: number | null, rewriteOutputTokens?: number | null, rewriteCompletedAt?: string | null, processingError?: string | null, isEmbedded: boolean, digitizedCharCount: number, draftRewriteCharCount: number, finalRewriteCharCount: number, deleted: boolean, progress?: { __typename?: 'Progress', stage: string, done: number, total?: number | null, percent?: number | null, updatedAt: string } | null } };

export type CreateDocumentsBatchMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  folder: Scalars['String']['input'];
  urls: Array<Scalars['String']['input']> | Scalars['String']['input'];
}>;


export type CreateDocumentsBatchMutation = { __typename?: 'Mutation', createDocumentsBatch: { __typename?: 'DocumentBatchResult', summary: { __typename?: 'BatchSummary', total: number, succeeded: number, failed: number }, results: Array<{ __typename?: 'BatchItemResult', url: string, status: BatchItemStatus, documentId?: string | null, error?: string | null }> } };

export type CreateEmptyDocumentMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  name: Scalars['String']['input'];
  folder: Scalars['String']['input'];
  type: DocumentType;
  url?: InputMaybe<Scalars['String']['input']>;
}>;


export type CreateEmptyDocumentMutation = { __typename?: 'Mutation', createEmptyDocument: { __typename?: 'Document', id: string, name: string, folder: string, type: DocumentType, url?: string | null, fileOriginal?: string | null, fileDigitized?: string | null, fileRewrittenDraft?: string | null, fileRewritten?: string | null, originalFormat?: string | null, userEmail?: string | null, inQueues: Array<DocumentQueue>, expertName?: string | null, autoRewrite: boolean, modelTier: ModelTier, useOriginalAsRewritten: boolean, rewriteModel?: string | null, rewriteInputTokens?: number | null, rewriteOutputTokens?: number | null, rewriteCompletedAt?: string | null, processingError?: string | null, isEmbedded: boolean, digitizedCharCount: number, draftRewriteCharCount: number, finalRewriteCharCount: number, deleted: boolean, progress?: { __typename?: 'Progress', stage: string, done: number, total?: number | null, percent?: number | null, updatedAt: string } | null } };

export type RenameDocumentMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  id: Scalars['ID']['input'];
  name: Scalars['String']['input'];
}>;


export type RenameDocumentMutation = { __typename?: 'Mutation', renameDocument: { __typename?: 'Document', name: string } };

export type UpdateDocumentTypeMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  id: Scalars['ID']['input'];
  type: DocumentType;
  url?: InputMaybe<Scalars['String']['input']>;
}>;


export type UpdateDocumentTypeMutation = { __typename?: 'Mutation', updateDocumentType: { __typename?: 'Document', type: DocumentType, url?: string | null } };

export type UpdateDocumentUrlMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  id: Scalars['ID']['input'];
  url: Scalars['String']['input'];
}>;


export type UpdateDocumentUrlMutation = { __typename?: 'Mutation', updateDocumentUrl: { __typename?: 'Document', url?: string | null } };

export type DeleteDocumentMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  id: Scalars['ID']['input'];
  force?: InputMaybe<Scalars['Boolean']['input']>;
}>;


export type DeleteDocumentMutation = { __typename?: 'Mutation', deleteDocument: boolean };

export type UpdateDocumentContentMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  id: Scalars['ID']['input'];
  kind: DocumentContentKind;
  content: Scalars['String']['input'];
}>;


export type UpdateDocumentContentMutation = { __typename?: 'Mutation', updateDocumentContent: { __typename?: 'Document', digitizedCharCount: number, finalRewriteCharCount: number, fileDigitized?: string | null, fileRewritten?: string | null } };

export type UploadDocumentContentMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  id: Scalars['ID']['input'];
  kind: DocumentContentKind;
  file: Scalars['Upload']['input'];
}>;


export type UploadDocumentContentMutation = { __typename?: 'Mutation', uploadDocumentContent: { __typename?: 'Document', finalRewriteCharCount: number, fileRewritten?: string | null, content?: string | null } };

export type QueueProcessingMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  id: Scalars['ID']['input'];
  action?: InputMaybe<ProcessAction>;
  contentType?: InputMaybe<RewriteContentType>;
  personName?: InputMaybe<Scalars['String']['input']>;
}>;


export type QueueProcessingMutation = { __typename?: 'Mutation', queueDocumentProcessing: { __typename?: 'Document', id: string, inQueues: Array<DocumentQueue> } };

export type BulkRewriteFolderMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  folder: Scalars['String']['input'];
  skipRewritten?: InputMaybe<Scalars['Boolean']['input']>;
}>;


export type BulkRewriteFolderMutation = { __typename?: 'Mutation', bulkRewriteFolder: { __typename?: 'BulkRewriteResult', queuedCount: number, skippedCount: number, queued: Array<string>, skipped: Array<{ __typename?: 'SkippedDocument', documentId: string, reason: string }> } };

export type BulkRewriteKnowledgeBaseMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  contentType?: InputMaybe<RewriteContentType>;
}>;


export type BulkRewriteKnowledgeBaseMutation = { __typename?: 'Mutation', bulkRewriteKnowledgeBase: { __typename?: 'BulkRewriteResult', queuedCount: number, skippedCount: number } };

export type StartEmbeddingMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  splitLevel?: InputMaybe<Scalars['Int']['input']>;
  language?: InputMaybe<Scalars['String']['input']>;
}>;


export type StartEmbeddingMutation = { __typename?: 'Mutation', startKnowledgeBaseEmbedding: { __typename?: 'KnowledgeBaseEmbeddingStatus', status: KnowledgeBaseEmbeddingState, splitLevel: number, language: string, externalJobId?: string | null } };

export type DocumentUpdatedSubscriptionVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
}>;


export type DocumentUpdatedSubscription = { __typename?: 'Subscription', documentUpdated: { __typename?: 'Document', id: string, name: string, folder: string, type: DocumentType, url?: string | null, fileOriginal?: string | null, fileDigitized?: string | null, fileRewrittenDraft?: string | null, fileRewritten?: string | null, originalFormat?: string | null, userEmail?: string | null, inQueues: Array<DocumentQueue>, expertName?: string | null, autoRewrite: boolean, modelTier: ModelTier, useOriginalAsRewritten: boolean, rewriteModel?: string | null, rewriteInputTokens?: number | null, rewriteOutputTokens?: number | null, rewriteCompletedAt?: string | null, processingError?: string | null, isEmbedded: boolean, digitizedCharCount: number, draftRewriteCharCount: number, finalRewriteCharCount: number, deleted: boolean, progress?: { __typename?: 'Progress', stage: string, done: number, total?: number | null, percent?: number | null, updatedAt: string } | null } };

export type EmbeddingUpdatedSubscriptionVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
}>;


export type EmbeddingUpdatedSubscription = { __typename?: 'Subscription', knowledgeBaseEmbeddingUpdated: { __typename?: 'KnowledgeBaseEmbeddingStatus', knowledgeBase: string, status: KnowledgeBaseEmbeddingState, error?: string | null, lastUpdateStatus?: string | null, lastSuccessfulUpdateTime?: string | null, embeddingStale: boolean, deleted: boolean, lastSuccessfulDetails?: { __typename?: 'KnowledgeBaseEmbeddingDetails', documents: number, chunks: number, model: string, splitLevel: number, language: string } | null, progress?: { __typename?: 'Progress', stage: string, done: number, total?: number | null, percent?: number | null, updatedAt: string } | null } };

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { __typename?: 'Query', me: { __typename?: 'Me', partners: Array<string>, admin: boolean } };

export type VoiceFieldsFragment = { __typename?: 'Voice', id: string, name: string, deleted: boolean, hasOriginal: boolean, sampleCount: number, preferredSampleIndex?: number | null, status: { __typename?: 'VoiceStatus', splitting: ProcessingStatus, embedding: ProcessingStatus }, embedding: { __typename?: 'VoicePipeline', status: ProcessingStatus, error?: string | null }, samples: Array<{ __typename?: 'VoiceSample', index: number, sourceTimestamp?: string | null, duration: number, url: string }>, embeddingInfo?: { __typename?: 'EmbeddingInfo', ttsType: string, lastUpdateStatus: string, sampleScores: Array<{ __typename?: 'SampleScore', sampleIndex: number, score: number }> } | null, progress?: { __typename?: 'Progress', stage: string, done: number, total?: number | null, percent?: number | null, updatedAt: string } | null };

export type VoicesQueryVariables = Exact<{
  partner: Scalars['String']['input'];
}>;


export type VoicesQuery = { __typename?: 'Query', voices: Array<{ __typename?: 'Voice', id: string, name: string, deleted: boolean, hasOriginal: boolean, sampleCount: number, preferredSampleIndex?: number | null, status: { __typename?: 'VoiceStatus', splitting: ProcessingStatus, embedding: ProcessingStatus }, embedding: { __typename?: 'VoicePipeline', status: ProcessingStatus, error?: string | null }, samples: Array<{ __typename?: 'VoiceSample', index: number, sourceTimestamp?: string | null, duration: number, url: string }>, embeddingInfo?: { __typename?: 'EmbeddingInfo', ttsType: string, lastUpdateStatus: string, sampleScores: Array<{ __typename?: 'SampleScore', sampleIndex: number, score: number }> } | null, progress?: { __typename?: 'Progress', stage: string, done: number, total?: number | null, percent?: number | null, updatedAt: string } | null }> };

export type VoiceQueryVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
}>;


export type VoiceQuery = { __typename?: 'Query', voice?: { __typename?: 'Voice', id: string, name: string, deleted: boolean, hasOriginal: boolean, sampleCount: number, preferredSampleIndex?: number | null, status: { __typename?: 'VoiceStatus', splitting: ProcessingStatus, embedding: ProcessingStatus }, embedding: { __typename?: 'VoicePipeline', status: ProcessingStatus, error?: string | null }, samples: Array<{ __typename?: 'VoiceSample', index: number, sourceTimestamp?: string | null, duration: number, url: string }>, embeddingInfo?: { __typename?: 'EmbeddingInfo', ttsType: string, lastUpdateStatus: string, sampleScores: Array<{ __typename?: 'SampleScore', sampleIndex: number, score: number }> } | null, progress?: { __typename?: 'Progress', stage: string, done: number, total?: number | null, percent?: number | null, updatedAt: string } | null } | null };

export type CreateVoiceMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
  file?: InputMaybe<Scalars['Upload']['input']>;
  creatorName?: InputMaybe<Scalars['String']['input']>;
}>;


export type CreateVoiceMutation = { __typename?: 'Mutation', createVoice: { __typename?: 'Voice', id: string, name: string, deleted: boolean, hasOriginal: boolean, sampleCount: number, preferredSampleIndex?: number | null, status: { __typename?: 'VoiceStatus', splitting: ProcessingStatus, embedding: ProcessingStatus }, embedding: { __typename?: 'VoicePipeline', status: ProcessingStatus, error?: string | null }, samples: Array<{ __typename?: 'VoiceSample', index: number, sourceTimestamp?: string | null, duration: number, url: string }>, embeddingInfo?: { __typename?: 'EmbeddingInfo', ttsType: string, lastUpdateStatus: string, sampleScores: Array<{ __typename?: 'SampleScore', sampleIndex: number, score: number }> } | null, progress?: { __typename?: 'Progress', stage: string, done: number, total?: number | null, percent?: number | null, updatedAt: string } | null } };

export type CreateEmptyVoiceMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
}>;


export type CreateEmptyVoiceMutation = { __typename?: 'Mutation', createEmptyVoice: { __typename?: 'Voice', name: string, status: { __typename?: 'VoiceStatus', splitting: ProcessingStatus } } };

export type UploadSampleMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
  file: Scalars['Upload']['input'];
}>;


export type UploadSampleMutation = { __typename?: 'Mutation', uploadVoiceSample: { __typename?: 'VoiceSample', index: number, duration: number, sourceTimestamp?: string | null } };

export type SetPreferredMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
  sampleIndex?: InputMaybe<Scalars['Int']['input']>;
}>;


export type SetPreferredMutation = { __typename?: 'Mutation', setPreferredSample: { __typename?: 'Voice', preferredSampleIndex?: number | null } };

export type SplitVoiceMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
  maxSamples?: InputMaybe<Scalars['Int']['input']>;
  sampleDuration?: InputMaybe<Scalars['Int']['input']>;
}>;


export type SplitVoiceMutation = { __typename?: 'Mutation', splitVoice: { __typename?: 'Voice', status: { __typename?: 'VoiceStatus', splitting: ProcessingStatus } } };

export type RenameVoiceMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
  newName: Scalars['String']['input'];
}>;


export type RenameVoiceMutation = { __typename?: 'Mutation', renameVoice: { __typename?: 'Voice', name: string } };

export type DeleteVoiceMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
}>;


export type DeleteVoiceMutation = { __typename?: 'Mutation', deleteVoice: boolean };

export type VoiceUpdatedSubscriptionVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
}>;


export type VoiceUpdatedSubscription = { __typename?: 'Subscription', voiceUpdated: { __typename?: 'Voice', id: string, name: string, deleted: boolean, hasOriginal: boolean, sampleCount: number, preferredSampleIndex?: number | null, status: { __typename?: 'VoiceStatus', splitting: ProcessingStatus, embedding: ProcessingStatus }, embedding: { __typename?: 'VoicePipeline', status: ProcessingStatus, error?: string | null }, samples: Array<{ __typename?: 'VoiceSample', index: number, sourceTimestamp?: string | null, duration: number, url: string }>, embeddingInfo?: { __typename?: 'EmbeddingInfo', ttsType: string, lastUpdateStatus: string, sampleScores: Array<{ __typename?: 'SampleScore', sampleIndex: number, score: number }> } | null, progress?: { __typename?: 'Progress', stage: string, done: number, total?: number | null, percent?: number | null, updatedAt: string } | null } };

export type PreferredUpdatedSubscriptionVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
}>;


export type PreferredUpdatedSubscription = { __typename?: 'Subscription', voiceUpdated: { __typename?: 'Voice', preferredSampleIndex?: number | null } };

export type VoicesUpdatedSubscriptionVariables = Exact<{
  partner: Scalars['String']['input'];
}>;


export type VoicesUpdatedSubscription = { __typename?: 'Subscription', voicesUpdated: { __typename?: 'Voice', id: string, name: string, deleted: boolean, hasOriginal: boolean, sampleCount: number, preferredSampleIndex?: number | null, status: { __typename?: 'VoiceStatus', splitting: ProcessingStatus, embedding: ProcessingStatus }, embedding: { __typename?: 'VoicePipeline', status: ProcessingStatus, error?: string | null }, samples: Array<{ __typename?: 'VoiceSample', index: number, sourceTimestamp?: string | null, duration: number, url: string }>, embeddingInfo?: { __typename?: 'EmbeddingInfo', ttsType: string, lastUpdateStatus: string, sampleScores: Array<{ __typename?: 'SampleScore', sampleIndex: number, score: number }> } | null, progress?: { __typename?: 'Progress', stage: string, done: number, total?: number | null, percent?: number | null, updatedAt: string } | null } };

export type SearchKnowledgeBaseQueryVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  query: Scalars['String']['input'];
  topK?: InputMaybe<Scalars['Int']['input']>;
  mode?: InputMaybe<RetrievalMode>;
}>;


export type SearchKnowledgeBaseQuery = { __typename?: 'Query', searchKnowledgeBase: { __typename?: 'KnowledgeBaseSearchResult', lastSuccessfulUpdateTime?: string | null, embeddingStale: boolean, results: Array<{ __typename?: 'KnowledgeBaseSearchHit', documentId: string, documentName: string, folder: string, headingPath?: string | null, text: string, score: number, charStart: number, charEnd: number, startMs?: number | null, endMs?: number | null }> } };

export type EmbeddingPreviewQueryVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  splitLevel?: InputMaybe<Scalars['Int']['input']>;
}>;


export type EmbeddingPreviewQuery = { __typename?: 'Query', embeddingPreview: { __typename?: 'KnowledgeBaseEmbeddingPreview', model: string, splitLevel: number, documentsUnchanged: number, chunksTotal: number, chunksReused: number, chunksToEmbed: number, tokensEstimated: number, documentsAdded: Array<{ __typename?: 'EmbeddingPreviewDocument', id: string, name: string }>, documentsChanged: Array<{ __typename?: 'EmbeddingPreviewDocument', id: string, name: string }>, documentsRemoved: Array<{ __typename?: 'EmbeddingPreviewDocument', id: string, name: string }> } };

export type EmbeddingDetailsQueryVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
}>;


export type EmbeddingDetailsQuery = { __typename?: 'Query', knowledgeBase?: { __typename?: 'KnowledgeBase', embeddingStatus: { __typename?: 'KnowledgeBaseEmbeddingStatus', lastSuccessfulDetails?: { __typename?: 'KnowledgeBaseEmbeddingDetails', chunks: number, chunksTotal?: number | null, chunksReused?: number | null, chunksEmbedded?: number | null, tokens?: number | null } | null } } | null };

export type DocumentRewriteOutputSubscriptionVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  id: Scalars['ID']['input'];
  after?: InputMaybe<Scalars['Int']['input']>;
}>;


export type DocumentRewriteOutputSubscription = { __typename?: 'Subscription', documentRewriteOutput: { __typename?: 'OutputEvent', seq: number, text: string, reset: boolean, done: boolean } };

export type DocumentForOutputQueryVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  id: Scalars['ID']['input'];
}>;


export type DocumentForOutputQuery = { __typename?: 'Query', document?: { __typename?: 'Document', id: string } | null };

export type VoiceSplittingFailureQueryVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
}>;


export type VoiceSplittingFailureQuery = { __typename?: 'Query', voice?: { __typename?: 'Voice', splitting: { __typename?: 'VoicePipeline', status: ProcessingStatus, error?: string | null } } | null };

export type CreateMediaDocumentMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
  folder: Scalars['String']['input'];
  file?: InputMaybe<Scalars['Upload']['input']>;
}>;


export type CreateMediaDocumentMutation = { __typename?: 'Mutation', createDocument: { __typename?: 'Document', id: string } };

export type EnginesQueryVariables = Exact<{ [key: string]: never; }>;


export type EnginesQuery = { __typename?: 'Query', engines: Array<{ __typename?: 'Engine', kind: EngineKind, status: EngineStatus, model?: string | null, host?: string | null, variable: string, features: Array<string> }> };

export type EngineLastCallsQueryVariables = Exact<{ [key: string]: never; }>;


export type EngineLastCallsQuery = { __typename?: 'Query', engines: Array<{ __typename?: 'Engine', kind: EngineKind, lastCall?: { __typename?: 'EngineCall', at: string, ok: boolean, error?: string | null } | null }> };

export type DocumentQueuesQueryVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
}>;


export type DocumentQueuesQuery = { __typename?: 'Query', knowledgeBase?: { __typename?: 'KnowledgeBase', documents: Array<{ __typename?: 'Document', id: string, name: string, inQueues: Array<DocumentQueue>, progress?: { __typename?: 'Progress', stage: string } | null, queue?: { __typename?: 'QueueWait', reason: QueueWaitReason, position?: number | null, estimatedStartAt?: string | null } | null }> } | null };

export type DocumentQueueUpdatesSubscriptionVariables = Exact<{
  partner: Scalars['String']['input'];
  kb: Scalars['String']['input'];
}>;


export type DocumentQueueUpdatesSubscription = { __typename?: 'Subscription', documentUpdated: { __typename?: 'Document', id: string, inQueues: Array<DocumentQueue>, queue?: { __typename?: 'QueueWait', reason: QueueWaitReason, position?: number | null } | null } };

export type VoiceWaitQueryVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
}>;


export type VoiceWaitQuery = { __typename?: 'Query', voice?: { __typename?: 'Voice', status: { __typename?: 'VoiceStatus', embedding: ProcessingStatus }, queue?: { __typename?: 'QueueWait', reason: QueueWaitReason, position?: number | null } | null } | null };

export type ContentTypesQueryVariables = Exact<{ [key: string]: never; }>;


export type ContentTypesQuery = { __typename?: 'Query', contentTypes: Array<string> };

export type CreateVoiceFromFileMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
  file?: InputMaybe<Scalars['Upload']['input']>;
}>;


export type CreateVoiceFromFileMutation = { __typename?: 'Mutation', createVoice: { __typename?: 'Voice', name: string } };

export type SubmitStreamedCompletionMutationVariables = Exact<{
  input: SubmitCompletionInput;
}>;


export type SubmitStreamedCompletionMutation = { __typename?: 'Mutation', submitCompletion: { __typename?: 'Completion', id: string } };

export type CompletionOutputSubscriptionVariables = Exact<{
  id: Scalars['ID']['input'];
  after?: InputMaybe<Scalars['Int']['input']>;
}>;


export type CompletionOutputSubscription = { __typename?: 'Subscription', completionOutput: { __typename?: 'OutputEvent', seq: number, text: string, reset: boolean, done: boolean } };

export type CompletionPartialOutputQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type CompletionPartialOutputQuery = { __typename?: 'Query', completion: { __typename?: 'Completion', state: CompletionState, partialOutput?: string | null, output?: unknown | null } };

export type TranscriptWaitQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type TranscriptWaitQuery = { __typename?: 'Query', transcript: { __typename?: 'Transcript', status: TranscriptStatus, error?: string | null, text?: string | null, queue?: { __typename?: 'QueueWait', reason: QueueWaitReason, position?: number | null, nextAttemptAt?: string | null } | null } };

export type TranscriptWatchSubscriptionVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type TranscriptWatchSubscription = { __typename?: 'Subscription', transcriptUpdated: { __typename?: 'Transcript', status: TranscriptStatus, progress?: { __typename?: 'Progress', stage: string } | null, queue?: { __typename?: 'QueueWait', reason: QueueWaitReason, nextAttemptAt?: string | null } | null } };

export type SubmitTranscriptMutationVariables = Exact<{
  input: SubmitTranscriptInput;
}>;


export type SubmitTranscriptMutation = { __typename?: 'Mutation', submitTranscript: { __typename?: 'Transcript', id: string, status: TranscriptStatus, boostedWords: Array<string> } };

export type TranscriptUpdatedSubscriptionVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type TranscriptUpdatedSubscription = { __typename?: 'Subscription', transcriptUpdated: { __typename?: 'Transcript', id: string, status: TranscriptStatus, text?: string | null, progress?: { __typename?: 'Progress', stage: string, done: number, total?: number | null, percent?: number | null, updatedAt: string } | null } };

export type TranscriptQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type TranscriptQuery = { __typename?: 'Query', transcript: { __typename?: 'Transcript', id: string, status: TranscriptStatus, text?: string | null, audioDuration?: number | null, error?: string | null, languageCode: string, languageConfidence?: number | null, boostedWords: Array<string>, words?: Array<{ __typename?: 'TranscriptWord', text: string, start: number, end: number, confidence?: number | null }> | null } };

export type SubmitCompletionMutationVariables = Exact<{
  input: SubmitCompletionInput;
}>;


export type SubmitCompletionMutation = { __typename?: 'Mutation', submitCompletion: { __typename?: 'Completion', id: string, state: CompletionState } };

export type CompletionUpdatedSubscriptionVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type CompletionUpdatedSubscription = { __typename?: 'Subscription', completionUpdated: { __typename?: 'Completion', state: CompletionState, output?: unknown | null } };

export type CompletionQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type CompletionQuery = { __typename?: 'Query', completion: { __typename?: 'Completion', id: string, state: CompletionState } };

export type TranscriptProgressSubscriptionVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type TranscriptProgressSubscription = { __typename?: 'Subscription', transcriptUpdated: { __typename?: 'Transcript', status: TranscriptStatus, progress?: { __typename?: 'Progress', stage: string, done: number, total?: number | null } | null } };

export type TranscriptStructureQueryVariables = Exact<{
  id: Scalars['ID']['input'];
  chars?: InputMaybe<Scalars['Int']['input']>;
}>;


export type TranscriptStructureQuery = { __typename?: 'Query', transcript: { __typename?: 'Transcript', status: TranscriptStatus, text?: string | null, captions?: string | null, sentences?: Array<{ __typename?: 'TranscriptSentence', text: string, start: number, end: number, words: Array<{ __typename?: 'TranscriptWord', text: string, start: number }> }> | null, paragraphs?: Array<{ __typename?: 'TranscriptParagraph', text: string, start: number, end: number }> | null } };

export type RecentTranscriptsQueryVariables = Exact<{
  first?: InputMaybe<Scalars['Int']['input']>;
}>;


export type RecentTranscriptsQuery = { __typename?: 'Query', recentTranscripts: Array<{ __typename?: 'Transcript', id: string, status: TranscriptStatus }> };

export type SubmitRecentTranscriptMutationVariables = Exact<{
  input: SubmitTranscriptInput;
}>;


export type SubmitRecentTranscriptMutation = { __typename?: 'Mutation', submitTranscript: { __typename?: 'Transcript', id: string } };

export type LiveUtterancesSubscriptionVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type LiveUtterancesSubscription = { __typename?: 'Subscription', transcriptUpdated: { __typename?: 'Transcript', status: TranscriptStatus, utterances?: Array<{ __typename?: 'TranscriptUtterance', speaker: string, start: number, end: number, text: string }> | null } };

export type SpeakerFieldsQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type SpeakerFieldsQuery = { __typename?: 'Query', transcript: { __typename?: 'Transcript', speakerLabels: boolean, speakersExpected?: number | null, speakerVoices: Array<string>, captions?: string | null, utterances?: Array<{ __typename?: 'TranscriptUtterance', speaker: string, start: number, text: string }> | null, speakers?: Array<{ __typename?: 'TranscriptSpeaker', label: string, speakingTime: number, voice?: { __typename?: 'Voice', name: string, partner: string } | null }> | null, paragraphs?: Array<{ __typename?: 'TranscriptParagraph', speaker?: string | null, text: string }> | null } };

export type TranscriptAudioQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type TranscriptAudioQuery = { __typename?: 'Query', transcript: { __typename?: 'Transcript', status: TranscriptStatus, audioUrl?: string | null } };

export type TranscriptOutputSubscriptionVariables = Exact<{
  id: Scalars['ID']['input'];
  after?: InputMaybe<Scalars['Int']['input']>;
}>;


export type TranscriptOutputSubscription = { __typename?: 'Subscription', transcriptOutput: { __typename?: 'OutputEvent', seq: number, text: string, reset: boolean, done: boolean } };

export type TranscriptPartialTextQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type TranscriptPartialTextQuery = { __typename?: 'Query', transcript: { __typename?: 'Transcript', status: TranscriptStatus, text?: string | null, partialText?: string | null } };

export type VoiceSplitQueryVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
}>;


export type VoiceSplitQuery = { __typename?: 'Query', voice?: { __typename?: 'Voice', name: string, splitMode?: SplitMode | null, originalDuration?: number | null, cleanSpeechSeconds: number, recommendedCleanSpeechSeconds: number, meetsCleanSpeechRecommendation: boolean, status: { __typename?: 'VoiceStatus', splitting: ProcessingStatus }, splitting: { __typename?: 'VoicePipeline', error?: string | null }, samples: Array<{ __typename?: 'VoiceSample', index: number, sourceTimestamp?: string | null, sourceStart?: number | null, duration: number, speechSeconds?: number | null, quality?: { __typename?: 'SampleQuality', score: number, reasons: Array<{ __typename?: 'SampleQualityReason', code: SampleQualityReasonCode, message: string, value: number, unit: string }> } | null }> } | null };

export type CreateCuratedVoiceMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
  file?: InputMaybe<Scalars['Upload']['input']>;
  splitMode?: InputMaybe<SplitMode>;
}>;


export type CreateCuratedVoiceMutation = { __typename?: 'Mutation', createVoice: { __typename?: 'Voice', name: string, status: { __typename?: 'VoiceStatus', splitting: ProcessingStatus } } };

export type SplitVoiceAgainMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
  sampleDuration?: InputMaybe<Scalars['Int']['input']>;
  splitMode?: InputMaybe<SplitMode>;
}>;


export type SplitVoiceAgainMutation = { __typename?: 'Mutation', splitVoice: { __typename?: 'Voice', status: { __typename?: 'VoiceStatus', splitting: ProcessingStatus } } };

export type SplitProgressSubscriptionVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
}>;


export type SplitProgressSubscription = { __typename?: 'Subscription', voiceUpdated: { __typename?: 'Voice', sampleCount: number, status: { __typename?: 'VoiceStatus', splitting: ProcessingStatus }, progress?: { __typename?: 'Progress', stage: string, done: number, total?: number | null, percent?: number | null } | null } };

export type EmbeddingStaleQueryVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
}>;


export type EmbeddingStaleQuery = { __typename?: 'Query', voice?: { __typename?: 'Voice', embeddingInfo?: { __typename?: 'EmbeddingInfo', stale: boolean } | null } | null };

export type SubmitTranscriptWithWebhookMutationVariables = Exact<{
  input: SubmitTranscriptInput;
}>;


export type SubmitTranscriptWithWebhookMutation = { __typename?: 'Mutation', submitTranscript: { __typename?: 'Transcript', id: string, status: TranscriptStatus } };

export type CreateWebhookMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  url: Scalars['String']['input'];
  events: Array<WebhookEvent> | WebhookEvent;
  description?: InputMaybe<Scalars['String']['input']>;
}>;


export type CreateWebhookMutation = { __typename?: 'Mutation', createWebhook: { __typename?: 'CreatedWebhook', secret: string, endpoint: { __typename?: 'WebhookEndpoint', id: string, url: string, events: Array<WebhookEvent>, description?: string | null, status: WebhookEndpointStatus } } };

export type WebhooksQueryVariables = Exact<{
  partner: Scalars['String']['input'];
}>;


export type WebhooksQuery = { __typename?: 'Query', webhooks: Array<{ __typename?: 'WebhookEndpoint', id: string, url: string, events: Array<WebhookEvent>, status: WebhookEndpointStatus, disabledReason?: string | null }> };

export type WebhookDeliveriesQueryVariables = Exact<{
  partner: Scalars['String']['input'];
  id: Scalars['ID']['input'];
}>;


export type WebhookDeliveriesQuery = { __typename?: 'Query', webhookDeliveries: Array<{ __typename?: 'WebhookDelivery', id: string, eventId: string, type: string, status: WebhookDeliveryStatus, redelivery: number, attempts: Array<{ __typename?: 'WebhookDeliveryAttempt', redelivery: number, attempt: number, statusCode?: number | null, latencyMs: number, error?: string | null }> }> };

export type RedeliverWebhookMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  id: Scalars['ID']['input'];
  deliveryId: Scalars['ID']['input'];
}>;


export type RedeliverWebhookMutation = { __typename?: 'Mutation', redeliverWebhook: { __typename?: 'WebhookDelivery', id: string, status: WebhookDeliveryStatus, redelivery: number } };

export type DeleteWebhookMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  id: Scalars['ID']['input'];
}>;


export type DeleteWebhookMutation = { __typename?: 'Mutation', deleteWebhook: boolean };

export const DocumentFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"folder"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"fileOriginal"}},{"kind":"Field","name":{"kind":"Name","value":"fileDigitized"}},{"kind":"Field","name":{"kind":"Name","value":"fileRewrittenDraft"}},{"kind":"Field","name":{"kind":"Name","value":"fileRewritten"}},{"kind":"Field","name":{"kind":"Name","value":"originalFormat"}},{"kind":"Field","name":{"kind":"Name","value":"userEmail"}},{"kind":"Field","name":{"kind":"Name","value":"inQueues"}},{"kind":"Field","name":{"kind":"Name","value":"expertName"}},{"kind":"Field","name":{"kind":"Name","value":"autoRewrite"}},{"kind":"Field","name":{"kind":"Name","value":"modelTier"}},{"kind":"Field","name":{"kind":"Name","value":"useOriginalAsRewritten"}},{"kind":"Field","name":{"kind":"Name","value":"rewriteModel"}},{"kind":"Field","name":{"kind":"Name","value":"rewriteInputTokens"}},{"kind":"Field","name":{"kind":"Name","value":"rewriteOutputTokens"}},{"kind":"Field","name":{"kind":"Name","value":"rewriteCompletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"processingError"}},{"kind":"Field","name":{"kind":"Name","value":"isEmbedded"}},{"kind":"Field","name":{"kind":"Name","value":"digitizedCharCount"}},{"kind":"Field","name":{"kind":"Name","value":"draftRewriteCharCount"}},{"kind":"Field","name":{"kind":"Name","value":"finalRewriteCharCount"}},{"kind":"Field","name":{"kind":"Name","value":"progress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stage"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"percent"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}}]}}]} as unknown as DocumentNode<DocumentFieldsFragment, unknown>;
export const VoiceFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"VoiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Voice"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"hasOriginal"}},{"kind":"Field","name":{"kind":"Name","value":"sampleCount"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"splitting"}},{"kind":"Field","name":{"kind":"Name","value":"embedding"}}]}},{"kind":"Field","name":{"kind":"Name","value":"embedding"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}},{"kind":"Field","name":{"kind":"Name","value":"samples"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"sourceTimestamp"}},{"kind":"Field","name":{"kind":"Name","value":"duration"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}},{"kind":"Field","name":{"kind":"Name","value":"embeddingInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ttsType"}},{"kind":"Field","name":{"kind":"Name","value":"lastUpdateStatus"}},{"kind":"Field","name":{"kind":"Name","value":"sampleScores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sampleIndex"}},{"kind":"Field","name":{"kind":"Name","value":"score"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"preferredSampleIndex"}},{"kind":"Field","name":{"kind":"Name","value":"progress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stage"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"percent"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<VoiceFieldsFragment, unknown>;
export const VoicesPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"VoicesPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"last"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"before"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ProcessingStatus"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"voicesConnection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"last"},"value":{"kind":"Variable","name":{"kind":"Name","value":"last"}}},{"kind":"Argument","name":{"kind":"Name","value":"before"},"value":{"kind":"Variable","name":{"kind":"Name","value":"before"}}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"overall"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<VoicesPageQuery, VoicesPageQueryVariables>;
export const VoicesListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"VoicesList"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"voices"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<VoicesListQuery, VoicesListQueryVariables>;
export const TranscriptsPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TranscriptsPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"TranscriptStatus"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transcriptsConnection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<TranscriptsPageQuery, TranscriptsPageQueryVariables>;
export const DocumentsPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DocumentsPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"kb"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"folder"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"state"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentState"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"knowledgeBase"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"kb"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"documents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"documentsConnection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"folder"},"value":{"kind":"Variable","name":{"kind":"Name","value":"folder"}}},{"kind":"Argument","name":{"kind":"Name","value":"state"},"value":{"kind":"Variable","name":{"kind":"Name","value":"state"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"folder"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]}}]} as unknown as DocumentNode<DocumentsPageQuery, DocumentsPageQueryVariables>;
export const KnowledgeBaseDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"KnowledgeBase"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"knowledgeBase"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"expertName"}},{"kind":"Field","name":{"kind":"Name","value":"documents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"folders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"documentCount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"stats"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"documentCount"}},{"kind":"Field","name":{"kind":"Name","value":"digitizedCount"}},{"kind":"Field","name":{"kind":"Name","value":"draftRewriteCount"}},{"kind":"Field","name":{"kind":"Name","value":"finalRewriteCount"}},{"kind":"Field","name":{"kind":"Name","value":"totalDigitizedChars"}},{"kind":"Field","name":{"kind":"Name","value":"totalFinalRewriteChars"}},{"kind":"Field","name":{"kind":"Name","value":"errorCount"}},{"kind":"Field","name":{"kind":"Name","value":"embeddedCount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"embeddingInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lastSuccessfulUpdateTime"}},{"kind":"Field","name":{"kind":"Name","value":"lastUpdateStatus"}},{"kind":"Field","name":{"kind":"Name","value":"embeddingStale"}}]}},{"kind":"Field","name":{"kind":"Name","value":"embeddingStatus"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"splitLevel"}},{"kind":"Field","name":{"kind":"Name","value":"language"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"folder"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"fileOriginal"}},{"kind":"Field","name":{"kind":"Name","value":"fileDigitized"}},{"kind":"Field","name":{"kind":"Name","value":"fileRewrittenDraft"}},{"kind":"Field","name":{"kind":"Name","value":"fileRewritten"}},{"kind":"Field","name":{"kind":"Name","value":"originalFormat"}},{"kind":"Field","name":{"kind":"Name","value":"userEmail"}},{"kind":"Field","name":{"kind":"Name","value":"inQueues"}},{"kind":"Field","name":{"kind":"Name","value":"expertName"}},{"kind":"Field","name":{"kind":"Name","value":"autoRewrite"}},{"kind":"Field","name":{"kind":"Name","value":"modelTier"}},{"kind":"Field","name":{"kind":"Name","value":"useOriginalAsRewritten"}},{"kind":"Field","name":{"kind":"Name","value":"rewriteModel"}},{"kind":"Field","name":{"kind":"Name","value":"rewriteInputTokens"}},{"kind":"Field","name":{"kind":"Name","value":"rewriteOutputTokens"}},{"kind":"Field","name":{"kind":"Name","value":"rewriteCompletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"processingError"}},{"kind":"Field","name":{"kind":"Name","value":"isEmbedded"}},{"kind":"Field","name":{"kind":"Name","value":"digitizedCharCount"}},{"kind":"Field","name":{"kind":"Name","value":"draftRewriteCharCount"}},{"kind":"Field","name":{"kind":"Name","value":"finalRewriteCharCount"}},{"kind":"Field","name":{"kind":"Name","value":"progress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stage"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"percent"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}}]}}]} as unknown as DocumentNode<KnowledgeBaseQuery, KnowledgeBaseQueryVariables>;
export const KnowledgeBasesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"KnowledgeBases"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"knowledgeBases"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"documents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"stats"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"documentCount"}}]}}]}}]}}]} as unknown as DocumentNode<KnowledgeBasesQuery, KnowledgeBasesQueryVariables>;
export const DocumentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Document"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"kb"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"kind"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentContentKind"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"kb"},"value":{"kind":"Variable","name":{"kind":"Name","value":"kb"}}},{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"content"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"kind"},"value":{"kind":"Variable","name":{"kind":"Name","value":"kind"}}}]}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"folder"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"fileOriginal"}},{"kind":"Field","name":{"kind":"Name","value":"fileDigitized"}},{"kind":"Field","name":{"kind":"Name","value":"fileRewrittenDraft"}},{"kind":"Field","name":{"kind":"Name","value":"fileRewritten"}},{"kind":"Field","name":{"kind":"Name","value":"originalFormat"}},{"kind":"Field","name":{"kind":"Name","value":"userEmail"}},{"kind":"Field","name":{"kind":"Name","value":"inQueues"}},{"kind":"Field","name":{"kind":"Name","value":"expertName"}},{"kind":"Field","name":{"kind":"Name","value":"autoRewrite"}},{"kind":"Field","name":{"kind":"Name","value":"modelTier"}},{"kind":"Field","name":{"kind":"Name","value":"useOriginalAsRewritten"}},{"kind":"Field","name":{"kind":"Name","value":"rewriteModel"}},{"kind":"Field","name":{"kind":"Name","value":"rewriteInputTokens"}},{"kind":"Field","name":{"kind":"Name","value":"rewriteOutputTokens"}},{"kind":"Field","name":{"kind":"Name","value":"rewriteCompletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"processingError"}},{"kind":"Field","name":{"kind":"Name","value":"isEmbedded"}},{"kind":"Field","name":{"kind":"Name","value":"digitizedCharCount"}},{"kind":"Field","name":{"kind":"Name","value":"draftRewriteCharCount"}},{"kind":"Field","name":{"kind":"Name","value":"finalRewriteCharCount"}},{"kind":"Field","name":{"kind":"Name","value":"progress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stage"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"percent"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}}]}}]} as unknown as DocumentNode<DocumentQuery, DocumentQueryVariables>;
export const CreateKnowledgeBaseDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateKnowledgeBase"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"expertName"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userEmail"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createKnowledgeBase"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}},{"kind":"Argument","name":{"kind":"Name","value":"expertName"},"value":{"kind":"Variable","name":{"kind":"Name","value":"expertName"}}},{"kind":"Argument","name":{"kind":"Name","value":"userEmail"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userEmail"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"expertName"}},{"kind":"Field","name":{"kind":"Name","value":"userEmail"}},{"kind":"Field","name":{"kind":"Name","value":"documents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"embeddingInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"embeddingStale"}}]}}]}}]}}]} as unknown as DocumentNode<CreateKnowledgeBaseMutation, CreateKnowledgeBaseMutationVariables>;
export const DeleteKnowledgeBaseDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteKnowledgeBase"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteKnowledgeBase"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}]}]}}]} as unknown as DocumentNode<DeleteKnowledgeBaseMutation, DeleteKnowledgeBaseMutationVariables>;
export const CreateFolderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateFolder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"kb"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createFolder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"kb"},"value":{"kind":"Variable","name":{"kind":"Name","value":"kb"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"documentCount"}}]}}]}}]} as unknown as DocumentNode<CreateFolderMutation, CreateFolderMutationVariables>;
export const DeleteFolderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteFolder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"kb"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteFolder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"kb"},"value":{"kind":"Variable","name":{"kind":"Name","value":"kb"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}]}]}}]} as unknown as DocumentNode<DeleteFolderMutation, DeleteFolderMutationVariables>;
export const CreateDocumentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateDocument"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"kb"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"folder"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"type"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentType"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"file"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Upload"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"url"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"autoRewrite"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"modelTier"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ModelTier"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createDocument"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"kb"},"value":{"kind":"Variable","name":{"kind":"Name","value":"kb"}}},{"kind":"Argument","name":{"kind":"Name","value":"folder"},"value":{"kind":"Variable","name":{"kind":"Name","value":"folder"}}},{"kind":"Argument","name":{"kind":"Name","value":"type"},"value":{"kind":"Variable","name":{"kind":"Name","value":"type"}}},{"kind":"Argument","name":{"kind":"Name","value":"file"},"value":{"kind":"Variable","name":{"kind":"Name","value":"file"}}},{"kind":"Argument","name":{"kind":"Name","value":"url"},"value":{"kind":"Variable","name":{"kind":"Name","value":"url"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}},{"kind":"Argument","name":{"kind":"Name","value":"autoRewrite"},"value":{"kind":"Variable","name":{"kind":"Name","value":"autoRewrite"}}},{"kind":"Argument","name":{"kind":"Name","value":"modelTier"},"value":{"kind":"Variable","name":{"kind":"Name","value":"modelTier"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"folder"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"fileOriginal"}},{"kind":"Field","name":{"kind":"Name","value":"fileDigitized"}},{"kind":"Field","name":{"kind":"Name","value":"fileRewrittenDraft"}},{"kind":"Field","name":{"kind":"Name","value":"fileRewritten"}},{"kind":"Field","name":{"kind":"Name","value":"originalFormat"}},{"kind":"Field","name":{"kind":"Name","value":"userEmail"}},{"kind":"Field","name":{"kind":"Name","value":"inQueues"}},{"kind":"Field","name":{"kind":"Name","value":"expertName"}},{"kind":"Field","name":{"kind":"Name","value":"autoRewrite"}},{"kind":"Field","name":{"kind":"Name","value":"modelTier"}},{"kind":"Field","name":{"kind":"Name","value":"useOriginalAsRewritten"}},{"kind":"Field","name":{"kind":"Name","value":"rewriteModel"}},{"kind":"Field","name":{"kind":"Name","value":"rewriteInputTokens"}},{"kind":"Field","name":{"kind":"Name","value":"rewriteOutputTokens"}},{"kind":"Field","name":{"kind":"Name","value":"rewriteCompletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"processingError"}},{"kind":"Field","name":{"kind":"Name","value":"isEmbedded"}},{"kind":"Field","name":{"kind":"Name","value":"digitizedCharCount"}},{"kind":"Field","name":{"kind":"Name","value":"draftRewriteCharCount"}},{"kind":"Field","name":{"kind":"Name","value":"finalRewriteCharCount"}},{"kind":"Field","name":{"kind":"Name","value":"progress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stage"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"percent"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}}]}}]} as unknown as DocumentNode<CreateDocumentMutation, CreateDocumentMutationVariables>;
export const CreateDocumentsBatchDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateDocumentsBatch"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"kb"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"folder"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"urls"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createDocumentsBatch"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"kb"},"value":{"kind":"Variable","name":{"kind":"Name","value":"kb"}}},{"kind":"Argument","name":{"kind":"Name","value":"folder"},"value":{"kind":"Variable","name":{"kind":"Name","value":"folder"}}},{"kind":"Argument","name":{"kind":"Name","value":"urls"},"value":{"kind":"Variable","name":{"kind":"Name","value":"urls"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"summary"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"succeeded"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}}]}},{"kind":"Field","name":{"kind":"Name","value":"results"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"documentId"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}}]}}]}}]} as unknown as DocumentNode<CreateDocumentsBatchMutation, CreateDocumentsBatchMutationVariables>;
export const CreateEmptyDocumentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateEmptyDocument"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"kb"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"folder"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"type"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentType"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"url"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createEmptyDocument"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"kb"},"value":{"kind":"Variable","name":{"kind":"Name","value":"kb"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}},{"kind":"Argument","name":{"kind":"Name","value":"folder"},"value":{"kind":"Variable","name":{"kind":"Name","value":"folder"}}},{"kind":"Argument","name":{"kind":"Name","value":"type"},"value":{"kind":"Variable","name":{"kind":"Name","value":"type"}}},{"kind":"Argument","name":{"kind":"Name","value":"url"},"value":{"kind":"Variable","name":{"kind":"Name","value":"url"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"folder"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"fileOriginal"}},{"kind":"Field","name":{"kind":"Name","value":"fileDigitized"}},{"kind":"Field","name":{"kind":"Name","value":"fileRewrittenDraft"}},{"kind":"Field","name":{"kind":"Name","value":"fileRewritten"}},{"kind":"Field","name":{"kind":"Name","value":"originalFormat"}},{"kind":"Field","name":{"kind":"Name","value":"userEmail"}},{"kind":"Field","name":{"kind":"Name","value":"inQueues"}},{"kind":"Field","name":{"kind":"Name","value":"expertName"}},{"kind":"Field","name":{"kind":"Name","value":"autoRewrite"}},{"kind":"Field","name":{"kind":"Name","value":"modelTier"}},{"kind":"Field","name":{"kind":"Name","value":"useOriginalAsRewritten"}},{"kind":"Field","name":{"kind":"Name","value":"rewriteModel"}},{"kind":"Field","name":{"kind":"Name","value":"rewriteInputTokens"}},{"kind":"Field","name":{"kind":"Name","value":"rewriteOutputTokens"}},{"kind":"Field","name":{"kind":"Name","value":"rewriteCompletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"processingError"}},{"kind":"Field","name":{"kind":"Name","value":"isEmbedded"}},{"kind":"Field","name":{"kind":"Name","value":"digitizedCharCount"}},{"kind":"Field","name":{"kind":"Name","value":"draftRewriteCharCount"}},{"kind":"Field","name":{"kind":"Name","value":"finalRewriteCharCount"}},{"kind":"Field","name":{"kind":"Name","value":"progress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stage"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"percent"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}}]}}]} as unknown as DocumentNode<CreateEmptyDocumentMutation, CreateEmptyDocumentMutationVariables>;
export const RenameDocumentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RenameDocument"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"kb"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"renameDocument"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"kb"},"value":{"kind":"Variable","name":{"kind":"Name","value":"kb"}}},{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<RenameDocumentMutation, RenameDocumentMutationVariables>;
export const UpdateDocumentTypeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateDocumentType"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"kb"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"type"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentType"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"url"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateDocumentType"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"kb"},"value":{"kind":"Variable","name":{"kind":"Name","value":"kb"}}},{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"type"},"value":{"kind":"Variable","name":{"kind":"Name","value":"type"}}},{"kind":"Argument","name":{"kind":"Name","value":"url"},"value":{"kind":"Variable","name":{"kind":"Name","value":"url"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}}]}}]} as unknown as DocumentNode<UpdateDocumentTypeMutation, UpdateDocumentTypeMutationVariables>;
export const UpdateDocumentUrlDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateDocumentUrl"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"kb"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"url"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateDocumentUrl"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"kb"},"value":{"kind":"Variable","name":{"kind":"Name","value":"kb"}}},{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"url"},"value":{"kind":"Variable","name":{"kind":"Name","value":"url"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"url"}}]}}]}}]} as unknown as DocumentNode<UpdateDocumentUrlMutation, UpdateDocumentUrlMutationVariables>;
export const DeleteDocumentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteDocument"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"kb"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"force"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteDocument"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"kb"},"value":{"kind":"Variable","name":{"kind":"Name","value":"kb"}}},{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"force"},"value":{"kind":"Variable","name":{"kind":"Name","value":"force"}}}]}]}}]} as unknown as DocumentNode<DeleteDocumentMutation, DeleteDocumentMutationVariables>;
export const UpdateDocumentContentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateDocumentContent"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"kb"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"kind"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentContentKind"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"content"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateDocumentContent"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"kb"},"value":{"kind":"Variable","name":{"kind":"Name","value":"kb"}}},{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"kind"},"value":{"kind":"Variable","name":{"kind":"Name","value":"kind"}}},{"kind":"Argument","name":{"kind":"Name","value":"content"},"value":{"kind":"Variable","name":{"kind":"Name","value":"content"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"digitizedCharCount"}},{"kind":"Field","name":{"kind":"Name","value":"finalRewriteCharCount"}},{"kind":"Field","name":{"kind":"Name","value":"fileDigitized"}},{"kind":"Field","name":{"kind":"Name","value":"fileRewritten"}}]}}]}}]} as unknown as DocumentNode<UpdateDocumentContentMutation, UpdateDocumentContentMutationVariables>;
export const UploadDocumentContentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UploadDocumentContent"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"kb"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"kind"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentContentKind"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"file"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Upload"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uploadDocumentContent"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"kb"},"value":{"kind":"Variable","name":{"kind":"Name","value":"kb"}}},{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"kind"},"value":{"kind":"Variable","name":{"kind":"Name","value":"kind"}}},{"kind":"Argument","name":{"kind":"Name","value":"file"},"value":{"kind":"Variable","name":{"kind":"Name","value":"file"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"finalRewriteCharCount"}},{"kind":"Field","name":{"kind":"Name","value":"fileRewritten"}},{"kind":"Field","name":{"kind":"Name","value":"content"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"kind"},"value":{"kind":"Variable","name":{"kind":"Name","value":"kind"}}}]}]}}]}}]} as unknown as DocumentNode<UploadDocumentContentMutation, UploadDocumentContentMutationVariables>;
export const QueueProcessingDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"QueueProcessing"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"kb"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"action"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ProcessAction"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"contentType"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"RewriteContentType"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"personName"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"queueDocumentProcessing"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"kb"},"value":{"kind":"Variable","name":{"kind":"Name","value":"kb"}}},{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"action"},"value":{"kind":"Variable","name":{"kind":"Name","value":"action"}}},{"kind":"Argument","name":{"kind":"Name","value":"contentType"},"value":{"kind":"Variable","name":{"kind":"Name","value":"contentType"}}},{"kind":"Argument","name":{"kind":"Name","value":"personName"},"value":{"kind":"Variable","name":{"kind":"Name","value":"personName"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"inQueues"}}]}}]}}]} as unknown as DocumentNode<QueueProcessingMutation, QueueProcessingMutationVariables>;
export const BulkRewriteFolderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"BulkRewriteFolder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"kb"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"folder"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"skipRewritten"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bulkRewriteFolder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"kb"},"value":{"kind":"Variable","name":{"kind":"Name","value":"kb"}}},{"kind":"Argument","name":{"kind":"Name","value":"folder"},"value":{"kind":"Variable","name":{"kind":"Name","value":"folder"}}},{"kind":"Argument","name":{"kind":"Name","value":"skipRewritten"},"value":{"kind":"Variable","name":{"kind":"Name","value":"skipRewritten"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"queuedCount"}},{"kind":"Field","name":{"kind":"Name","value":"skippedCount"}},{"kind":"Field","name":{"kind":"Name","value":"queued"}},{"kind":"Field","name":{"kind":"Name","value":"skipped"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"documentId"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}}]}}]}}]} as unknown as DocumentNode<BulkRewriteFolderMutation, BulkRewriteFolderMutationVariables>;
export const BulkRewriteKnowledgeBaseDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"BulkRewriteKnowledgeBase"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"kb"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"contentType"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"RewriteContentType"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bulkRewriteKnowledgeBase"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"kb"},"value":{"kind":"Variable","name":{"kind":"Name","value":"kb"}}},{"kind":"Argument","name":{"kind":"Name","value":"contentType"},"value":{"kind":"Variable","name":{"kind":"Name","value":"contentType"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"queuedCount"}},{"kind":"Field","name":{"kind":"Name","value":"skippedCount"}}]}}]}}]} as unknown as DocumentNode<BulkRewriteKnowledgeBaseMutation, BulkRewriteKnowledgeBaseMutationVariables>;
export const StartEmbeddingDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"StartEmbedding"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"kb"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"splitLevel"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"language"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"startKnowledgeBaseEmbedding"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"kb"},"value":{"kind":"Variable","name":{"kind":"Name","value":"kb"}}},{"kind":"Argument","name":{"kind":"Name","value":"splitLevel"},"value":{"kind":"Variable","name":{"kind":"Name","value":"splitLevel"}}},{"kind":"Argument","name":{"kind":"Name","value":"language"},"value":{"kind":"Variable","name":{"kind":"Name","value":"language"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"splitLevel"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"externalJobId"}}]}}]}}]} as unknown as DocumentNode<StartEmbeddingMutation, StartEmbeddingMutationVariables>;
export const DocumentUpdatedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"DocumentUpdated"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"kb"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"documentUpdated"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"kb"},"value":{"kind":"Variable","name":{"kind":"Name","value":"kb"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"folder"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"fileOriginal"}},{"kind":"Field","name":{"kind":"Name","value":"fileDigitized"}},{"kind":"Field","name":{"kind":"Name","value":"fileRewrittenDraft"}},{"kind":"Field","name":{"kind":"Name","value":"fileRewritten"}},{"kind":"Field","name":{"kind":"Name","value":"originalFormat"}},{"kind":"Field","name":{"kind":"Name","value":"userEmail"}},{"kind":"Field","name":{"kind":"Name","value":"inQueues"}},{"kind":"Field","name":{"kind":"Name","value":"expertName"}},{"kind":"Field","name":{"kind":"Name","value":"autoRewrite"}},{"kind":"Field","name":{"kind":"Name","value":"modelTier"}},{"kind":"Field","name":{"kind":"Name","value":"useOriginalAsRewritten"}},{"kind":"Field","name":{"kind":"Name","value":"rewriteModel"}},{"kind":"Field","name":{"kind":"Name","value":"rewriteInputTokens"}},{"kind":"Field","name":{"kind":"Name","value":"rewriteOutputTokens"}},{"kind":"Field","name":{"kind":"Name","value":"rewriteCompletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"processingError"}},{"kind":"Field","name":{"kind":"Name","value":"isEmbedded"}},{"kind":"Field","name":{"kind":"Name","value":"digitizedCharCount"}},{"kind":"Field","name":{"kind":"Name","value":"draftRewriteCharCount"}},{"kind":"Field","name":{"kind":"Name","value":"finalRewriteCharCount"}},{"kind":"Field","name":{"kind":"Name","value":"progress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stage"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"percent"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}}]}}]} as unknown as DocumentNode<DocumentUpdatedSubscription, DocumentUpdatedSubscriptionVariables>;
export const EmbeddingUpdatedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"EmbeddingUpdated"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"kb"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"knowledgeBaseEmbeddingUpdated"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"kb"},"value":{"kind":"Variable","name":{"kind":"Name","value":"kb"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"knowledgeBase"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"lastUpdateStatus"}},{"kind":"Field","name":{"kind":"Name","value":"lastSuccessfulUpdateTime"}},{"kind":"Field","name":{"kind":"Name","value":"lastSuccessfulDetails"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"documents"}},{"kind":"Field","name":{"kind":"Name","value":"chunks"}},{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"splitLevel"}},{"kind":"Field","name":{"kind":"Name","value":"language"}}]}},{"kind":"Field","name":{"kind":"Name","value":"embeddingStale"}},{"kind":"Field","name":{"kind":"Name","value":"progress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stage"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"percent"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}}]}}]}}]} as unknown as DocumentNode<EmbeddingUpdatedSubscription, EmbeddingUpdatedSubscriptionVariables>;
export const MeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"partners"}},{"kind":"Field","name":{"kind":"Name","value":"admin"}}]}}]}}]} as unknown as DocumentNode<MeQuery, MeQueryVariables>;
export const VoicesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Voices"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"voices"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"VoiceFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"VoiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Voice"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"hasOriginal"}},{"kind":"Field","name":{"kind":"Name","value":"sampleCount"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"splitting"}},{"kind":"Field","name":{"kind":"Name","value":"embedding"}}]}},{"kind":"Field","name":{"kind":"Name","value":"embedding"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}},{"kind":"Field","name":{"kind":"Name","value":"samples"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"sourceTimestamp"}},{"kind":"Field","name":{"kind":"Name","value":"duration"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}},{"kind":"Field","name":{"kind":"Name","value":"embeddingInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ttsType"}},{"kind":"Field","name":{"kind":"Name","value":"lastUpdateStatus"}},{"kind":"Field","name":{"kind":"Name","value":"sampleScores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sampleIndex"}},{"kind":"Field","name":{"kind":"Name","value":"score"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"preferredSampleIndex"}},{"kind":"Field","name":{"kind":"Name","value":"progress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stage"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"percent"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<VoicesQuery, VoicesQueryVariables>;
export const VoiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Voice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"voice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"VoiceFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"VoiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Voice"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"hasOriginal"}},{"kind":"Field","name":{"kind":"Name","value":"sampleCount"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"splitting"}},{"kind":"Field","name":{"kind":"Name","value":"embedding"}}]}},{"kind":"Field","name":{"kind":"Name","value":"embedding"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}},{"kind":"Field","name":{"kind":"Name","value":"samples"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"sourceTimestamp"}},{"kind":"Field","name":{"kind":"Name","value":"duration"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}},{"kind":"Field","name":{"kind":"Name","value":"embeddingInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ttsType"}},{"kind":"Field","name":{"kind":"Name","value":"lastUpdateStatus"}},{"kind":"Field","name":{"kind":"Name","value":"sampleScores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sampleIndex"}},{"kind":"Field","name":{"kind":"Name","value":"score"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"preferredSampleIndex"}},{"kind":"Field","name":{"kind":"Name","value":"progress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stage"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"percent"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<VoiceQuery, VoiceQueryVariables>;
export const CreateVoiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateVoice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"file"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Upload"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"creatorName"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createVoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}},{"kind":"Argument","name":{"kind":"Name","value":"file"},"value":{"kind":"Variable","name":{"kind":"Name","value":"file"}}},{"kind":"Argument","name":{"kind":"Name","value":"creatorName"},"value":{"kind":"Variable","name":{"kind":"Name","value":"creatorName"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"VoiceFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"VoiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Voice"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"hasOriginal"}},{"kind":"Field","name":{"kind":"Name","value":"sampleCount"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"splitting"}},{"kind":"Field","name":{"kind":"Name","value":"embedding"}}]}},{"kind":"Field","name":{"kind":"Name","value":"embedding"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}},{"kind":"Field","name":{"kind":"Name","value":"samples"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"sourceTimestamp"}},{"kind":"Field","name":{"kind":"Name","value":"duration"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}},{"kind":"Field","name":{"kind":"Name","value":"embeddingInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ttsType"}},{"kind":"Field","name":{"kind":"Name","value":"lastUpdateStatus"}},{"kind":"Field","name":{"kind":"Name","value":"sampleScores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sampleIndex"}},{"kind":"Field","name":{"kind":"Name","value":"score"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"preferredSampleIndex"}},{"kind":"Field","name":{"kind":"Name","value":"progress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stage"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"percent"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<CreateVoiceMutation, CreateVoiceMutationVariables>;
export const CreateEmptyVoiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateEmptyVoice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createEmptyVoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"splitting"}}]}}]}}]}}]} as unknown as DocumentNode<CreateEmptyVoiceMutation, CreateEmptyVoiceMutationVariables>;
export const UploadSampleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UploadSample"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"file"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Upload"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uploadVoiceSample"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}},{"kind":"Argument","name":{"kind":"Name","value":"file"},"value":{"kind":"Variable","name":{"kind":"Name","value":"file"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"duration"}},{"kind":"Field","name":{"kind":"Name","value":"sourceTimestamp"}}]}}]}}]} as unknown as DocumentNode<UploadSampleMutation, UploadSampleMutationVariables>;
export const SetPreferredDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetPreferred"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sampleIndex"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setPreferredSample"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}},{"kind":"Argument","name":{"kind":"Name","value":"sampleIndex"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sampleIndex"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"preferredSampleIndex"}}]}}]}}]} as unknown as DocumentNode<SetPreferredMutation, SetPreferredMutationVariables>;
export const SplitVoiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SplitVoice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"maxSamples"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sampleDuration"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"splitVoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}},{"kind":"Argument","name":{"kind":"Name","value":"maxSamples"},"value":{"kind":"Variable","name":{"kind":"Name","value":"maxSamples"}}},{"kind":"Argument","name":{"kind":"Name","value":"sampleDuration"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sampleDuration"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"splitting"}}]}}]}}]}}]} as unknown as DocumentNode<SplitVoiceMutation, SplitVoiceMutationVariables>;
export const RenameVoiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RenameVoice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"newName"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"renameVoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}},{"kind":"Argument","name":{"kind":"Name","value":"newName"},"value":{"kind":"Variable","name":{"kind":"Name","value":"newName"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<RenameVoiceMutation, RenameVoiceMutationVariables>;
export const DeleteVoiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteVoice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteVoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}]}]}}]} as unknown as DocumentNode<DeleteVoiceMutation, DeleteVoiceMutationVariables>;
export const VoiceUpdatedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"VoiceUpdated"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"voiceUpdated"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"VoiceFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"VoiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Voice"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"hasOriginal"}},{"kind":"Field","name":{"kind":"Name","value":"sampleCount"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"splitting"}},{"kind":"Field","name":{"kind":"Name","value":"embedding"}}]}},{"kind":"Field","name":{"kind":"Name","value":"embedding"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}},{"kind":"Field","name":{"kind":"Name","value":"samples"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"sourceTimestamp"}},{"kind":"Field","name":{"kind":"Name","value":"duration"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}},{"kind":"Field","name":{"kind":"Name","value":"embeddingInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ttsType"}},{"kind":"Field","name":{"kind":"Name","value":"lastUpdateStatus"}},{"kind":"Field","name":{"kind":"Name","value":"sampleScores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sampleIndex"}},{"kind":"Field","name":{"kind":"Name","value":"score"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"preferredSampleIndex"}},{"kind":"Field","name":{"kind":"Name","value":"progress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stage"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"percent"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<VoiceUpdatedSubscription, VoiceUpdatedSubscriptionVariables>;
export const PreferredUpdatedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"PreferredUpdated"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"voiceUpdated"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"preferredSampleIndex"}}]}}]}}]} as unknown as DocumentNode<PreferredUpdatedSubscription, PreferredUpdatedSubscriptionVariables>;
export const VoicesUpdatedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"VoicesUpdated"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"voicesUpdated"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"VoiceFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"VoiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Voice"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"hasOriginal"}},{"kind":"Field","name":{"kind":"Name","value":"sampleCount"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"splitting"}},{"kind":"Field","name":{"kind":"Name","value":"embedding"}}]}},{"kind":"Field","name":{"kind":"Name","value":"embedding"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}},{"kind":"Field","name":{"kind":"Name","value":"samples"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"sourceTimestamp"}},{"kind":"Field","name":{"kind":"Name","value":"duration"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}},{"kind":"Field","name":{"kind":"Name","value":"embeddingInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ttsType"}},{"kind":"Field","name":{"kind":"Name","value":"lastUpdateStatus"}},{"kind":"Field","name":{"kind":"Name","value":"sampleScores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sampleIndex"}},{"kind":"Field","name":{"kind":"Name","value":"score"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"preferredSampleIndex"}},{"kind":"Field","name":{"kind":"Name","value":"progress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stage"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"percent"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<VoicesUpdatedSubscription, VoicesUpdatedSubscriptionVariables>;
export const SearchKnowledgeBaseDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SearchKnowledgeBase"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"kb"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"query"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"topK"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"mode"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"RetrievalMode"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"searchKnowledgeBase"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"kb"},"value":{"kind":"Variable","name":{"kind":"Name","value":"kb"}}},{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"query"}}},{"kind":"Argument","name":{"kind":"Name","value":"topK"},"value":{"kind":"Variable","name":{"kind":"Name","value":"topK"}}},{"kind":"Argument","name":{"kind":"Name","value":"mode"},"value":{"kind":"Variable","name":{"kind":"Name","value":"mode"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"results"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"documentId"}},{"kind":"Field","name":{"kind":"Name","value":"documentName"}},{"kind":"Field","name":{"kind":"Name","value":"folder"}},{"kind":"Field","name":{"kind":"Name","value":"headingPath"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"score"}},{"kind":"Field","name":{"kind":"Name","value":"charStart"}},{"kind":"Field","name":{"kind":"Name","value":"charEnd"}},{"kind":"Field","name":{"kind":"Name","value":"startMs"}},{"kind":"Field","name":{"kind":"Name","value":"endMs"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lastSuccessfulUpdateTime"}},{"kind":"Field","name":{"kind":"Name","value":"embeddingStale"}}]}}]}}]} as unknown as DocumentNode<SearchKnowledgeBaseQuery, SearchKnowledgeBaseQueryVariables>;
export const EmbeddingPreviewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"EmbeddingPreview"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"kb"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"splitLevel"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"embeddingPreview"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"kb"},"value":{"kind":"Variable","name":{"kind":"Name","value":"kb"}}},{"kind":"Argument","name":{"kind":"Name","value":"splitLevel"},"value":{"kind":"Variable","name":{"kind":"Name","value":"splitLevel"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"splitLevel"}},{"kind":"Field","name":{"kind":"Name","value":"documentsAdded"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"documentsChanged"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"documentsRemoved"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"documentsUnchanged"}},{"kind":"Field","name":{"kind":"Name","value":"chunksTotal"}},{"kind":"Field","name":{"kind":"Name","value":"chunksReused"}},{"kind":"Field","name":{"kind":"Name","value":"chunksToEmbed"}},{"kind":"Field","name":{"kind":"Name","value":"tokensEstimated"}}]}}]}}]} as unknown as DocumentNode<EmbeddingPreviewQuery, EmbeddingPreviewQueryVariables>;
export const EmbeddingDetailsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"EmbeddingDetails"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"knowledgeBase"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"embeddingStatus"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lastSuccessfulDetails"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"chunks"}},{"kind":"Field","name":{"kind":"Name","value":"chunksTotal"}},{"kind":"Field","name":{"kind":"Name","value":"chunksReused"}},{"kind":"Field","name":{"kind":"Name","value":"chunksEmbedded"}},{"kind":"Field","name":{"kind":"Name","value":"tokens"}}]}}]}}]}}]}}]} as unknown as DocumentNode<EmbeddingDetailsQuery, EmbeddingDetailsQueryVariables>;
export const DocumentRewriteOutputDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"DocumentRewriteOutput"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"kb"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"documentRewriteOutput"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"kb"},"value":{"kind":"Variable","name":{"kind":"Name","value":"kb"}}},{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"reset"}},{"kind":"Field","name":{"kind":"Name","value":"done"}}]}}]}}]} as unknown as DocumentNode<DocumentRewriteOutputSubscription, DocumentRewriteOutputSubscriptionVariables>;
export const DocumentForOutputDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DocumentForOutput"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"kb"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"kb"},"value":{"kind":"Variable","name":{"kind":"Name","value":"kb"}}},{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<DocumentForOutputQuery, DocumentForOutputQueryVariables>;
export const VoiceSplittingFailureDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"VoiceSplittingFailure"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"voice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"splitting"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}}]}}]}}]} as unknown as DocumentNode<VoiceSplittingFailureQuery, VoiceSplittingFailureQueryVariables>;
export const CreateMediaDocumentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateMediaDocument"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"kb"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"folder"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"file"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Upload"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createDocument"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"kb"},"value":{"kind":"Variable","name":{"kind":"Name","value":"kb"}}},{"kind":"Argument","name":{"kind":"Name","value":"folder"},"value":{"kind":"Variable","name":{"kind":"Name","value":"folder"}}},{"kind":"Argument","name":{"kind":"Name","value":"file"},"value":{"kind":"Variable","name":{"kind":"Name","value":"file"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<CreateMediaDocumentMutation, CreateMediaDocumentMutationVariables>;
export const EnginesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Engines"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"engines"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"model"}},{"kind":"Field","name":{"kind":"Name","value":"host"}},{"kind":"Field","name":{"kind":"Name","value":"variable"}},{"kind":"Field","name":{"kind":"Name","value":"features"}}]}}]}}]} as unknown as DocumentNode<EnginesQuery, EnginesQueryVariables>;
export const EngineLastCallsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"EngineLastCalls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"engines"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"lastCall"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"ok"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}}]}}]}}]} as unknown as DocumentNode<EngineLastCallsQuery, EngineLastCallsQueryVariables>;
export const DocumentQueuesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DocumentQueues"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"knowledgeBase"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"documents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"inQueues"}},{"kind":"Field","name":{"kind":"Name","value":"progress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stage"}}]}},{"kind":"Field","name":{"kind":"Name","value":"queue"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"estimatedStartAt"}}]}}]}}]}}]}}]} as unknown as DocumentNode<DocumentQueuesQuery, DocumentQueuesQueryVariables>;
export const DocumentQueueUpdatesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"DocumentQueueUpdates"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"kb"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"documentUpdated"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"kb"},"value":{"kind":"Variable","name":{"kind":"Name","value":"kb"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"inQueues"}},{"kind":"Field","name":{"kind":"Name","value":"queue"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"position"}}]}}]}}]}}]} as unknown as DocumentNode<DocumentQueueUpdatesSubscription, DocumentQueueUpdatesSubscriptionVariables>;
export const VoiceWaitDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"VoiceWait"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"voice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"embedding"}}]}},{"kind":"Field","name":{"kind":"Name","value":"queue"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"position"}}]}}]}}]}}]} as unknown as DocumentNode<VoiceWaitQuery, VoiceWaitQueryVariables>;
export const ContentTypesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ContentTypes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"contentTypes"}}]}}]} as unknown as DocumentNode<ContentTypesQuery, ContentTypesQueryVariables>;
export const CreateVoiceFromFileDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateVoiceFromFile"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"file"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Upload"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createVoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}},{"kind":"Argument","name":{"kind":"Name","value":"file"},"value":{"kind":"Variable","name":{"kind":"Name","value":"file"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<CreateVoiceFromFileMutation, CreateVoiceFromFileMutationVariables>;
export const SubmitStreamedCompletionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SubmitStreamedCompletion"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SubmitCompletionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"submitCompletion"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<SubmitStreamedCompletionMutation, SubmitStreamedCompletionMutationVariables>;
export const CompletionOutputDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"CompletionOutput"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"completionOutput"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"reset"}},{"kind":"Field","name":{"kind":"Name","value":"done"}}]}}]}}]} as unknown as DocumentNode<CompletionOutputSubscription, CompletionOutputSubscriptionVariables>;
export const CompletionPartialOutputDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CompletionPartialOutput"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"completion"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"partialOutput"}},{"kind":"Field","name":{"kind":"Name","value":"output"}}]}}]}}]} as unknown as DocumentNode<CompletionPartialOutputQuery, CompletionPartialOutputQueryVariables>;
export const TranscriptWaitDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TranscriptWait"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transcript"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"queue"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}}]}}]}}]}}]} as unknown as DocumentNode<TranscriptWaitQuery, TranscriptWaitQueryVariables>;
export const TranscriptWatchDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"TranscriptWatch"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transcriptUpdated"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"progress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stage"}}]}},{"kind":"Field","name":{"kind":"Name","value":"queue"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}}]}}]}}]}}]} as unknown as DocumentNode<TranscriptWatchSubscription, TranscriptWatchSubscriptionVariables>;
export const SubmitTranscriptDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SubmitTranscript"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SubmitTranscriptInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"submitTranscript"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"boostedWords"}}]}}]}}]} as unknown as DocumentNode<SubmitTranscriptMutation, SubmitTranscriptMutationVariables>;
export const TranscriptUpdatedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"TranscriptUpdated"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transcriptUpdated"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"progress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stage"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"percent"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]}}]} as unknown as DocumentNode<TranscriptUpdatedSubscription, TranscriptUpdatedSubscriptionVariables>;
export const TranscriptDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Transcript"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transcript"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"audioDuration"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"languageCode"}},{"kind":"Field","name":{"kind":"Name","value":"languageConfidence"}},{"kind":"Field","name":{"kind":"Name","value":"boostedWords"}},{"kind":"Field","name":{"kind":"Name","value":"words"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"start"}},{"kind":"Field","name":{"kind":"Name","value":"end"}},{"kind":"Field","name":{"kind":"Name","value":"confidence"}}]}}]}}]}}]} as unknown as DocumentNode<TranscriptQuery, TranscriptQueryVariables>;
export const SubmitCompletionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SubmitCompletion"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SubmitCompletionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"submitCompletion"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}}]}}]} as unknown as DocumentNode<SubmitCompletionMutation, SubmitCompletionMutationVariables>;
export const CompletionUpdatedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"CompletionUpdated"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"completionUpdated"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"output"}}]}}]}}]} as unknown as DocumentNode<CompletionUpdatedSubscription, CompletionUpdatedSubscriptionVariables>;
export const CompletionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Completion"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"completion"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}}]}}]} as unknown as DocumentNode<CompletionQuery, CompletionQueryVariables>;
export const TranscriptProgressDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"TranscriptProgress"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transcriptUpdated"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"progress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stage"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}}]}}]}}]} as unknown as DocumentNode<TranscriptProgressSubscription, TranscriptProgressSubscriptionVariables>;
export const TranscriptStructureDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TranscriptStructure"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"chars"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transcript"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"captions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"format"},"value":{"kind":"EnumValue","value":"VTT"}},{"kind":"Argument","name":{"kind":"Name","value":"charsPerCaption"},"value":{"kind":"Variable","name":{"kind":"Name","value":"chars"}}}]},{"kind":"Field","name":{"kind":"Name","value":"sentences"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"start"}},{"kind":"Field","name":{"kind":"Name","value":"end"}},{"kind":"Field","name":{"kind":"Name","value":"words"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"start"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"paragraphs"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"start"}},{"kind":"Field","name":{"kind":"Name","value":"end"}}]}}]}}]}}]} as unknown as DocumentNode<TranscriptStructureQuery, TranscriptStructureQueryVariables>;
export const RecentTranscriptsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RecentTranscripts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"recentTranscripts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<RecentTranscriptsQuery, RecentTranscriptsQueryVariables>;
export const SubmitRecentTranscriptDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SubmitRecentTranscript"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SubmitTranscriptInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"submitTranscript"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<SubmitRecentTranscriptMutation, SubmitRecentTranscriptMutationVariables>;
export const LiveUtterancesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"LiveUtterances"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transcriptUpdated"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"utterances"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"speaker"}},{"kind":"Field","name":{"kind":"Name","value":"start"}},{"kind":"Field","name":{"kind":"Name","value":"end"}},{"kind":"Field","name":{"kind":"Name","value":"text"}}]}}]}}]}}]} as unknown as DocumentNode<LiveUtterancesSubscription, LiveUtterancesSubscriptionVariables>;
export const SpeakerFieldsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SpeakerFields"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transcript"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"speakerLabels"}},{"kind":"Field","name":{"kind":"Name","value":"speakersExpected"}},{"kind":"Field","name":{"kind":"Name","value":"speakerVoices"}},{"kind":"Field","name":{"kind":"Name","value":"utterances"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"speaker"}},{"kind":"Field","name":{"kind":"Name","value":"start"}},{"kind":"Field","name":{"kind":"Name","value":"text"}}]}},{"kind":"Field","name":{"kind":"Name","value":"speakers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"speakingTime"}},{"kind":"Field","name":{"kind":"Name","value":"voice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"partner"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"paragraphs"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"speaker"}},{"kind":"Field","name":{"kind":"Name","value":"text"}}]}},{"kind":"Field","name":{"kind":"Name","value":"captions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"format"},"value":{"kind":"EnumValue","value":"SRT"}},{"kind":"Argument","name":{"kind":"Name","value":"speakerLabels"},"value":{"kind":"BooleanValue","value":true}}]}]}}]}}]} as unknown as DocumentNode<SpeakerFieldsQuery, SpeakerFieldsQueryVariables>;
export const TranscriptAudioDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TranscriptAudio"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transcript"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"audioUrl"}}]}}]}}]} as unknown as DocumentNode<TranscriptAudioQuery, TranscriptAudioQueryVariables>;
export const TranscriptOutputDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"TranscriptOutput"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transcriptOutput"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"reset"}},{"kind":"Field","name":{"kind":"Name","value":"done"}}]}}]}}]} as unknown as DocumentNode<TranscriptOutputSubscription, TranscriptOutputSubscriptionVariables>;
export const TranscriptPartialTextDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TranscriptPartialText"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transcript"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"partialText"}}]}}]}}]} as unknown as DocumentNode<TranscriptPartialTextQuery, TranscriptPartialTextQueryVariables>;
export const VoiceSplitDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"VoiceSplit"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"voice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"splitMode"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"splitting"}}]}},{"kind":"Field","name":{"kind":"Name","value":"splitting"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"error"}}]}},{"kind":"Field","name":{"kind":"Name","value":"originalDuration"}},{"kind":"Field","name":{"kind":"Name","value":"cleanSpeechSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"recommendedCleanSpeechSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"meetsCleanSpeechRecommendation"}},{"kind":"Field","name":{"kind":"Name","value":"samples"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"sourceTimestamp"}},{"kind":"Field","name":{"kind":"Name","value":"sourceStart"}},{"kind":"Field","name":{"kind":"Name","value":"duration"}},{"kind":"Field","name":{"kind":"Name","value":"speechSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"quality"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"score"}},{"kind":"Field","name":{"kind":"Name","value":"reasons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"unit"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<VoiceSplitQuery, VoiceSplitQueryVariables>;
export const CreateCuratedVoiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateCuratedVoice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"file"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Upload"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"splitMode"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SplitMode"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createVoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}},{"kind":"Argument","name":{"kind":"Name","value":"file"},"value":{"kind":"Variable","name":{"kind":"Name","value":"file"}}},{"kind":"Argument","name":{"kind":"Name","value":"splitMode"},"value":{"kind":"Variable","name":{"kind":"Name","value":"splitMode"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"splitting"}}]}}]}}]}}]} as unknown as DocumentNode<CreateCuratedVoiceMutation, CreateCuratedVoiceMutationVariables>;
export const SplitVoiceAgainDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SplitVoiceAgain"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sampleDuration"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"splitMode"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SplitMode"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"splitVoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}},{"kind":"Argument","name":{"kind":"Name","value":"sampleDuration"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sampleDuration"}}},{"kind":"Argument","name":{"kind":"Name","value":"splitMode"},"value":{"kind":"Variable","name":{"kind":"Name","value":"splitMode"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"splitting"}}]}}]}}]}}]} as unknown as DocumentNode<SplitVoiceAgainMutation, SplitVoiceAgainMutationVariables>;
export const SplitProgressDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"SplitProgress"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"voiceUpdated"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"splitting"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sampleCount"}},{"kind":"Field","name":{"kind":"Name","value":"progress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stage"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"percent"}}]}}]}}]}}]} as unknown as DocumentNode<SplitProgressSubscription, SplitProgressSubscriptionVariables>;
export const EmbeddingStaleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"EmbeddingStale"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"voice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"embeddingInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stale"}}]}}]}}]}}]} as unknown as DocumentNode<EmbeddingStaleQuery, EmbeddingStaleQueryVariables>;
export const SubmitTranscriptWithWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SubmitTranscriptWithWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SubmitTranscriptInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"submitTranscript"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<SubmitTranscriptWithWebhookMutation, SubmitTranscriptWithWebhookMutationVariables>;
export const CreateWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"url"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"events"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookEvent"}}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"description"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"url"},"value":{"kind":"Variable","name":{"kind":"Name","value":"url"}}},{"kind":"Argument","name":{"kind":"Name","value":"events"},"value":{"kind":"Variable","name":{"kind":"Name","value":"events"}}},{"kind":"Argument","name":{"kind":"Name","value":"description"},"value":{"kind":"Variable","name":{"kind":"Name","value":"description"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"endpoint"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<CreateWebhookMutation, CreateWebhookMutationVariables>;
export const WebhooksDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Webhooks"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhooks"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}}]}}]}}]} as unknown as DocumentNode<WebhooksQuery, WebhooksQueryVariables>;
export const WebhookDeliveriesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WebhookDeliveries"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookDeliveries"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"redelivery"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"redelivery"}},{"kind":"Field","name":{"kind":"Name","value":"attempt"}},{"kind":"Field","name":{"kind":"Name","value":"statusCode"}},{"kind":"Field","name":{"kind":"Name","value":"latencyMs"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}}]}}]}}]} as unknown as DocumentNode<WebhookDeliveriesQuery, WebhookDeliveriesQueryVariables>;
export const RedeliverWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RedeliverWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"deliveryId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"redeliverWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"deliveryId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"deliveryId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"redelivery"}}]}}]}}]} as unknown as DocumentNode<RedeliverWebhookMutation, RedeliverWebhookMutationVariables>;
export const DeleteWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<DeleteWebhookMutation, DeleteWebhookMutationVariables>;