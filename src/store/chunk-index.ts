import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { Connection, Table } from '@lancedb/lancedb';
import type { RecordBatch, Schema } from 'apache-arrow';
import type { S3Settings } from './s3-blob-store';

/** One chunk of a knowledge base as the index keeps it: its text, its place in the source, its vector. */
export interface IndexedChunk {
  /** `<document id>:<chunk index>`: unique within a run. */
  chunkId: string;
  /** The content hash its vector is keyed by (model, language, split level, heading path, text). */
  hash: string;
  documentId: string;
  documentName: string;
  folder: string;
  headingPath: string | null;
  text: string;
  /** Code points into the text the chunk was cut from, end exclusive. */
  charStart: number;
  charEnd: number;
  /** Where an audio or video document says it, from the transcript's word timings. */
  startMs: number | null;
  endMs: number | null;
  vector: Float32Array;
}

export type StoredChunk = Omit<IndexedChunk, 'vector'>;

/** A chunk found by a query: cosine similarity for vectors, BM25 for keywords; higher is better. */
export interface ChunkHit {
  chunk: StoredChunk;
  score: number;
}

export interface ChunkFilter {
  folder?: string;
  documentIds?: readonly string[];
}

/** Where the index lives: a directory, or the blob store's S3-compatible bucket under `<prefix>retrieval-index/`. */
export type ChunkIndexLocation = { kind: 'local'; directory: string } | { kind: 's3'; settings: S3Settings };

export interface ChunkIndexOptions {
  location: ChunkIndexLocation;
  /** Memory the index structures read by queries may hold in this process. */
  cacheBytes: number;
}

/**
 * Below this many chunks a query scans every vector (exact, a few milliseconds); from it on a
 * run also builds an HNSW graph over scalar-quantised vectors.
 */
export const ANN_MIN_ROWS = 20_000;
/**
 * The search breadth of the HNSW graph: measured on 100,000 chunks of the local embedder
 * (queries quoting 8-12 words of a chunk), recall@10 against exact search went 0.39 with the
 * defaults, 0.73 at ef 200, 0.88 at ef 500, 0.94-0.95 at ef 1000, 0.965 at ef 1500 and 0.98
 * at ef 2000, a few milliseconds a step.
 */
const HNSW_EF = 1500;
/** Full vectors read to re-rank a query's candidates: refine 10 of a top 10; fewer times more of a longer list. */
const REFINED_ROWS = 100;
/** How long an open table may answer before it looks for a newer version (a deletion). */
const READ_CONSISTENCY_SECONDS = 30;
const OPEN_TABLES = 64;

const CHUNK_COLUMNS = [
  'chunk_id',
  'hash',
  'document_id',
  'document_name',
  'folder',
  'heading_path',
  'text',
  'char_start',
  'char_end',
  'start_ms',
  'end_ms',
] as const;

/** Languages whose stemmer and stop words the full-text index knows (as the embedding's `language` names them). */
const STEMMED_LANGUAGES = new Set([
  'arabic',
  'danish',
  'dutch',
  'english',
  'finnish',
  'french',
  'german',
  'greek',
  'hungarian',
  'italian',
  'norwegian',
  'portuguese',
  'romanian',
  'russian',
  'spanish',
  'swedish',
  'tamil',
  'turkish',
]);

async function chunkSchema(dimension: number): Promise<Schema> {
  const { Field, FixedSizeList, Float32, Int32, Schema, Utf8 } = await import('apache-arrow');
  return new Schema([
    new Field('chunk_id', new Utf8(), false),
    new Field('hash', new Utf8(), false),
    new Field('document_id', new Utf8(), false),
    new Field('document_name', new Utf8(), false),
    new Field('folder', new Utf8(), false),
    new Field('heading_path', new Utf8(), true),
    new Field('text', new Utf8(), false),
    new Field('char_start', new Int32(), false),
    new Field('char_end', new Int32(), false),
    new Field('start_ms', new Int32(), true),
    new Field('end_ms', new Int32(), true),
    new Field('vector', new FixedSizeList(dimension, new Field('item', new Float32(), true)), false),
  ]);
}

/** A string literal of the index's SQL filter language. */
function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

function filterSql(filter: ChunkFilter): string | undefined {
  const parts: string[] = [];
  if (filter.folder !== undefined) parts.push(`folder = ${literal(filter.folder)}`);
  if (filter.documentIds) parts.push(`document_id IN (${filter.documentIds.map(literal).join(', ')})`);
  return parts.length > 0 ? parts.join(' AND ') : undefined;
}

function storedChunk(row: Record<string, unknown>): StoredChunk {
  return {
    chunkId: row.chunk_id as string,
    hash: row.hash as string,
    documentId: row.document_id as string,
    documentName: row.document_name as string,
    folder: row.folder as string,
    headingPath: (row.heading_path as string | null) ?? null,
    text: row.text as string,
    charStart: row.char_start as number,
    charEnd: row.char_end as number,
    startMs: (row.start_ms as number | null) ?? null,
    endMs: (row.end_ms as number | null) ?? null,
  };
}

function isMissingTable(error: unknown): boolean {
  return error instanceof Error && /was not found|not found|does not exist/i.test(error.message);
}

/**
 * The retrieval index of every knowledge base: one LanceDB table per embedding run, with a
 * vector index (exact below ANN_MIN_ROWS chunks, HNSW over quantised vectors above) and a BM25
 * full-text index. Tables live in DATA_DIR or in the S3 bucket, so every process reads every
 * knowledge base's index without a shared disk. A run writes its own table and the knowledge
 * base record points at it only once it is complete; a table is never changed after that but
 * for deleting a document's rows.
 */
export class ChunkIndex {
  private readonly tables = new Map<string, Promise<Table>>();

  private connected: Promise<Connection> | null = null;

  constructor(private readonly options: ChunkIndexOptions) {}

  /**
   * The connection, made on first use: loading LanceDB's native library takes a few hundred
   * milliseconds that a process which never searches or embeds should not pay at start.
   */
  private connection(): Promise<Connection> {
    this.connected ??= connectTo(this.options);
    return this.connected;
  }

  /** Starts a run's table; nothing is visible to queries until a record points at it. */
  writer(table: string): ChunkIndexWriter {
    return new ChunkIndexWriter(() => this.connection(), table);
  }

  /**
   * The vectors of `hashes` that these tables hold, each hash once, streamed: a run reuses them
   * instead of embedding those texts again. Tables that do not exist are skipped.
   */
  async *vectorsOf(tables: readonly string[], hashes: ReadonlySet<string>): AsyncGenerator<{ hash: string; vector: Float32Array }> {
    const seen = new Set<string>();
    for (const name of tables) {
      const table = await this.openIfExists(name);
      if (!table) continue;
      for await (const batch of table.query().select(['hash', 'vector'])) {
        const hashColumn = batch.getChild('hash');
        const vectorColumn = batch.getChild('vector');
        for (let row = 0; row < batch.numRows; row += 1) {
          const hash = hashColumn?.get(row) as string;
          if (!hashes.has(hash) || seen.has(hash)) continue;
          seen.add(hash);
          const vector = vectorColumn?.get(row) as { toArray(): Float32Array } | null;
          if (vector) yield { hash, vector: Float32Array.from(vector.toArray()) };
        }
      }
      if (seen.size === hashes.size) return;
    }
  }

  /** Each chunk's document and hash, streamed: what a preview compares the documents of today with. */
  async *chunkHashes(table: string): AsyncGenerator<{ documentId: string; documentName: string; hash: string }> {
    const opened = await this.openIfExists(table);
    if (!opened) return;
    for await (const batch of opened.query().select(['document_id', 'document_name', 'hash'])) {
      yield* rowsOf(batch, (column, row) => ({
        documentId: column('document_id', row) as string,
        documentName: column('document_name', row) as string,
        hash: column('hash', row) as string,
      }));
    }
  }

  /** The chunks nearest to `vector` by cosine similarity. */
  async semantic(table: string, vector: readonly number[], limit: number, filter: ChunkFilter): Promise<ChunkHit[]> {
    const where = filterSql(filter);
    let query = (await this.open(table))
      .query()
      .nearestTo(Array.from(vector))
      .distanceType('cosine')
      .ef(HNSW_EF)
      .refineFactor(Math.max(1, Math.ceil(REFINED_ROWS / limit)))
      .limit(limit);
    if (where) query = query.where(where);
    const rows = (await query.select([...CHUNK_COLUMNS, '_distance']).toArray()) as Record<string, unknown>[];
    return rows.map((row) => ({ chunk: storedChunk(row), score: 1 - (row._distance as number) }));
  }

  /** The chunks that match the words of `text` best by BM25. */
  async keyword(table: string, text: string, limit: number, filter: ChunkFilter): Promise<ChunkHit[]> {
    const where = filterSql(filter);
    let query = (await this.open(table))
      .query()
      .fullTextSearch(text, { columns: ['text'] })
      .limit(limit);
    if (where) query = query.where(where);
    const rows = (await query.select([...CHUNK_COLUMNS, '_score']).toArray()) as Record<string, unknown>[];
    return rows.map((row) => ({ chunk: storedChunk(row), score: row._score as number }));
  }

  /** Removes a deleted document's chunks from a table; a table that is gone has none. */
  async removeDocuments(table: string, documentIds: readonly string[]): Promise<void> {
    if (documentIds.length === 0) return;
    const opened = await this.openIfExists(table);
    await opened?.delete(`document_id IN (${documentIds.map(literal).join(', ')})`);
  }

  async drop(...tables: string[]): Promise<void> {
    for (const table of tables) {
      this.tables.delete(table);
      try {
        await (await this.connection()).dropTable(table);
      } catch (error) {
        if (!isMissingTable(error)) throw error;
      }
    }
  }

  async close(): Promise<void> {
    this.tables.clear();
    if (this.connected) (await this.connected).close();
  }

  private open(table: string): Promise<Table> {
    let opened = this.tables.get(table);
    if (!opened) {
      opened = this.connection().then((connection) => connection.openTable(table));
      opened.catch(() => this.tables.delete(table));
      this.tables.set(table, opened);
      if (this.tables.size > OPEN_TABLES) this.tables.delete(this.tables.keys().next().value!);
    }
    return opened;
  }

  private async openIfExists(table: string): Promise<Table | null> {
    try {
      return await this.open(table);
    } catch (error) {
      if (isMissingTable(error)) return null;
      throw error;
    }
  }
}

/** True when a query failed because its table is gone: a newer run replaced it meanwhile. */
export function isMissingIndexTable(error: unknown): boolean {
  return isMissingTable(error);
}

function* rowsOf<T>(batch: RecordBatch, pick: (column: (name: string, row: number) => unknown, row: number) => T): Generator<T> {
  const columns = new Map<string, ReturnType<RecordBatch['getChild']>>();
  const column = (name: string, row: number) => {
    if (!columns.has(name)) columns.set(name, batch.getChild(name));
    return columns.get(name)?.get(row) as unknown;
  };
  for (let row = 0; row < batch.numRows; row += 1) yield pick(column, row);
}

async function connectTo(options: ChunkIndexOptions): Promise<Connection> {
  // LanceDB's full-text index builder stalls on a pool of fewer than four CPU threads
  // (seen on a two-core machine); the setting is read once, when the library starts its pool.
  process.env.LANCE_CPU_THREADS ??= String(Math.max(4, availableParallelism()));
  // Its own log goes to stderr past our logger; warnings there are routine ("dataset will be created").
  process.env.LANCEDB_LOG ??= 'error';
  const lancedb = await import('@lancedb/lancedb');
  const { location } = options;
  const session = new lancedb.Session(BigInt(options.cacheBytes), BigInt(Math.ceil(options.cacheBytes / 8)));
  return location.kind === 'local'
    ? lancedb.connect(path.resolve(location.directory), { readConsistencyInterval: READ_CONSISTENCY_SECONDS, session })
    : lancedb.connect(`s3://${location.settings.bucket}/${location.settings.prefix}retrieval-index`, {
        readConsistencyInterval: READ_CONSISTENCY_SECONDS,
        session,
        storageOptions: s3StorageOptions(location.settings),
      });
}

function s3StorageOptions(location: S3Settings): Record<string, string> {
  return {
    aws_region: location.region,
    ...(location.endpoint ? { aws_endpoint: location.endpoint, allow_http: String(location.endpoint.startsWith('http:')) } : {}),
    ...(location.credentials ? { aws_access_key_id: location.credentials.accessKeyId, aws_secret_access_key: location.credentials.secretAccessKey } : {}),
    virtual_hosted_style_request: String(!location.forcePathStyle),
  };
}

/** Rows added per write: each write is a file in the table, so fewer, larger writes read faster. */
const WRITE_BATCH = 4096;

/** Writes one run's table: chunks in any order, then the indexes. */
export class ChunkIndexWriter {
  private table: Table | null = null;
  private pending: IndexedChunk[] = [];
  private rows = 0;

  constructor(
    private readonly connection: () => Promise<Connection>,
    readonly name: string,
  ) {}

  get written(): number {
    return this.rows + this.pending.length;
  }

  async add(chunk: IndexedChunk): Promise<void> {
    this.pending.push(chunk);
    if (this.pending.length >= WRITE_BATCH) await this.flush();
  }

  /** Writes what is buffered and builds the indexes; `language` picks the full-text stemmer. */
  async finish(language: string): Promise<{ chunks: number; approximate: boolean }> {
    await this.flush();
    if (!this.table) return { chunks: 0, approximate: false };
    const lancedb = await import('@lancedb/lancedb');
    const stemmed = STEMMED_LANGUAGES.has(language.toLowerCase());
    await this.table.createIndex('text', {
      config: lancedb.Index.fts({
        withPosition: false,
        lowercase: true,
        asciiFolding: true,
        stem: stemmed,
        removeStopWords: stemmed,
        ...(stemmed ? { language: language[0]!.toUpperCase() + language.slice(1).toLowerCase() } : {}),
      }),
    });
    const approximate = this.rows >= ANN_MIN_ROWS;
    if (approximate) await this.table.createIndex('vector', { config: lancedb.Index.hnswSq({ distanceType: 'cosine' }) });
    return { chunks: this.rows, approximate };
  }

  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const rows = this.pending.map((chunk) => ({
      chunk_id: chunk.chunkId,
      hash: chunk.hash,
      document_id: chunk.documentId,
      document_name: chunk.documentName,
      folder: chunk.folder,
      heading_path: chunk.headingPath,
      text: chunk.text,
      char_start: chunk.charStart,
      char_end: chunk.charEnd,
      start_ms: chunk.startMs,
      end_ms: chunk.endMs,
      vector: Array.from(chunk.vector),
    }));
    const dimension = this.pending[0]!.vector.length;
    this.pending = [];
    if (this.table) await this.table.add(rows);
    else this.table = await (await this.connection()).createTable(this.name, rows, { schema: await chunkSchema(dimension), mode: 'overwrite' });
    this.rows += rows.length;
  }
}
