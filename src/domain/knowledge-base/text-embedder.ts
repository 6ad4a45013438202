import type { CallLimits } from '../shared/call-limits';

/** Vectors for texts, and the tokens the engine counted for them (0 when nothing was sent to one). */
export interface Embeddings {
  vectors: number[][];
  tokens: number;
}

/**
 * What embeds a knowledge base's chunks and the queries asked of it: the same engine for both,
 * or their vectors could not be compared.
 */
export interface TextEmbedder {
  /** Stored with the vectors: vectors of different models must never be compared. */
  readonly model: string;
  /** `limits` bound the calls of a job (its signal and deadline); a request's query embedding has none. */
  embed(texts: string[], limits?: CallLimits): Promise<Embeddings>;
}
