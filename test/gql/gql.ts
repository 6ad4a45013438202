/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment VoiceFields on Voice {\n    id\n    name\n    deleted\n    hasOriginal\n    sampleCount\n    status {\n      splitting\n      embedding\n    }\n    embedding {\n      status\n      error\n    }\n    samples {\n      index\n      sourceTimestamp\n      duration\n      url\n    }\n    embeddingInfo {\n      ttsType\n      lastUpdateStatus\n      sampleScores {\n        sampleIndex\n        score\n      }\n    }\n    preferredSampleIndex\n  }\n": typeof types.VoiceFieldsFragmentDoc,
    "\n  query Voices($partner: String!) {\n    voices(partner: $partner) {\n      ...VoiceFields\n    }\n  }\n": typeof types.VoicesDocument,
    "\n  query Voice($partner: String!, $name: String!) {\n    voice(partner: $partner, name: $name) {\n      ...VoiceFields\n    }\n  }\n": typeof types.VoiceDocument,
    "\n  mutation CreateVoice($partner: String!, $name: String!, $file: Upload, $creatorName: String) {\n    createVoice(partner: $partner, name: $name, file: $file, creatorName: $creatorName) {\n      ...VoiceFields\n    }\n  }\n": typeof types.CreateVoiceDocument,
    "\n  mutation CreateEmptyVoice($partner: String!, $name: String!) {\n    createEmptyVoice(partner: $partner, name: $name) {\n      name\n      status {\n        splitting\n      }\n    }\n  }\n": typeof types.CreateEmptyVoiceDocument,
    "\n  mutation UploadSample($partner: String!, $name: String!, $file: Upload!) {\n    uploadVoiceSample(partner: $partner, name: $name, file: $file) {\n      index\n      duration\n      sourceTimestamp\n    }\n  }\n": typeof types.UploadSampleDocument,
    "\n  mutation SetPreferred($partner: String!, $name: String!, $sampleIndex: Int) {\n    setPreferredSample(partner: $partner, name: $name, sampleIndex: $sampleIndex) {\n      preferredSampleIndex\n    }\n  }\n": typeof types.SetPreferredDocument,
    "\n  mutation SplitVoice($partner: String!, $name: String!, $maxSamples: Int, $sampleDuration: Int) {\n    splitVoice(partner: $partner, name: $name, maxSamples: $maxSamples, sampleDuration: $sampleDuration) {\n      status {\n        splitting\n      }\n    }\n  }\n": typeof types.SplitVoiceDocument,
    "\n  mutation RenameVoice($partner: String!, $name: String!, $newName: String!) {\n    renameVoice(partner: $partner, name: $name, newName: $newName) {\n      name\n    }\n  }\n": typeof types.RenameVoiceDocument,
    "\n  mutation DeleteVoice($partner: String!, $name: String!) {\n    deleteVoice(partner: $partner, name: $name)\n  }\n": typeof types.DeleteVoiceDocument,
    "\n  subscription VoiceUpdated($partner: String!, $name: String!) {\n    voiceUpdated(partner: $partner, name: $name) {\n      ...VoiceFields\n    }\n  }\n": typeof types.VoiceUpdatedDocument,
    "\n  subscription VoicesUpdated($partner: String!) {\n    voicesUpdated(partner: $partner) {\n      ...VoiceFields\n    }\n  }\n": typeof types.VoicesUpdatedDocument,
};
const documents: Documents = {
    "\n  fragment VoiceFields on Voice {\n    id\n    name\n    deleted\n    hasOriginal\n    sampleCount\n    status {\n      splitting\n      embedding\n    }\n    embedding {\n      status\n      error\n    }\n    samples {\n      index\n      sourceTimestamp\n      duration\n      url\n    }\n    embeddingInfo {\n      ttsType\n      lastUpdateStatus\n      sampleScores {\n        sampleIndex\n        score\n      }\n    }\n    preferredSampleIndex\n  }\n": types.VoiceFieldsFragmentDoc,
    "\n  query Voices($partner: String!) {\n    voices(partner: $partner) {\n      ...VoiceFields\n    }\n  }\n": types.VoicesDocument,
    "\n  query Voice($partner: String!, $name: String!) {\n    voice(partner: $partner, name: $name) {\n      ...VoiceFields\n    }\n  }\n": types.VoiceDocument,
    "\n  mutation CreateVoice($partner: String!, $name: String!, $file: Upload, $creatorName: String) {\n    createVoice(partner: $partner, name: $name, file: $file, creatorName: $creatorName) {\n      ...VoiceFields\n    }\n  }\n": types.CreateVoiceDocument,
    "\n  mutation CreateEmptyVoice($partner: String!, $name: String!) {\n    createEmptyVoice(partner: $partner, name: $name) {\n      name\n      status {\n        splitting\n      }\n    }\n  }\n": types.CreateEmptyVoiceDocument,
    "\n  mutation UploadSample($partner: String!, $name: String!, $file: Upload!) {\n    uploadVoiceSample(partner: $partner, name: $name, file: $file) {\n      index\n      duration\n      sourceTimestamp\n    }\n  }\n": types.UploadSampleDocument,
    "\n  mutation SetPreferred($partner: String!, $name: String!, $sampleIndex: Int) {\n    setPreferredSample(partner: $partner, name: $name, sampleIndex: $sampleIndex) {\n      preferredSampleIndex\n    }\n  }\n": types.SetPreferredDocument,
    "\n  mutation SplitVoice($partner: String!, $name: String!, $maxSamples: Int, $sampleDuration: Int) {\n    splitVoice(partner: $partner, name: $name, maxSamples: $maxSamples, sampleDuration: $sampleDuration) {\n      status {\n        splitting\n      }\n    }\n  }\n": types.SplitVoiceDocument,
    "\n  mutation RenameVoice($partner: String!, $name: String!, $newName: String!) {\n    renameVoice(partner: $partner, name: $name, newName: $newName) {\n      name\n    }\n  }\n": types.RenameVoiceDocument,
    "\n  mutation DeleteVoice($partner: String!, $name: String!) {\n    deleteVoice(partner: $partner, name: $name)\n  }\n": types.DeleteVoiceDocument,
    "\n  subscription VoiceUpdated($partner: String!, $name: String!) {\n    voiceUpdated(partner: $partner, name: $name) {\n      ...VoiceFields\n    }\n  }\n": types.VoiceUpdatedDocument,
    "\n  subscription VoicesUpdated($partner: String!) {\n    voicesUpdated(partner: $partner) {\n      ...VoiceFields\n    }\n  }\n": types.VoicesUpdatedDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment VoiceFields on Voice {\n    id\n    name\n    deleted\n    hasOriginal\n    sampleCount\n    status {\n      splitting\n      embedding\n    }\n    embedding {\n      status\n      error\n    }\n    samples {\n      index\n      sourceTimestamp\n      duration\n      url\n    }\n    embeddingInfo {\n      ttsType\n      lastUpdateStatus\n      sampleScores {\n        sampleIndex\n        score\n      }\n    }\n    preferredSampleIndex\n  }\n"): (typeof documents)["\n  fragment VoiceFields on Voice {\n    id\n    name\n    deleted\n    hasOriginal\n    sampleCount\n    status {\n      splitting\n      embedding\n    }\n    embedding {\n      status\n      error\n    }\n    samples {\n      index\n      sourceTimestamp\n      duration\n      url\n    }\n    embeddingInfo {\n      ttsType\n      lastUpdateStatus\n      sampleScores {\n        sampleIndex\n        score\n      }\n    }\n    preferredSampleIndex\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Voices($partner: String!) {\n    voices(partner: $partner) {\n      ...VoiceFields\n    }\n  }\n"): (typeof documents)["\n  query Voices($partner: String!) {\n    voices(partner: $partner) {\n      ...VoiceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Voice($partner: String!, $name: String!) {\n    voice(partner: $partner, name: $name) {\n      ...VoiceFields\n    }\n  }\n"): (typeof documents)["\n  query Voice($partner: String!, $name: String!) {\n    voice(partner: $partner, name: $name) {\n      ...VoiceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateVoice($partner: String!, $name: String!, $file: Upload, $creatorName: String) {\n    createVoice(partner: $partner, name: $name, file: $file, creatorName: $creatorName) {\n      ...VoiceFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateVoice($partner: String!, $name: String!, $file: Upload, $creatorName: String) {\n    createVoice(partner: $partner, name: $name, file: $file, creatorName: $creatorName) {\n      ...VoiceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateEmptyVoice($partner: String!, $name: String!) {\n    createEmptyVoice(partner: $partner, name: $name) {\n      name\n      status {\n        splitting\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateEmptyVoice($partner: String!, $name: String!) {\n    createEmptyVoice(partner: $partner, name: $name) {\n      name\n      status {\n        splitting\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UploadSample($partner: String!, $name: String!, $file: Upload!) {\n    uploadVoiceSample(partner: $partner, name: $name, file: $file) {\n      index\n      duration\n      sourceTimestamp\n    }\n  }\n"): (typeof documents)["\n  mutation UploadSample($partner: String!, $name: String!, $file: Upload!) {\n    uploadVoiceSample(partner: $partner, name: $name, file: $file) {\n      index\n      duration\n      sourceTimestamp\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetPreferred($partner: String!, $name: String!, $sampleIndex: Int) {\n    setPreferredSample(partner: $partner, name: $name, sampleIndex: $sampleIndex) {\n      preferredSampleIndex\n    }\n  }\n"): (typeof documents)["\n  mutation SetPreferred($partner: String!, $name: String!, $sampleIndex: Int) {\n    setPreferredSample(partner: $partner, name: $name, sampleIndex: $sampleIndex) {\n      preferredSampleIndex\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SplitVoice($partner: String!, $name: String!, $maxSamples: Int, $sampleDuration: Int) {\n    splitVoice(partner: $partner, name: $name, maxSamples: $maxSamples, sampleDuration: $sampleDuration) {\n      status {\n        splitting\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SplitVoice($partner: String!, $name: String!, $maxSamples: Int, $sampleDuration: Int) {\n    splitVoice(partner: $partner, name: $name, maxSamples: $maxSamples, sampleDuration: $sampleDuration) {\n      status {\n        splitting\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RenameVoice($partner: String!, $name: String!, $newName: String!) {\n    renameVoice(partner: $partner, name: $name, newName: $newName) {\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation RenameVoice($partner: String!, $name: String!, $newName: String!) {\n    renameVoice(partner: $partner, name: $name, newName: $newName) {\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteVoice($partner: String!, $name: String!) {\n    deleteVoice(partner: $partner, name: $name)\n  }\n"): (typeof documents)["\n  mutation DeleteVoice($partner: String!, $name: String!) {\n    deleteVoice(partner: $partner, name: $name)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription VoiceUpdated($partner: String!, $name: String!) {\n    voiceUpdated(partner: $partner, name: $name) {\n      ...VoiceFields\n    }\n  }\n"): (typeof documents)["\n  subscription VoiceUpdated($partner: String!, $name: String!) {\n    voiceUpdated(partner: $partner, name: $name) {\n      ...VoiceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription VoicesUpdated($partner: String!) {\n    voicesUpdated(partner: $partner) {\n      ...VoiceFields\n    }\n  }\n"): (typeof documents)["\n  subscription VoicesUpdated($partner: String!) {\n    voicesUpdated(partner: $partner) {\n      ...VoiceFields\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;