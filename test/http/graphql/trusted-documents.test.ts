import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client, SubscribePayload } from 'graphql-ws';
import { fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpSettingsOf } from '../../../src/app';
import { loadConfig } from '../../../src/config/config';
import { startAppProcess } from '../../support/app-process';
import { wsClient } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

const CONTENT_TYPES = 'query ContentTypes { contentTypes }';
const CREATE_KB = 'mutation CreateKb($partner: String!, $name: String!) { createKnowledgeBase(partner: $partner, name: $name) { name } }';
const EMBEDDING_UPDATED =
  'subscription EmbeddingUpdated($partner: String!, $kb: String!) { knowledgeBaseEmbeddingUpdated(partner: $partner, kb: $kb) { knowledgeBase status } }';
/** Persisted, yet over GRAPHQL_MAX_ALIASES: the manifest does not lift the limits. */
const TOO_MANY_ALIASES = `query TooMany { ${Array.from({ length: 20 }, (_, index) => `a${index}: contentTypes`).join(' ')} }`;

/** The hash graphql-codegen's client preset writes with `hashAlgorithm: 'sha256'`. */
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const byHash = (text: string) => ({ extensions: { persistedQuery: { version: 1, sha256Hash: sha256(text) } } });
const UNKNOWN = { extensions: { persistedQuery: { version: 1, sha256Hash: sha256('query Unknown { contentTypes }') } } };

let dir: string;
let manifest: string;
let app: TestApp;
let key: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'trusted-documents-'));
  manifest = path.join(dir, 'persisted-documents.json');
  await writeFile(
    manifest,
    JSON.stringify(Object.fromEntries([CONTENT_TYPES, CREATE_KB, EMBEDDING_UPDATED, TOO_MANY_ALIASES].map((text) => [sha256(text), text])), null, 2),
  );
  app = await startTestApp({ PERSISTED_DOCUMENTS: manifest, GRAPHQL_MAX_ALIASES: '15' });
  key = await app.createKey('acme');
});
afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

interface Answer {
  data?: unknown;
  errors?: { message: string; extensions?: { code?: string } }[];
}

async function overHttp(body: Record<string, unknown>) {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

async function overSse(body: Record<string, unknown>) {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-api-key': key },
    body: JSON.stringify(body),
  });
  return response.text();
}

/**
 * A client per test: graphql-ws's client closes its socket once its last operation ends, and
 * an operation sent in that moment would be lost to the test, not to the server.
 */
async function withClient(use: (client: Client) => Promise<void>) {
  const client = wsClient(app.url, key);
  try {
    await use(client);
  } finally {
    await client.dispose();
  }
}

/** The first result of an operation over graphql-ws, or the errors it failed with. */
function overWebSocket(client: Client, payload: SubscribePayload): Promise<Answer> {
  return new Promise((resolve) => {
    const dispose = client.subscribe(payload, {
      next: (result) => {
        dispose();
        resolve(result as Answer);
      },
      error: (errors) => resolve({ errors: errors as Answer['errors'] }),
      complete: () => undefined,
    });
  });
}

const refusals: Record<string, Record<string, unknown>> = {
  'a query text not in the manifest': { query: '{ contentTypes }' },
  'a query text that is in the manifest, sent without its hash': { query: CONTENT_TYPES },
  'an unknown hash': UNKNOWN,
  'an unknown documentId': { documentId: sha256('query Unknown { contentTypes }') },
};

describe('trusted documents (PERSISTED_DOCUMENTS)', () => {
  it('runs a persisted query named by its hash over HTTP, by extension or documentId, and ignores a text sent with it', async () => {
    const expected = { data: { contentTypes: ['auto', 'article', 'video', 'book'] } };
    expect(await overHttp(byHash(CONTENT_TYPES))).toEqual({ status: 200, body: expected });
    expect(await overHttp({ documentId: sha256(CONTENT_TYPES) })).toEqual({ status: 200, body: expected });
    expect(await overHttp({ ...byHash(CONTENT_TYPES), query: '{ __typename }' })).toEqual({ status: 200, body: expected });

    const get = await fetch(`${app.url}/graphql?extensions=${encodeURIComponent(JSON.stringify(byHash(CONTENT_TYPES).extensions))}`, {
      headers: { accept: 'application/json' },
    });
    expect(await get.json()).toEqual(expected);
  });

  it('runs a persisted mutation with variables over HTTP', async () => {
    const created = await overHttp({ ...byHash(CREATE_KB), variables: { partner: 'acme', name: 'Shelf' } });
    expect(created.body).toEqual({ data: { createKnowledgeBase: { name: 'Shelf' } } });
  });

  it('runs a persisted query named by its hash over SSE', async () => {
    const stream = await overSse(byHash(CONTENT_TYPES));
    expect(stream).toContain('"contentTypes":["auto","article","video","book"]');
  });

  it('runs a persisted subscription named by its hash over graphql-ws', async () => {
    await overHttp({ ...byHash(CREATE_KB), variables: { partner: 'acme', name: 'Live' } });
    await withClient(async (client) => {
      const first = await overWebSocket(client, { query: '', ...byHash(EMBEDDING_UPDATED), variables: { partner: 'acme', kb: 'Live' } });
      expect(first).toEqual({ data: { knowledgeBaseEmbeddingUpdated: { knowledgeBase: 'Live', status: 'IDLE' } } });
    });
  });

  for (const [name, body] of Object.entries(refusals)) {
    it(`refuses ${name} with PERSISTED_QUERY_ONLY over HTTP, SSE and graphql-ws`, async () => {
      const http = await overHttp(body);
      expect(http.status).toBe(400);
      expect(http.body).not.toHaveProperty('data');
      expect(http.body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_ONLY');

      const sse = await overSse(body);
      expect(sse).toContain('"code":"PERSISTED_QUERY_ONLY"');
      expect(sse).not.toContain('"data"');

      // A subscription held open keeps the client from closing its idle socket, so the
      // query after the refusal shows the server kept the socket open.
      const kb = `Held${Object.keys(refusals).indexOf(name)}`;
      await overHttp({ ...byHash(CREATE_KB), variables: { partner: 'acme', name: kb } });
      await withClient(async (client) => {
        await new Promise((resolve) => {
          client.subscribe(
            { query: '', ...byHash(EMBEDDING_UPDATED), variables: { partner: 'acme', kb } },
            { next: resolve, error: resolve, complete: () => undefined },
          );
        });
        const ws = await overWebSocket(client, { query: '', ...body });
        expect(ws).not.toHaveProperty('data');
        expect(ws.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_ONLY');
        expect(await overWebSocket(client, { query: '', ...byHash(CONTENT_TYPES) })).toEqual({ data: { contentTypes: ['auto', 'article', 'video', 'book'] } });
      });
    });
  }

  it('still applies the GraphQL limits to a persisted operation on every transport', async () => {
    const http = await overHttp(byHash(TOO_MANY_ALIASES));
    expect(http.body).not.toHaveProperty('data');
    expect(http.body.errors?.[0]?.message).toContain('Aliases limit');

    const sse = await overSse(byHash(TOO_MANY_ALIASES));
    expect(sse).toContain('Aliases limit');
    expect(sse).not.toContain('"data"');

    await withClient(async (client) => {
      const ws = await overWebSocket(client, { query: '', ...byHash(TOO_MANY_ALIASES) });
      expect(ws).not.toHaveProperty('data');
      expect(ws.errors?.[0]?.message).toContain('Aliases limit');
    });
  });
});

describe('a bad PERSISTED_DOCUMENTS', () => {
  it('stops the process at start with a message naming the variable', async () => {
    const file = path.join(dir, 'broken.json');
    await writeFile(file, '{ "abc": ');
    const started = startAppProcess({
      ...app.env,
      PERSISTED_DOCUMENTS: file,
      REDIS_PREFIX: `${app.env.REDIS_PREFIX}-broken`,
      ROLE: 'api',
      LOG_LEVEL: 'silent',
    });
    await expect(started).rejects.toThrow(/the app exited \(1\)[\s\S]*PERSISTED_DOCUMENTS: .*broken\.json: not JSON/);
  });

  const bad: Record<string, { content: string | null; says: string }> = {
    'a missing file': { content: null, says: 'cannot be read' },
    'a JSON array': { content: '["query { contentTypes }"]', says: 'must be a JSON object' },
    'an entry that is not a string': { content: '{ "abc": 1 }', says: 'the entry abc is not an operation text' },
    'an entry that is not GraphQL': { content: '{ "abc": "query {" }', says: 'the entry abc is not a GraphQL document' },
    'an empty manifest': { content: '{}', says: 'holds no operation' },
  };
  for (const [name, { content, says }] of Object.entries(bad)) {
    it(`refuses ${name}`, async () => {
      const file = path.join(dir, `bad-${Object.keys(bad).indexOf(name)}.json`);
      if (content !== null) await writeFile(file, content);
      const settings = () => httpSettingsOf(loadConfig({ PERSISTED_DOCUMENTS: file }));
      expect(settings).toThrow(says);
      expect(settings).toThrow(`PERSISTED_DOCUMENTS: ${file}: `);
    });
  }
});
