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

/** The outcome of the last embedding run. */
export type EmbeddingInfo = {
  __typename?: 'EmbeddingInfo';
  /** success or failed. */
  lastUpdateStatus: Scalars['String']['output'];
  lastUpdateTime: Scalars['DateTime']['output'];
  sampleScores: Array<SampleScore>;
  testSamples: Array<TestSample>;
  ttsType: Scalars['String']['output'];
};

export type Mutation = {
  __typename?: 'Mutation';
  createEmptyVoice: Voice;
  /** Creates a voice; with a file, splitting and then embedding start on their own. */
  createVoice: Voice;
  deleteVoice: Scalars['Boolean']['output'];
  deleteVoiceSample: Voice;
  deleteVoiceTestFiles: Voice;
  embedVoice: Voice;
  renameVoice: Voice;
  /** Sets the preferred sample; a null index clears it. */
  setPreferredSample: Voice;
  /** Re-splits the original recording, replacing the samples. */
  splitVoice: Voice;
  /** Queues a completion; follow it with completionUpdated. */
  submitCompletion: Completion;
  /** Queues a transcription; follow it with transcriptUpdated. */
  submitTranscript: Transcript;
  uploadVoiceSample: VoiceSample;
};


export type MutationCreateEmptyVoiceArgs = {
  name: Scalars['String']['input'];
  partner: Scalars['String']['input'];
};


export type MutationCreateVoiceArgs = {
  creatorEmail?: InputMaybe<Scalars['String']['input']>;
  creatorName?: InputMaybe<Scalars['String']['input']>;
  file?: InputMaybe<Scalars['Upload']['input']>;
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


export type MutationEmbedVoiceArgs = {
  name: Scalars['String']['input'];
  partner: Scalars['String']['input'];
  ttsType?: InputMaybe<Scalars['String']['input']>;
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
};


export type MutationSubmitCompletionArgs = {
  input: SubmitCompletionInput;
};


export type MutationSubmitTranscriptArgs = {
  input: SubmitTranscriptInput;
};


export type MutationUploadVoiceSampleArgs = {
  file: Scalars['Upload']['input'];
  name: Scalars['String']['input'];
  partner: Scalars['String']['input'];
};

/** Where a voice pipeline (splitting or embedding) stands. */
export type ProcessingStatus =
  | 'COMPLETED'
  | 'FAILED'
  | 'IDLE'
  | 'IN_PROGRESS';

export type Query = {
  __typename?: 'Query';
  completion: Completion;
  /** The rewrite templates a document can use; needs no API key. */
  contentTypes: Array<Scalars['String']['output']>;
  transcript: Transcript;
  voice?: Maybe<Voice>;
  voices: Array<Voice>;
};


export type QueryCompletionArgs = {
  id: Scalars['ID']['input'];
};


export type QueryTranscriptArgs = {
  id: Scalars['ID']['input'];
};


export type QueryVoiceArgs = {
  name: Scalars['String']['input'];
  partner: Scalars['String']['input'];
};


export type QueryVoicesArgs = {
  partner: Scalars['String']['input'];
};

export type SampleScore = {
  __typename?: 'SampleScore';
  sampleIndex: Scalars['Int']['output'];
  /** 0 (unusable) to 1 (clean reference audio). */
  score: Scalars['Float']['output'];
};

export type SubmitCompletionInput = {
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
};

export type Subscription = {
  __typename?: 'Subscription';
  /** The completion now, then after every change; ends once it is COMPLETED or FAILED. */
  completionUpdated: Completion;
  /** The transcript now, then after every change; ends once it is COMPLETED or ERROR. */
  transcriptUpdated: Transcript;
  /** The voice now, then after every change; ends after the event of its deletion. */
  voiceUpdated: Voice;
  /** Every voice of the partner now, then each voice that changes (deletions have deleted: true). */
  voicesUpdated: Voice;
};


export type SubscriptionCompletionUpdatedArgs = {
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
  boostedWords: Array<Scalars['String']['output']>;
  createdAt: Scalars['DateTime']['output'];
  /** Readable reason when ERROR. */
  error?: Maybe<Scalars['String']['output']>;
  fillerWords: Scalars['Boolean']['output'];
  formatText: Scalars['Boolean']['output'];
  /** The path form, /v2/transcript/<uuid>, as REST gives it. */
  id: Scalars['ID']['output'];
  languageAuto: Scalars['Boolean']['output'];
  languageCode: Scalars['String']['output'];
  status: TranscriptStatus;
  /** Set once COMPLETED. */
  text?: Maybe<Scalars['String']['output']>;
  updatedAt: Scalars['DateTime']['output'];
};

/** QUEUED, then PROCESSING, then COMPLETED or ERROR. */
export type TranscriptStatus =
  | 'COMPLETED'
  | 'ERROR'
  | 'PROCESSING'
  | 'QUEUED';

/** A named voice of a partner: its recording, samples and embeddings. */
export type Voice = {
  __typename?: 'Voice';
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
  name: Scalars['String']['output'];
  /** Seconds. */
  originalDuration?: Maybe<Scalars['Float']['output']>;
  originalFilename?: Maybe<Scalars['String']['output']>;
  originalUploadedName?: Maybe<Scalars['String']['output']>;
  partner: Scalars['String']['output'];
  preferredSampleIndex?: Maybe<Scalars['Int']['output']>;
  sampleCount: Scalars['Int']['output'];
  samples: Array<VoiceSample>;
  splitting: VoicePipeline;
  status: VoiceStatus;
  testSamples: Array<TestSample>;
  updatedAt: Scalars['DateTime']['output'];
};


/** A named voice of a partner: its recording, samples and embeddings. */
export type VoiceTestSamplesArgs = {
  ttsType?: InputMaybe<Scalars['String']['input']>;
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
  /** MM:SS offset in the original; null for a sample uploaded on its own. */
  sourceTimestamp?: Maybe<Scalars['String']['output']>;
  /** REST path of the audio file. */
  url: Scalars['String']['output'];
};

export type VoiceStatus = {
  __typename?: 'VoiceStatus';
  embedding: ProcessingStatus;
  splitting: ProcessingStatus;
};

export type VoiceFieldsFragment = { __typename?: 'Voice', id: string, name: string, deleted: boolean, hasOriginal: boolean, sampleCount: number, preferredSampleIndex?: number | null, status: { __typename?: 'VoiceStatus', splitting: ProcessingStatus, embedding: ProcessingStatus }, embedding: { __typename?: 'VoicePipeline', status: ProcessingStatus, error?: string | null }, samples: Array<{ __typename?: 'VoiceSample', index: number, sourceTimestamp?: string | null, duration: number, url: string }>, embeddingInfo?: { __typename?: 'EmbeddingInfo', ttsType: string, lastUpdateStatus: string, sampleScores: Array<{ __typename?: 'SampleScore', sampleIndex: number, score: number }> } | null };

export type VoicesQueryVariables = Exact<{
  partner: Scalars['String']['input'];
}>;


export type VoicesQuery = { __typename?: 'Query', voices: Array<{ __typename?: 'Voice', id: string, name: string, deleted: boolean, hasOriginal: boolean, sampleCount: number, preferredSampleIndex?: number | null, status: { __typename?: 'VoiceStatus', splitting: ProcessingStatus, embedding: ProcessingStatus }, embedding: { __typename?: 'VoicePipeline', status: ProcessingStatus, error?: string | null }, samples: Array<{ __typename?: 'VoiceSample', index: number, sourceTimestamp?: string | null, duration: number, url: string }>, embeddingInfo?: { __typename?: 'EmbeddingInfo', ttsType: string, lastUpdateStatus: string, sampleScores: Array<{ __typename?: 'SampleScore', sampleIndex: number, score: number }> } | null }> };

export type VoiceQueryVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
}>;


export type VoiceQuery = { __typename?: 'Query', voice?: { __typename?: 'Voice', id: string, name: string, deleted: boolean, hasOriginal: boolean, sampleCount: number, preferredSampleIndex?: number | null, status: { __typename?: 'VoiceStatus', splitting: ProcessingStatus, embedding: ProcessingStatus }, embedding: { __typename?: 'VoicePipeline', status: ProcessingStatus, error?: string | null }, samples: Array<{ __typename?: 'VoiceSample', index: number, sourceTimestamp?: string | null, duration: number, url: string }>, embeddingInfo?: { __typename?: 'EmbeddingInfo', ttsType: string, lastUpdateStatus: string, sampleScores: Array<{ __typename?: 'SampleScore', sampleIndex: number, score: number }> } | null } | null };

export type CreateVoiceMutationVariables = Exact<{
  partner: Scalars['String']['input'];
  name: Scalars['String']['input'];
  file?: InputMaybe<Scalars['Upload']['input']>;
  creatorName?: InputMaybe<Scalars['String']['input']>;
}>;


export type CreateVoiceMutation = { __typename?: 'Mutation', createVoice: { __typename?: 'Voice', id: string, name: string, deleted: boolean, hasOriginal: boolean, sampleCount: number, preferredSampleIndex?: number | null, status: { __typename?: 'VoiceStatus', splitting: ProcessingStatus, embedding: ProcessingStatus }, embedding: { __typename?: 'VoicePipeline', status: ProcessingStatus, error?: string | null }, samples: Array<{ __typename?: 'VoiceSample', index: number, sourceTimestamp?: string | null, duration: number, url: string }>, embeddingInfo?: { __typename?: 'EmbeddingInfo', ttsType: string, lastUpdateStatus: string, sampleScores: Array<{ __typename?: 'SampleScore', sampleIndex: number, score: number }> } | null } };

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


export type VoiceUpdatedSubscription = { __typename?: 'Subscription', voiceUpdated: { __typename?: 'Voice', id: string, name: string, deleted: boolean, hasOriginal: boolean, sampleCount: number, preferredSampleIndex?: number | null, status: { __typename?: 'VoiceStatus', splitting: ProcessingStatus, embedding: ProcessingStatus }, embedding: { __typename?: 'VoicePipeline', status: ProcessingStatus, error?: string | null }, samples: Array<{ __typename?: 'VoiceSample', index: number, sourceTimestamp?: string | null, duration: number, url: string }>, embeddingInfo?: { __typename?: 'EmbeddingInfo', ttsType: string, lastUpdateStatus: string, sampleScores: Array<{ __typename?: 'SampleScore', sampleIndex: number, score: number }> } | null } };

export type VoicesUpdatedSubscriptionVariables = Exact<{
  partner: Scalars['String']['input'];
}>;


export type VoicesUpdatedSubscription = { __typename?: 'Subscription', voicesUpdated: { __typename?: 'Voice', id: string, name: string, deleted: boolean, hasOriginal: boolean, sampleCount: number, preferredSampleIndex?: number | null, status: { __typename?: 'VoiceStatus', splitting: ProcessingStatus, embedding: ProcessingStatus }, embedding: { __typename?: 'VoicePipeline', status: ProcessingStatus, error?: string | null }, samples: Array<{ __typename?: 'VoiceSample', index: number, sourceTimestamp?: string | null, duration: number, url: string }>, embeddingInfo?: { __typename?: 'EmbeddingInfo', ttsType: string, lastUpdateStatus: string, sampleScores: Array<{ __typename?: 'SampleScore', sampleIndex: number, score: number }> } | null } };

export const VoiceFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"VoiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Voice"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"hasOriginal"}},{"kind":"Field","name":{"kind":"Name","value":"sampleCount"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"splitting"}},{"kind":"Field","name":{"kind":"Name","value":"embedding"}}]}},{"kind":"Field","name":{"kind":"Name","value":"embedding"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}},{"kind":"Field","name":{"kind":"Name","value":"samples"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"sourceTimestamp"}},{"kind":"Field","name":{"kind":"Name","value":"duration"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}},{"kind":"Field","name":{"kind":"Name","value":"embeddingInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ttsType"}},{"kind":"Field","name":{"kind":"Name","value":"lastUpdateStatus"}},{"kind":"Field","name":{"kind":"Name","value":"sampleScores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sampleIndex"}},{"kind":"Field","name":{"kind":"Name","value":"score"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"preferredSampleIndex"}}]}}]} as unknown as DocumentNode<VoiceFieldsFragment, unknown>;
export const VoicesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Voices"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"voices"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"VoiceFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"VoiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Voice"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"hasOriginal"}},{"kind":"Field","name":{"kind":"Name","value":"sampleCount"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"splitting"}},{"kind":"Field","name":{"kind":"Name","value":"embedding"}}]}},{"kind":"Field","name":{"kind":"Name","value":"embedding"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}},{"kind":"Field","name":{"kind":"Name","value":"samples"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"sourceTimestamp"}},{"kind":"Field","name":{"kind":"Name","value":"duration"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}},{"kind":"Field","name":{"kind":"Name","value":"embeddingInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ttsType"}},{"kind":"Field","name":{"kind":"Name","value":"lastUpdateStatus"}},{"kind":"Field","name":{"kind":"Name","value":"sampleScores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sampleIndex"}},{"kind":"Field","name":{"kind":"Name","value":"score"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"preferredSampleIndex"}}]}}]} as unknown as DocumentNode<VoicesQuery, VoicesQueryVariables>;
export const VoiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Voice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"voice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"VoiceFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"VoiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Voice"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"hasOriginal"}},{"kind":"Field","name":{"kind":"Name","value":"sampleCount"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"splitting"}},{"kind":"Field","name":{"kind":"Name","value":"embedding"}}]}},{"kind":"Field","name":{"kind":"Name","value":"embedding"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}},{"kind":"Field","name":{"kind":"Name","value":"samples"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"sourceTimestamp"}},{"kind":"Field","name":{"kind":"Name","value":"duration"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}},{"kind":"Field","name":{"kind":"Name","value":"embeddingInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ttsType"}},{"kind":"Field","name":{"kind":"Name","value":"lastUpdateStatus"}},{"kind":"Field","name":{"kind":"Name","value":"sampleScores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sampleIndex"}},{"kind":"Field","name":{"kind":"Name","value":"score"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"preferredSampleIndex"}}]}}]} as unknown as DocumentNode<VoiceQuery, VoiceQueryVariables>;
export const CreateVoiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateVoice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"file"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Upload"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"creatorName"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createVoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}},{"kind":"Argument","name":{"kind":"Name","value":"file"},"value":{"kind":"Variable","name":{"kind":"Name","value":"file"}}},{"kind":"Argument","name":{"kind":"Name","value":"creatorName"},"value":{"kind":"Variable","name":{"kind":"Name","value":"creatorName"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"VoiceFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"VoiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Voice"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"hasOriginal"}},{"kind":"Field","name":{"kind":"Name","value":"sampleCount"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"splitting"}},{"kind":"Field","name":{"kind":"Name","value":"embedding"}}]}},{"kind":"Field","name":{"kind":"Name","value":"embedding"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}},{"kind":"Field","name":{"kind":"Name","value":"samples"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"sourceTimestamp"}},{"kind":"Field","name":{"kind":"Name","value":"duration"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}},{"kind":"Field","name":{"kind":"Name","value":"embeddingInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ttsType"}},{"kind":"Field","name":{"kind":"Name","value":"lastUpdateStatus"}},{"kind":"Field","name":{"kind":"Name","value":"sampleScores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sampleIndex"}},{"kind":"Field","name":{"kind":"Name","value":"score"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"preferredSampleIndex"}}]}}]} as unknown as DocumentNode<CreateVoiceMutation, CreateVoiceMutationVariables>;
export const CreateEmptyVoiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateEmptyVoice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createEmptyVoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"splitting"}}]}}]}}]}}]} as unknown as DocumentNode<CreateEmptyVoiceMutation, CreateEmptyVoiceMutationVariables>;
export const UploadSampleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UploadSample"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"file"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Upload"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uploadVoiceSample"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}},{"kind":"Argument","name":{"kind":"Name","value":"file"},"value":{"kind":"Variable","name":{"kind":"Name","value":"file"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"duration"}},{"kind":"Field","name":{"kind":"Name","value":"sourceTimestamp"}}]}}]}}]} as unknown as DocumentNode<UploadSampleMutation, UploadSampleMutationVariables>;
export const SetPreferredDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetPreferred"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sampleIndex"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setPreferredSample"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}},{"kind":"Argument","name":{"kind":"Name","value":"sampleIndex"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sampleIndex"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"preferredSampleIndex"}}]}}]}}]} as unknown as DocumentNode<SetPreferredMutation, SetPreferredMutationVariables>;
export const SplitVoiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SplitVoice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"maxSamples"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sampleDuration"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"splitVoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}},{"kind":"Argument","name":{"kind":"Name","value":"maxSamples"},"value":{"kind":"Variable","name":{"kind":"Name","value":"maxSamples"}}},{"kind":"Argument","name":{"kind":"Name","value":"sampleDuration"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sampleDuration"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"splitting"}}]}}]}}]}}]} as unknown as DocumentNode<SplitVoiceMutation, SplitVoiceMutationVariables>;
export const RenameVoiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RenameVoice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"newName"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"renameVoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}},{"kind":"Argument","name":{"kind":"Name","value":"newName"},"value":{"kind":"Variable","name":{"kind":"Name","value":"newName"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<RenameVoiceMutation, RenameVoiceMutationVariables>;
export const DeleteVoiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteVoice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteVoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}]}]}}]} as unknown as DocumentNode<DeleteVoiceMutation, DeleteVoiceMutationVariables>;
export const VoiceUpdatedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"VoiceUpdated"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"voiceUpdated"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"VoiceFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"VoiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Voice"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"hasOriginal"}},{"kind":"Field","name":{"kind":"Name","value":"sampleCount"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"splitting"}},{"kind":"Field","name":{"kind":"Name","value":"embedding"}}]}},{"kind":"Field","name":{"kind":"Name","value":"embedding"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}},{"kind":"Field","name":{"kind":"Name","value":"samples"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"sourceTimestamp"}},{"kind":"Field","name":{"kind":"Name","value":"duration"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}},{"kind":"Field","name":{"kind":"Name","value":"embeddingInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ttsType"}},{"kind":"Field","name":{"kind":"Name","value":"lastUpdateStatus"}},{"kind":"Field","name":{"kind":"Name","value":"sampleScores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sampleIndex"}},{"kind":"Field","name":{"kind":"Name","value":"score"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"preferredSampleIndex"}}]}}]} as unknown as DocumentNode<VoiceUpdatedSubscription, VoiceUpdatedSubscriptionVariables>;
export const VoicesUpdatedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"VoicesUpdated"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"partner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"voicesUpdated"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"partner"},"value":{"kind":"Variable","name":{"kind":"Name","value":"partner"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"VoiceFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"VoiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Voice"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"hasOriginal"}},{"kind":"Field","name":{"kind":"Name","value":"sampleCount"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"splitting"}},{"kind":"Field","name":{"kind":"Name","value":"embedding"}}]}},{"kind":"Field","name":{"kind":"Name","value":"embedding"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}},{"kind":"Field","name":{"kind":"Name","value":"samples"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"sourceTimestamp"}},{"kind":"Field","name":{"kind":"Name","value":"duration"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}},{"kind":"Field","name":{"kind":"Name","value":"embeddingInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ttsType"}},{"kind":"Field","name":{"kind":"Name","value":"lastUpdateStatus"}},{"kind":"Field","name":{"kind":"Name","value":"sampleScores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sampleIndex"}},{"kind":"Field","name":{"kind":"Name","value":"score"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"preferredSampleIndex"}}]}}]} as unknown as DocumentNode<VoicesUpdatedSubscription, VoicesUpdatedSubscriptionVariables>;