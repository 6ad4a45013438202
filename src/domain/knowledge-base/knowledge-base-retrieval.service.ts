import { isMissingIndexTable, type ChunkFilter, type ChunkHit, type ChunkIndex, type StoredChunk } from '../../store/chunk-index';
import { Conflict, NotFound } from '../errors';
import type { RetrievalQuery } from './knowledge-base.inputs';
import type { KnowledgeBaseRepository } from './knowledge-base.repository';
import type { DocumentRecord, KnowledgeBaseRecord } from './knowledge-base.types';
import type { TextEmbedder } from './text-embedder';

export interface KnowledgeBaseRetrievalServiceDeps {
  repository: KnowledgeBaseRepository;
  index: ChunkIndex;
  /** The documents' embedder: a query must land in the space its vectors live in. */
  embedder: TextEmbedder;
}

/** A chunk that answers a query, where it comes from, and how well it answers. */
export interface RetrievedChunk extends Omit<StoredChunk, 'chunkId' | 'hash'> {
  score: number;
}

export interface RetrievalAnswer {
  kb: KnowledgeBaseRecord;
  results: RetrievedChunk[];
}

/** The constant of reciprocal rank fusion: a result at rank r of a list adds 1 / (RRF_K + r). */
export const RRF_K = 60;
/** Candidates fetched from each search per result asked for; deleted documents and fusion need some slack. */
const CANDIDATES_PER_RESULT = 4;
const MIN_CANDIDATES = 40;

/**
 * Answers queries from a knowledge base's last successful embedding run. Keyword search is
 * BM25 over the chunks' text, semantic search is cosine similarity to the query's vector
 * (embedded by the documents' own engine), and hybrid fuses the two rankings by reciprocal
 * rank. A result's document must still exist now: a deleted document never answers, even
 * before its entries leave the index.
 */
export class KnowledgeBaseRetrievalService {
  constructor(private readonly deps: KnowledgeBaseRetrievalServiceDeps) {}

  async search(partner: string, kbName: string, query: RetrievalQuery): Promise<RetrievalAnswer> {
    let kb = await this.deps.repository.get(partner, kbName);
    for (let attempt = 0; ; attempt += 1) {
      try {
        return { kb, results: await this.searchIndex(kb, query) };
      } catch (error) {
        // A run finished meanwhile and dropped the table this query had just looked up.
        if (attempt > 0 || !isMissingIndexTable(error)) throw error;
        const current = await this.deps.repository.getKnowledgeBase(kb.id);
        if (!current || current.embedding.index?.table === kb.embedding.index?.table) throw error;
        kb = current;
      }
    }
  }

  private async searchIndex(kb: KnowledgeBaseRecord, query: RetrievalQuery): Promise<RetrievedChunk[]> {
    const index = kb.embedding.index;
    if (!index) throw new NotFound('Knowledge base has not been embedded');
    const filter: ChunkFilter = {
      ...(query.folder !== null ? { folder: query.folder } : {}),
      ...(query.documentIds !== null ? { documentIds: query.documentIds } : {}),
    };
    if (query.documentIds?.length === 0) return [];
    const candidates = Math.max(MIN_CANDIDATES, query.topK * CANDIDATES_PER_RESULT);
    const [semantic, keyword] = await Promise.all([
      query.mode === 'keyword' ? null : this.semantic(kb, index.table, query.query, candidates, filter),
      query.mode === 'semantic' ? null : this.deps.index.keyword(index.table, query.query, candidates, filter),
    ]);
    const ranked = semantic && keyword ? fuse(semantic, keyword) : (semantic ?? keyword ?? []);
    const live = await this.liveDocuments(kb, ranked);
    const results: RetrievedChunk[] = [];
    for (const { chunk, score } of ranked) {
      const document = live.get(chunk.documentId);
      if (!document || (query.scoreThreshold !== null && score < query.scoreThreshold)) continue;
      const { chunkId: _chunkId, hash: _hash, ...place } = chunk;
      results.push({ ...place, documentName: document.name, folder: document.folder, score });
      if (results.length === query.topK) break;
    }
    return results;
  }

  private async semantic(kb: KnowledgeBaseRecord, table: string, text: string, limit: number, filter: ChunkFilter): Promise<ChunkHit[]> {
    const model = kb.embedding.lastSuccessfulDetails?.model;
    const { embedder } = this.deps;
    if (model && model !== embedder.model) {
      throw new Conflict(`The knowledge base was embedded with ${model}; embed it again to search it with ${embedder.model}`);
    }
    const [vector] = (await embedder.embed([text])).vectors;
    return this.deps.index.semantic(table, vector!, limit, filter);
  }

  /** The documents of these hits that exist now, in this knowledge base, by id: one MGET. */
  private async liveDocuments(kb: KnowledgeBaseRecord, hits: readonly ChunkHit[]): Promise<Map<string, DocumentRecord>> {
    const ids = [...new Set(hits.map((hit) => hit.chunk.documentId))];
    const documents = await this.deps.repository.getDocuments(ids);
    return new Map(documents.filter((document): document is DocumentRecord => document?.kbId === kb.id).map((document) => [document.id, document]));
  }
}

/**
 * Reciprocal rank fusion of two rankings, scaled so that the first place in both scores 1: a
 * chunk only one search found still ranks by its place there, so an exact code that the vectors
 * miss and a paraphrase that shares no word both come through.
 */
export function fuse(first: readonly ChunkHit[], second: readonly ChunkHit[]): ChunkHit[] {
  const fused = new Map<string, ChunkHit>();
  for (const ranking of [first, second]) {
    ranking.forEach((hit, rank) => {
      const previous = fused.get(hit.chunk.chunkId);
      fused.set(hit.chunk.chunkId, { chunk: hit.chunk, score: (previous?.score ?? 0) + 1 / (RRF_K + rank + 1) });
    });
  }
  const best = 2 / (RRF_K + 1);
  return [...fused.values()].map((hit) => ({ chunk: hit.chunk, score: hit.score / best })).sort((a, b) => b.score - a.score);
}
