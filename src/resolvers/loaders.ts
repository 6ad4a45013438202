import DataLoader from 'dataloader';
import type { VoiceRecord } from '../domain/voice/voice.types';
import type { DocumentRecord, KnowledgeBaseRecord } from '../domain/knowledge-base/knowledge-base.types';
import type { Domain } from '../domain/domain';

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

export function createLoaders(domain: Domain): Loaders {
  return new LazyLoaders(domain);
}

/**
 * Every value of `keys`, in their order. DataLoader answers a failed read with an Error in
 * the key's place; a list must then fail as a whole (SERVICE_UNAVAILABLE when Redis could not
 * answer), never come back shorter as if the records did not exist.
 */
export async function loadAll<K, V>(loader: DataLoader<K, V>, keys: readonly K[]): Promise<V[]> {
  const values = await loader.loadMany(keys);
  const failure = values.find((value): value is Error => value instanceof Error);
  if (failure) throw failure;
  return values as V[];
}

/**
 * Builds each loader on first use, with getters on the prototype: thousands of long-lived
 * subscription contexts that never batch anything should carry neither loaders nor closures.
 */
class LazyLoaders implements Loaders {
  private voices?: Loaders['voiceById'];
  private knowledgeBases?: Loaders['knowledgeBaseById'];
  private documents?: Loaders['documentById'];
  private documentIds?: Loaders['documentIdsByKb'];

  constructor(private readonly domain: Domain) {}

  get voiceById() {
    return (this.voices ??= new DataLoader((ids: readonly string[]) => this.domain.voices.getMany(ids)));
  }

  get knowledgeBaseById() {
    return (this.knowledgeBases ??= new DataLoader((ids: readonly string[]) => this.domain.knowledgeBases.getKnowledgeBases(ids)));
  }

  get documentById() {
    return (this.documents ??= new DataLoader((ids: readonly string[]) => this.domain.knowledgeBases.getDocuments(ids)));
  }

  get documentIdsByKb() {
    return (this.documentIds ??= new DataLoader((kbIds: readonly string[]) => Promise.all(kbIds.map((kbId) => this.domain.knowledgeBases.documentIds(kbId)))));
  }
}
