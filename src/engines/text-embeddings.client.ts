import { z } from 'zod';
import type { Embeddings, TextEmbedder } from '../domain/knowledge-base/text-embedder';
import type { CallLimits } from '../domain/shared/call-limits';
import { EngineError } from '../domain/shared/engine-error';
import { withRetries } from './engine-http';
import { endpointUrl, postOpenAi, type OpenAiClientOptions } from './openai-http';
import { measureEngineMethods } from '../observability/metrics';

export type { TextEmbedder };

/** OpenAI caps inputs per request; 64 also keeps one request well under typical body limits. */
const batchSize = 64;

const embeddingsResponse = z.object({
  data: z.array(z.object({ index: z.number().int().nonnegative(), embedding: z.array(z.number()) })),
  usage: z.object({ prompt_tokens: z.number().int().nonnegative() }).partial().optional(),
});

/** Embeddings from any OpenAI-compatible `/embeddings` endpoint. */
export class RemoteTextEmbedder implements TextEmbedder {
  readonly model: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: OpenAiClientOptions) {
    this.model = options.model;
    this.timeoutMs = options.timeoutMs ?? 60_000;
  }

  /** A transient failure of a batch is tried again in process, as engine-http's `withRetries` says. */
  async embed(texts: string[], limits: CallLimits = {}): Promise<Embeddings> {
    const url = endpointUrl(this.options, '/embeddings', {
      engine: 'text embeddings',
      variable: 'EMBEDDINGS_BASE_URL',
    });
    const vectors: number[][] = [];
    let tokens = 0;
    for (let start = 0; start < texts.length; start += batchSize) {
      const batch = texts.slice(start, start + batchSize);
      const answer = await withRetries(
        () =>
          postOpenAi({
            engine: 'Text embeddings',
            url,
            apiKey: this.options.apiKey,
            timeoutMs: this.timeoutMs,
            maxAnswerBytes: this.options.maxAnswerBytes,
            body: { model: this.model, input: batch },
            response: embeddingsResponse,
            limits,
          }),
        limits,
        this.options.retryDelaysMs,
      );
      tokens += answer.usage?.prompt_tokens ?? estimateTokens(batch);
      const byIndex = new Map(answer.data.map((item) => [item.index, item.embedding]));
      for (let index = 0; index < batch.length; index += 1) {
        const vector = byIndex.get(index);
        if (!vector) throw new EngineError('Text embeddings returned fewer vectors than texts sent', false);
        vectors.push(vector);
      }
    }
    return { vectors, tokens };
  }
}

/**
 * Embeds without any service: feature hashing of word unigrams and bigrams. It knows no
 * synonyms, but texts that share words and phrases land close together, which is enough
 * for knowledge-base search when no embedding service is configured.
 */
export class LocalTextEmbedder implements TextEmbedder {
  readonly model: string;

  constructor(private readonly dimension = 384) {
    this.model = `local-hashing-${dimension}`;
  }

  async embed(texts: string[]): Promise<Embeddings> {
    return { vectors: texts.map((text) => this.embedOne(text)), tokens: 0 };
  }

  private embedOne(text: string): number[] {
    const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    const counts = new Map<string, number>();
    words.forEach((word, index) => {
      counts.set(word, (counts.get(word) ?? 0) + 1);
      const next = words[index + 1];
      if (next !== undefined) counts.set(`${word} ${next}`, (counts.get(`${word} ${next}`) ?? 0) + 1);
    });
    const vector = new Array<number>(this.dimension).fill(0);
    for (const [feature, count] of counts) {
      const hash = fnv1a(feature);
      // The sign comes from other bits than the bucket so colliding features cancel out on average.
      const sign = mix(hash) >>> 31 === 0 ? 1 : -1;
      const bucket = hash % this.dimension;
      vector[bucket] = vector[bucket]! + sign * (1 + Math.log(count));
    }
    const norm = Math.hypot(...vector);
    return norm === 0 ? vector : vector.map((value) => value / norm);
  }
}

/** Servers that leave out `usage` are counted as OpenAI's tokenizers average: four characters a token. */
function estimateTokens(texts: readonly string[]): number {
  return texts.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0);
}

const encoder = new TextEncoder();

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of encoder.encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function mix(value: number): number {
  let hash = value;
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** The configured service when there is one, else the local embedder. */
export function createTextEmbedder(config: OpenAiClientOptions): TextEmbedder {
  return config.baseUrl ? new RemoteTextEmbedder(config) : new LocalTextEmbedder();
}

measureEngineMethods(RemoteTextEmbedder.prototype, 'embeddings', ['embed']);
