import DataLoader from 'dataloader';
import type { VoiceRecord } from '../domain/voice/voice.types';
import type { DocumentRecord, KnowledgeBaseRecord } from '../domain/knowledge-base/kb.types';
import type { Services } from '../services';

/**
 * DataLoaders live for one request (or one subscription event), so batching never serves
 * a record older than the request that asked for it.
 */
export interface Loaders {
  voiceById: DataLoader<string, VoiceRecord | null>;
  knowledgeBaseById: DataLoader<string, KnowledgeBaseRecord | null>;
  documentById: DataLoader<string, DocumentRecord | null>;
  /** A knowledge base's document ids, read once per request however many fields need them. */
  documentIdsByKb: DataLoader<string, string[]>;
}

export function createLoaders(services: Services): Loaders {
  return lazily<Loaders>({
    voiceById: () => new DataLoader((ids: readonly string[]) => services.voices.getMany(ids)),
    knowledgeBaseById: () => new DataLoader((ids: readonly string[]) => services.knowledgeBases.getKnowledgeBases(ids)),
    documentById: () => new DataLoader((ids: readonly string[]) => services.knowledgeBases.getDocuments(ids)),
    documentIdsByKb: () =>
      new DataLoader((kbIds: readonly string[]) => Promise.all(kbIds.map((kbId) => services.knowledgeBases.documentIds(kbId)))),
  });
}

/**
 * Builds each member on first use: a long-lived subscription context that never batches
 * anything should not carry a set of loaders.
 */
function lazily<T extends object>(factories: { [K in keyof T]: () => T[K] }): T {
  const made: Partial<T> = {};
  const target = {} as T;
  for (const key of Object.keys(factories) as (keyof T)[]) {
    Object.defineProperty(target, key, { enumerable: true, get: () => (made[key] ??= factories[key]()) });
  }
  return target;
}
