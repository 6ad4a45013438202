import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { makeSine } from '../support/audio';
import { makeTempDir, type TempDir } from '../support/documents';
import { execute } from '../support/graphql-client';
import { startKnowledgeBaseEnvironment, type KnowledgeBaseEnvironment } from '../support/kb-environment';
import type { OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { openBucket } from '../support/s3-server';
import { startTestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { BAKERY, FINANCE, MUSIC, TIDES, TOPICS } from './retrieval-corpus';

type Json = Record<string, any>;

const SearchQuery = graphql(`
  query SearchKnowledgeBase($partner: String!, $kb: String!, $query: String!, $topK: Int, $mode: RetrievalMode) {
    searchKnowledgeBase(partner: $partner, kb: $kb, query: $query, topK: $topK, mode: $mode) {
      results {
        documentId
        documentName
        folder
        headingPath
        text
        score
        charStart
        charEnd
        startMs
        endMs
      }
      lastSuccessfulUpdateTime
      embeddingStale
    }
  }
`);

const PreviewQuery = graphql(`
  query EmbeddingPreview($partner: String!, $kb: String!, $splitLevel: Int) {
    embeddingPreview(partner: $partner, kb: $kb, splitLevel: $splitLevel) {
      model
      splitLevel
      documentsAdded {
        id
        name
      }
      documentsChanged {
        id
        name
      }
      documentsRemoved {
        id
        name
      }
      documentsUnchanged
      chunksTotal
      chunksReused
      chunksToEmbed
      tokensEstimated
    }
  }
`);

const EmbeddingDetailsQuery = graphql(`
  query EmbeddingDetails($partner: String!, $name: String!) {
    knowledgeBase(partner: $partner, name: $name) {
      embeddingStatus {
        lastSuccessfulDetails {
          chunks
          chunksTotal
          chunksReused
          chunksEmbedded
          tokens
        }
      }
    }
  }
`);

let environment: KnowledgeBaseEnvironment;
let engines: OpenAiCompatibleServer;
let call: RestClient;
let key: string;
let tmp: TempDir;

beforeAll(async () => {
  environment = await startKnowledgeBaseEnvironment({ transcript: 'Welcome aboard. Tonight the tide turns with the moon over the quiet harbour.' });
  ({ engines, key } = environment);
  engines.setBehaviour({ embeddingTopics: TOPICS });
  call = restClient(environment.app.url, key);
  tmp = await makeTempDir('kb-retrieval-');
});

afterAll(async () => {
  await environment?.close();
  await tmp?.remove();
});

async function createKnowledgeBase(name: string, apiKey = key, partner = 'acme'): Promise<void> {
  const created = await call('POST', `/api/knowledgebases/${partner}`, { json: { name }, key: apiKey });
  expect(created.status).toBe(201);
}

/** A document whose final text is `text`, written as a client edits one by hand. */
async function addDocument(kb: string, name: string, folder: string, text: string, partner = 'acme', apiKey = key): Promise<string> {
  const created = await call('POST', `/api/documents/${partner}/${kb}/empty`, { json: { name, folder, type: 'file' }, key: apiKey });
  expect(created.status).toBe(201);
  await setText(kb, created.body.id, text, partner, apiKey);
  return created.body.id as string;
}

async function setText(kb: string, id: string, text: string, partner = 'acme', apiKey = key): Promise<void> {
  expect((await call('PUT', `/api/documents/${partner}/${kb}/${id}/content/rewritten`, { json: { content: text }, key: apiKey })).status).toBe(200);
}

async function embed(kb: string, splitLevel = 2, partner = 'acme', apiKey = key): Promise<Json> {
  const started = await call('POST', `/api/embedding/${partner}/${kb}`, { json: { split_level: splitLevel }, key: apiKey });
  expect(started.status).toBe(202);
  return embedded(kb, partner, apiKey);
}

async function embedded(kb: string, partner = 'acme', apiKey = key): Promise<Json> {
  const status = await waitFor(
    async () => (await call('GET', `/api/embedding/${partner}/${kb}`, { key: apiKey })).body as Json,
    (body) => body.status !== 'in_progress',
  );
  expect(status).toMatchObject({ status: 'completed', error: null });
  return status;
}

async function retrieve(kb: string, body: Json, partner = 'acme', apiKey = key): Promise<Json> {
  const answer = await call('POST', `/api/retrieve/${partner}/${kb}`, { json: body, key: apiKey });
  expect(answer.status).toBe(200);
  return answer.body as Json;
}

/**
 * The index tables the service keeps: in the bucket beside the blobs with BLOB_STORE=s3 (and
 * then nothing in DATA_DIR), else in DATA_DIR.
 */
async function indexTables(): Promise<Set<string>> {
  const { s3, dataDir } = environment.app;
  const local = await readdir(path.join(dataDir, 'retrieval-index')).catch(() => [] as string[]);
  if (!s3) return new Set(local.filter((name) => name.startsWith('kb-')));
  expect(local).toEqual([]);
  const bucket = openBucket(s3);
  try {
    const prefix = `${s3.env.S3_PREFIX}retrieval-index/`;
    const keys = (await bucket.objects()).map((object) => object.key).filter((key) => key.startsWith(prefix));
    return new Set(keys.map((key) => key.slice(prefix.length).split('/')[0]!).filter((name) => name.startsWith('kb-')));
  } finally {
    bucket.close();
  }
}

const embeddingInputs = () => engines.requests.filter((request) => request.endpoint === 'embeddings').flatMap((request) => request.inputs ?? []);

describe('retrieval', () => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    await createKnowledgeBase('Handbook');
    ids.tides = await addDocument('Handbook', 'Tides', 'Nature', TIDES);
    ids.bakery = await addDocument('Handbook', 'Bakery', 'Kitchen', BAKERY);
    ids.finance = await addDocument('Handbook', 'Savings', 'Office', FINANCE);
    ids.music = await addDocument('Handbook', 'Practice', 'Office', MUSIC);
  });

  it('refuses a knowledge base that does not exist or was never embedded, and bad parameters', async () => {
    expect(await call('POST', '/api/retrieve/acme/Nowhere', { json: { query: 'tide' } })).toMatchObject({
      status: 404,
      body: { detail: 'Knowledge base not found' },
    });
    expect(await call('POST', '/api/retrieve/acme/Handbook', { json: { query: 'tide' } })).toMatchObject({
      status: 404,
      body: { detail: 'Knowledge base has not been embedded' },
    });
    for (const [body, detail] of [
      [{}, /^query: is required/],
      [{ query: '   ' }, /^query: must not be empty/],
      [{ query: 'tide', top_k: 0 }, /^top_k: must be between 1 and 50/],
      [{ query: 'tide', top_k: 51 }, /^top_k: must be between 1 and 50/],
      [{ query: 'tide', top_k: 'many' }, /^top_k: must be an integer/],
      [{ query: 'tide', mode: 'fuzzy' }, /^mode: must be one of hybrid, semantic, keyword/],
      [{ query: 'tide', score_threshold: 'high' }, /^score_threshold: must be a number/],
      [{ query: 'tide', document_ids: ['not-an-id'] }, /^document_ids\.0: must be document ids/],
    ] as const) {
      const answer = await call('POST', '/api/retrieve/acme/Handbook', { json: body });
      expect(answer.status).toBe(422);
      expect(answer.body.detail).toMatch(detail);
    }
  });

  it('embeds every chunk once and answers with provenance', async () => {
    const before = embeddingInputs().length;
    const status = await embed('Handbook');
    expect(status.last_successful_details).toMatchObject({ documents: 4, chunks: 5, chunks_total: 5, chunks_reused: 0, chunks_embedded: 5 });
    expect(status.last_successful_details.tokens).toBeGreaterThan(0);
    expect(embeddingInputs().length - before).toBe(5);

    const answer = await retrieve('Handbook', { query: 'ocean tide', top_k: 1 });
    expect(answer.embedding).toEqual({ last_successful_update_time: status.last_successful_update_time, embedding_stale: false });
    const [top] = answer.results;
    expect(top).toMatchObject({
      document_id: ids.tides,
      document_name: 'Tides',
      folder: 'Nature',
      heading_path: 'Coastal notes > Tides',
      text: 'Twice a day the ocean rises and falls along the coast, and every wave follows the tide.',
      start_ms: null,
      end_ms: null,
    });
    expect([...TIDES].slice(top.char_start, top.char_end).join('')).toBe(top.text);
  });

  it('finds a paraphrase by its meaning where keywords find nothing', async () => {
    const paraphrase = 'Why does the sea swell near the shore?';
    const semantic = await retrieve('Handbook', { query: paraphrase, mode: 'semantic', top_k: 2 });
    expect(semantic.results.map((result: Json) => result.document_id)).toEqual([ids.tides, ids.tides]);
    expect(semantic.results[0].score).toBeGreaterThan(0.5);
    const keyword = await retrieve('Handbook', { query: 'Why does the planet orbit?', mode: 'keyword' });
    expect(keyword.results).toEqual([]);
  });

  it('finds a product code by keyword that the vectors miss, and hybrid keeps it', async () => {
    const semantic = await retrieve('Handbook', { query: 'ZX-4471', mode: 'semantic', top_k: 2 });
    expect(semantic.results.map((result: Json) => result.document_id)).not.toContain(ids.bakery);
    const keyword = await retrieve('Handbook', { query: 'ZX-4471', mode: 'keyword' });
    expect(keyword.results[0]).toMatchObject({ document_id: ids.bakery, heading_path: 'Bakery handbook > Ovens' });
    const hybrid = await retrieve('Handbook', { query: 'ZX-4471', top_k: 2 });
    expect(hybrid.results[0]).toMatchObject({ document_id: ids.bakery });
    expect(hybrid.results[0].score).toBeGreaterThanOrEqual(0.5);
    expect(hybrid.results[0].score).toBeLessThanOrEqual(1);
  });

  it('holds score_threshold, folder and document_ids', async () => {
    const all = await retrieve('Handbook', { query: 'bank interest on savings', top_k: 10 });
    expect(all.results.length).toBe(5);
    const threshold = all.results[1].score;
    const above = await retrieve('Handbook', { query: 'bank interest on savings', top_k: 10, score_threshold: threshold });
    expect(above.results.length).toBeGreaterThanOrEqual(2);
    expect(above.results.length).toBeLessThan(5);
    expect(above.results.every((result: Json) => result.score >= threshold)).toBe(true);
    expect((await retrieve('Handbook', { query: 'bank interest', score_threshold: 1.01 })).results).toEqual([]);

    const office = await retrieve('Handbook', { query: 'ocean tide', top_k: 10, folder: 'Office' });
    expect(new Set(office.results.map((result: Json) => result.document_id))).toEqual(new Set([ids.finance, ids.music]));
    const chosen = await retrieve('Handbook', { query: 'ocean tide', top_k: 10, document_ids: [ids.music, ids.bakery] });
    expect(new Set(chosen.results.map((result: Json) => result.document_id))).toEqual(new Set([ids.music, ids.bakery]));
  });

  it('keeps partners apart: another partner’s key is refused and its own knowledge base answers with its own chunks', async () => {
    const otherKey = await environment.app.createKey('globex');
    expect(await call('POST', '/api/retrieve/acme/Handbook', { json: { query: 'tide' }, key: otherKey })).toMatchObject({
      status: 403,
      body: { detail: 'Access denied' },
    });
    const denied = await execute(environment.app.url, otherKey, SearchQuery, { partner: 'acme', kb: 'Handbook', query: 'tide' });
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    await createKnowledgeBase('Handbook', otherKey, 'globex');
    const theirs = await addDocument('Handbook', 'Harbour', 'Nature', '# Harbour\n\nThe tide and the ocean reach the harbour wall.', 'globex', otherKey);
    await embed('Handbook', 1, 'globex', otherKey);
    const answer = await retrieve('Handbook', { query: 'ocean tide', top_k: 50 }, 'globex', otherKey);
    expect(answer.results.map((result: Json) => result.document_id)).toEqual([theirs]);
  });

  it('answers through GraphQL as through REST', async () => {
    const answer = await execute(environment.app.url, key, SearchQuery, { partner: 'acme', kb: 'Handbook', query: 'ZX-4471', topK: 1, mode: 'KEYWORD' });
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.searchKnowledgeBase).toMatchObject({
      embeddingStale: false,
      results: [{ documentId: ids.bakery, documentName: 'Bakery', folder: 'Kitchen' }],
    });
    const details = await execute(environment.app.url, key, EmbeddingDetailsQuery, { partner: 'acme', name: 'Handbook' });
    expect(details.data?.knowledgeBase?.embeddingStatus.lastSuccessfulDetails).toMatchObject({ chunks: 5, chunksTotal: 5, chunksReused: 0, chunksEmbedded: 5 });
  });

  // Only object storage is shared between machines; with local blobs each process has its own disk.
  it.runIf(process.env.TEST_BLOB_STORE === 's3')('answers for every knowledge base from another process with no disk in common', async () => {
    const { DATA_DIR: _own, ...shared } = environment.app.env;
    const other = await startTestApp({ ...shared, ROLE: 'api' }, environment.app.redis);
    try {
      expect(other.dataDir).not.toBe(environment.app.dataDir);
      const answer = await restClient(other.url, key)('POST', '/api/retrieve/acme/Handbook', { json: { query: 'ZX-4471', top_k: 1 } });
      expect(answer.body.results).toMatchObject([{ document_id: ids.bakery }]);
    } finally {
      await other.close();
    }
  });

  it('never returns a deleted document, from the moment it is deleted', async () => {
    const tablesBefore = await indexTables();
    await createKnowledgeBase('Shrinking');
    const kept = await addDocument('Shrinking', 'Kept', 'A', '# Kept\n\nThe ocean tide.');
    const gone = await addDocument('Shrinking', 'Gone', 'A', '# Gone\n\nThe ocean tide and the coast.');
    await embed('Shrinking', 1);
    expect((await retrieve('Shrinking', { query: 'ocean tide coast', top_k: 5 })).results.map((result: Json) => result.document_id)).toContain(gone);

    expect((await call('DELETE', `/api/documents/acme/Shrinking/${gone}`)).status).toBe(204);
    for (const mode of ['hybrid', 'semantic', 'keyword']) {
      const answer = await retrieve('Shrinking', { query: 'ocean tide coast', top_k: 5, mode });
      expect(answer.results.map((result: Json) => result.document_id)).toEqual([kept]);
    }

    expect((await indexTables()).size).toBe(tablesBefore.size + 1);
    expect((await call('DELETE', '/api/knowledgebases/acme/Shrinking')).status).toBe(204);
    expect(await call('POST', '/api/retrieve/acme/Shrinking', { json: { query: 'ocean' } })).toMatchObject({ status: 404 });
    expect(await indexTables()).toEqual(tablesBefore);
  });
});

describe('incremental embedding', () => {
  const DOCUMENTS = 50;
  const documentText = (index: number, version = 1) =>
    `# Entry ${index}\n\n## Ocean\n\nEntry ${index} version ${version}: the tide and the coast.\n\n## Money\n\nEntry ${index} version ${version}: the bank and the loan.`;
  const ids: string[] = [];

  beforeAll(async () => {
    await createKnowledgeBase('Fifty');
    for (let index = 0; index < DOCUMENTS; index += 1) ids.push(await addDocument('Fifty', `Entry ${index}`, 'All', documentText(index)));
  });

  it('previews a first run as everything to embed', async () => {
    const preview = await execute(environment.app.url, key, PreviewQuery, { partner: 'acme', kb: 'Fifty', splitLevel: 2 });
    expect(preview.errors).toBeUndefined();
    expect(preview.data?.embeddingPreview).toMatchObject({
      model: 'embed-model',
      splitLevel: 2,
      documentsChanged: [],
      documentsRemoved: [],
      documentsUnchanged: 0,
      chunksTotal: 2 * DOCUMENTS,
      chunksReused: 0,
      chunksToEmbed: 2 * DOCUMENTS,
    });
    expect(preview.data?.embeddingPreview.documentsAdded).toHaveLength(DOCUMENTS);
  });

  it('embeds only the chunks of the one document that changed, as the preview said', async () => {
    await embed('Fifty');
    await setText('Fifty', ids[7]!, documentText(7, 2));
    await call('DELETE', `/api/documents/acme/Fifty/${ids[9]}`);

    const preview = (await execute(environment.app.url, key, PreviewQuery, { partner: 'acme', kb: 'Fifty' })).data!.embeddingPreview;
    expect(preview).toMatchObject({
      documentsAdded: [],
      documentsChanged: [{ id: ids[7], name: 'Entry 7' }],
      documentsRemoved: [{ id: ids[9], name: 'Entry 9' }],
      documentsUnchanged: DOCUMENTS - 2,
      chunksTotal: 2 * (DOCUMENTS - 1),
      chunksReused: 2 * (DOCUMENTS - 1) - 2,
      chunksToEmbed: 2,
    });

    const before = embeddingInputs().length;
    const status = await embed('Fifty');
    const sent = embeddingInputs().slice(before);
    expect(sent).toHaveLength(preview.chunksToEmbed);
    expect(sent.every((input) => input.includes('Entry 7 version 2'))).toBe(true);
    expect(status.last_successful_details).toMatchObject({
      documents: DOCUMENTS - 1,
      chunks_total: preview.chunksTotal,
      chunks_reused: preview.chunksReused,
      chunks_embedded: preview.chunksToEmbed,
    });
    expect(status.last_successful_details.tokens).toBeGreaterThan(0);
    const after = (await execute(environment.app.url, key, PreviewQuery, { partner: 'acme', kb: 'Fifty' })).data!.embeddingPreview;
    expect(after).toMatchObject({ chunksToEmbed: 0, tokensEstimated: 0, documentsChanged: [], documentsUnchanged: DOCUMENTS - 1 });
  });

  it('answers from the previous run while a new run is in progress', async () => {
    const first = await retrieve('Fifty', { query: 'Entry 7 version', mode: 'keyword', top_k: 2 });
    expect(first.results[0].text).toContain('Entry 7 version 2');
    await setText('Fifty', ids[7]!, documentText(7, 3));
    engines.setBehaviour({ delaysMs: { embeddings: 3000 } });
    try {
      expect((await call('POST', '/api/embedding/acme/Fifty', { json: { split_level: 2 } })).status).toBe(202);
      const during = await retrieve('Fifty', { query: 'Entry 7 version', mode: 'keyword', top_k: 2 });
      expect((await call('GET', '/api/embedding/acme/Fifty')).body.status).toBe('in_progress');
      expect(during.embedding).toEqual({ ...first.embedding, embedding_stale: true });
      expect(during.results.map((result: Json) => result.text)).toEqual(first.results.map((result: Json) => result.text));
      await embedded('Fifty');
    } finally {
      engines.setBehaviour({ delaysMs: {} });
    }
    const after = await retrieve('Fifty', { query: 'Entry 7 version', mode: 'keyword', top_k: 2 });
    expect(after.results[0].text).toContain('Entry 7 version 3');
    expect(after.embedding.embedding_stale).toBe(false);
  });
});

describe('audio documents', () => {
  it('places a passage of a recording at the time it is said', async () => {
    await createKnowledgeBase('Talks');
    const wav = await makeSine(`${tmp.path}/talk.wav`, { seconds: 4 });
    const created = await call('POST', '/api/documents/acme/Talks', {
      form: await multipart(
        { type: 'file', folder: 'Recordings', use_original_as_rewritten: 'true' },
        { file: { filename: 'talk.wav', data: await readFile(wav), type: 'audio/wav' } },
      ),
    });
    expect(created.status).toBe(201);
    await waitFor(
      async () => (await call('GET', `/api/document/acme/Talks/${created.body.id}`)).body as Json,
      (document) => document.in_queues.length === 0,
    );
    await embed('Talks', 0);
    const answer = await execute(environment.app.url, key, SearchQuery, { partner: 'acme', kb: 'Talks', query: 'tide and moon', topK: 1 });
    const [hit] = answer.data!.searchKnowledgeBase.results;
    expect(hit).toMatchObject({
      documentId: created.body.id,
      text: 'Welcome aboard. Tonight the tide turns with the moon over the quiet harbour.',
      startMs: 0,
    });
    expect(hit!.endMs).toBeGreaterThan(3500);
    expect(hit!.endMs).toBeLessThanOrEqual(4100);
  });
});
