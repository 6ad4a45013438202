import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { startApp } from '../src/app';
import { loadConfig } from '../src/config/config';
import { createKnowledgeBaseInput, emptyDocumentInput, retrieveInput } from '../src/domain/knowledge-base/knowledge-base.inputs';
import type { KnowledgeBaseRecord } from '../src/domain/knowledge-base/knowledge-base.types';
import { LocalTextEmbedder } from '../src/engines/text-embeddings.client';
import { startTestRedis } from '../test/support/redis-server';
import { percentile, round, sleep } from './support';

const PARTNER = 'bench';
const KB = 'bench-retrieval';

export interface RetrievalBenchOptions {
  documents?: number;
  chunksPerDocument?: number;
  queries?: number;
  /** Share of documents changed before the second run. */
  changedShare?: number;
  log?: (line: string) => void;
}

export interface RetrievalFigures {
  chunks: number;
  buildSeconds: number;
  indexMiB: number;
  rssMiB: { beforeBuild: number; afterBuild: number; afterQueries: number };
  hybridMs: { p50: number; p99: number };
  keywordMs: { p50: number; p99: number };
  semanticMs: { p50: number; p99: number };
  recallAt10: number;
  rerun: { changedDocuments: number; chunksEmbedded: number; chunksReused: number; seconds: number };
}

const TARGETS = { p99Ms: 50, recall: 0.95, rerunEmbeddedShare: 0.02 };

/** A seeded generator: the same corpus and queries on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * Text with the statistics of a real knowledge base: each document has a subject whose words
 * recur, under a long tail of vocabulary shared by all (Zipf-like), and now and then a product
 * code only keyword search can find.
 */
function corpus(documents: number, chunksPerDocument: number) {
  const next = random(42);
  const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'shi', 'po', 've', 'da', 'zu', 're', 'fa', 'gi', 'mo', 'sa', 'ti', 'be', 'no', 'xe'];
  const vocabulary = Array.from({ length: 20_000 }, (_, index) => {
    let word = '';
    for (let part = 0; part < 2 + Math.floor(next() * 3); part += 1) word += syllables[Math.floor(next() * syllables.length)];
    return `${word}${index.toString(36)}`;
  });
  const zipf = (size: number) => Math.floor(next() ** 3 * size);
  const paragraph = (subject: number, version: number) => {
    const words: string[] = [];
    for (let word = 0; word < 60 + Math.floor(next() * 60); word += 1) {
      words.push(next() < 0.4 ? vocabulary[(subject * 40 + zipf(40)) % vocabulary.length]! : vocabulary[zipf(vocabulary.length)]!);
    }
    if (version > 1) words.push(`revised${version}`);
    return `${words.join(' ')}.`;
  };
  const text = (document: number, version = 1) => {
    const sections = Array.from({ length: chunksPerDocument }, (_, section) => {
      const code = section === 0 ? ` Part number PN-${document}-${version}.` : '';
      return `## Section ${section}\n\n${paragraph(document % 500, version)}${code}`;
    });
    return `# Document ${document}\n\n${sections.join('\n\n')}`;
  };
  return { text, next };
}

/** Part of npm run bench: 100,000 chunks in one knowledge base, built, queried, and re-run after a change. */
export async function benchRetrieval(options: RetrievalBenchOptions = {}): Promise<RetrievalFigures> {
  const { documents = 1_000, chunksPerDocument = 100, queries = 300, changedShare = 0.01, log = console.log } = options;
  const redis = await startTestRedis();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'persona-retrieval-'));
  const app = await startApp(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      ...redis.env,
      REDIS_PREFIX: redis.prefix,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WORKER_CONCURRENCY: '1',
    }),
  );
  const { knowledgeBases, documents: documentService, documentContent, knowledgeBaseEmbedding, retrieval } = app.services;
  try {
    const { text, next } = corpus(documents, chunksPerDocument);
    log(`retrieval: ${documents} documents of ${chunksPerDocument} chunks (${(documents * chunksPerDocument).toLocaleString('en-US')} chunks), local embedder`);
    await knowledgeBases.create(PARTNER, createKnowledgeBaseInput.parse({ name: KB }));
    const ids: string[] = [];
    for (let document = 0; document < documents; document += 1) {
      const created = await documentService.createEmptyDocument(
        PARTNER,
        KB,
        emptyDocumentInput.parse({ name: `Document ${document}`, folder: 'All', type: 'file' }),
      );
      await documentContent.writeContent(PARTNER, KB, created.id, 'rewritten', text(document));
      ids.push(created.id);
    }

    const mib = () => process.memoryUsage().rss / 2 ** 20;
    const beforeBuild = mib();
    const build = await embedRun();
    const afterBuild = mib();
    const kb = build.kb;
    const table = kb.embedding.index!.table;
    const indexMiB = await directoryMiB(path.join(dataDir, 'retrieval-index', `${table}.lance`));
    log(
      `  build: ${round(build.seconds, 0)} s for ${kb.embedding.lastSuccessfulDetails?.chunks} chunks (chunking, local embedding, writing, BM25 and HNSW indexes), index ${round(indexMiB, 0)} MiB on disk`,
    );

    const exact = await exactSearch(dataDir, table);
    const embedder = new LocalTextEmbedder();
    const quotes = Array.from({ length: queries }, () => {
      const document = Math.floor(next() * documents);
      const words = text(document)
        .split(/\s+/)
        .filter((word) => /^[a-z]/.test(word));
      const start = Math.floor(next() * (words.length - 10));
      return words.slice(start, start + 8).join(' ');
    });
    const ask = async (query: string, mode: string, topK = 10) => {
      const started = performance.now();
      const answer = await retrieval.search(PARTNER, KB, retrieveInput.parse({ query, mode, top_k: topK }));
      return { ms: performance.now() - started, results: answer.results };
    };
    for (const query of quotes.slice(0, 20)) await ask(query, 'hybrid');
    // Each mode in a pass of its own, and the exact search after them: its brute force makes
    // garbage whose collection would otherwise land in the next query's time.
    const timings: Record<'hybrid' | 'keyword' | 'semantic', number[]> = { hybrid: [], keyword: [], semantic: [] };
    const semanticResults: Awaited<ReturnType<typeof ask>>['results'][] = [];
    for (const mode of ['hybrid', 'keyword', 'semantic'] as const) {
      for (const query of quotes) {
        const answer = await ask(query, mode);
        timings[mode].push(answer.ms);
        if (mode === 'semantic') semanticResults.push(answer.results);
      }
    }
    let recall = 0;
    for (const [index, query] of quotes.entries()) {
      const truth = exact.top10((await embedder.embed([query])).vectors[0]!);
      recall += semanticResults[index]!.filter((result) => truth.has(`${result.documentId}:${result.charStart}`)).length / 10;
    }
    const afterQueries = mib();
    log(`  (load average ${round(loadavg()[0]!, 1)} on ${availableParallelism()} cores while querying)`);
    const stats = (values: number[]) => ({ p50: percentile(values, 50), p99: percentile(values, 99) });
    const hybridMs = stats(timings.hybrid);
    const recallAt10 = recall / quotes.length;
    log(
      `  top-10 hybrid p50 ${round(hybridMs.p50)} ms, p99 ${round(hybridMs.p99)} ms (< ${TARGETS.p99Ms} ${check(hybridMs.p99 < TARGETS.p99Ms)}); keyword p50 ${round(stats(timings.keyword).p50)} ms, p99 ${round(stats(timings.keyword).p99)} ms; semantic p50 ${round(stats(timings.semantic).p50)} ms, p99 ${round(stats(timings.semantic).p99)} ms (${queries} queries each, in process, query embedding included)`,
    );
    log(`  recall@10 of semantic search against exact search: ${round(recallAt10, 3)} (≥ ${TARGETS.recall} ${check(recallAt10 >= TARGETS.recall)})`);
    log(`  process RSS: ${round(beforeBuild, 0)} MiB before the build, ${round(afterBuild, 0)} MiB after it, ${round(afterQueries, 0)} MiB after the queries`);

    const changed = Math.max(1, Math.round(documents * changedShare));
    for (let document = 0; document < changed; document += 1) {
      await documentContent.writeContent(
        PARTNER,
        KB,
        ids[document * Math.floor(documents / changed)]!,
        'rewritten',
        text(document * Math.floor(documents / changed), 2),
      );
    }
    const rerun = await embedRun();
    const details = rerun.kb.embedding.lastSuccessfulDetails!;
    const share = (details.chunks_embedded ?? 0) / details.chunks;
    log(
      `  re-run after changing ${changed} documents (${round(changedShare * 100, 0)}%, every chunk of each): ${details.chunks_embedded} chunks embedded, ${details.chunks_reused} reused (${round(share * 100, 2)}% embedded, ≤ ${TARGETS.rerunEmbeddedShare * 100}% ${check(share <= TARGETS.rerunEmbeddedShare)}), ${round(rerun.seconds, 0)} s`,
    );
    return {
      chunks: details.chunks,
      buildSeconds: build.seconds,
      indexMiB,
      rssMiB: { beforeBuild, afterBuild, afterQueries },
      hybridMs,
      keywordMs: stats(timings.keyword),
      semanticMs: stats(timings.semantic),
      recallAt10,
      rerun: { changedDocuments: changed, chunksEmbedded: details.chunks_embedded ?? 0, chunksReused: details.chunks_reused ?? 0, seconds: rerun.seconds },
    };

    async function embedRun(): Promise<{ kb: KnowledgeBaseRecord; seconds: number }> {
      const started = performance.now();
      await knowledgeBaseEmbedding.startEmbedding(PARTNER, KB, { splitLevel: 2, language: 'english' });
      let reported = started;
      for (;;) {
        const current = await knowledgeBases.get(PARTNER, KB);
        if (current.embedding.status === 'completed') return { kb: current, seconds: (performance.now() - started) / 1000 };
        if (current.embedding.status === 'failed') throw new Error(`the embedding run failed: ${current.embedding.error}`);
        if (performance.now() - reported > 30_000) {
          reported = performance.now();
          log(`  ... ${round((reported - started) / 1000, 0)} s, ${current.progress?.done ?? 0} of ${current.progress?.total ?? '?'} chunks written`);
        }
        await sleep(500);
      }
    }
  } finally {
    await app.close();
    await redis.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function check(ok: boolean): string {
  return ok ? '✓' : '✗';
}

async function directoryMiB(directory: string): Promise<number> {
  const { readdir, stat } = await import('node:fs/promises');
  let bytes = 0;
  for (const entry of await readdir(directory, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return bytes / 2 ** 20;
}

/** Every vector of the run's table in memory, searched by brute force: the truth recall is measured against. */
async function exactSearch(dataDir: string, table: string) {
  // Imported here, after the service set LanceDB's log and thread settings, which it reads when it loads.
  const { connect } = await import('@lancedb/lancedb');
  const connection = await connect(path.join(dataDir, 'retrieval-index'));
  const rows = await (await connection.openTable(table)).query().select(['document_id', 'char_start', 'vector']).toArrow();
  connection.close();
  const keys: string[] = [];
  const vectorColumn = rows.getChild('vector')!;
  const dimension = (vectorColumn.get(0) as { length: number }).length;
  const vectors = new Float32Array(rows.numRows * dimension);
  for (let row = 0; row < rows.numRows; row += 1) {
    keys.push(`${String(rows.getChild('document_id')!.get(row))}:${String(rows.getChild('char_start')!.get(row))}`);
    vectors.set((vectorColumn.get(row) as { toArray(): Float32Array }).toArray(), row * dimension);
  }
  return {
    top10(query: readonly number[]): Set<string> {
      const scores = new Float32Array(keys.length);
      for (let row = 0; row < keys.length; row += 1) {
        let dot = 0;
        let norm = 0;
        for (let index = 0; index < dimension; index += 1) {
          const value = vectors[row * dimension + index]!;
          dot += value * query[index]!;
          norm += value * value;
        }
        scores[row] = norm === 0 ? -1 : dot / Math.sqrt(norm);
      }
      const order = Array.from(scores.keys()).sort((a, b) => scores[b]! - scores[a]!);
      return new Set(order.slice(0, 10).map((row) => keys[row]!));
    },
  };
}
