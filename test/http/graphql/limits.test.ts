import { fetch, FormData } from 'undici';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wsClient } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let key: string;
let client: Client;

beforeAll(async () => {
  app = await startTestApp({
    GRAPHQL_MAX_ALIASES: '15',
    GRAPHQL_MAX_DEPTH: '10',
    GRAPHQL_MAX_TOKENS: '2000',
    GRAPHQL_MAX_HEAVY_FIELDS: '4',
    GRAPHQL_MAX_COST: '100',
  });
  key = await app.createKey('acme');
  client = wsClient(app.url, key);
});
afterAll(async () => {
  await client?.dispose();
  await app?.close();
});

const aliases = (count: number, field: string) => Array.from({ length: count }, (_, index) => `a${index}: ${field}`).join(' ');
const nested = (depth: number): string => (depth === 0 ? 'name' : `ofType { ${nested(depth - 1)} }`);

/** Documents each limit refuses, with words its error message must contain and its code. */
const refused: Record<string, { query: string; says: string; code: string }> = {
  'a 1,000-alias bomb on document content': {
    query: `{ document(partner: "acme", kb: "kb", id: "00000000-0000-4000-8000-000000000000") { ${aliases(1000, 'content(kind: ORIGINAL)')} } }`,
    says: 'tokens',
    code: 'GRAPHQL_PARSE_FAILED',
  },
  'too many aliases': { query: `{ ${aliases(20, 'contentTypes')} }`, says: 'Aliases limit', code: 'GRAPHQL_VALIDATION_FAILED' },
  'too deep': { query: `{ __type(name: "Query") { fields { type { ${nested(12)} } } } }`, says: 'depth limit', code: 'GRAPHQL_VALIDATION_FAILED' },
  'too costly': {
    query: `{ ${aliases(14, '__type(name: "Query") { fields { name description } }')} }`,
    says: 'Cost limit',
    code: 'GRAPHQL_VALIDATION_FAILED',
  },
  'too many heavy fields': {
    query: `{ document(partner: "acme", kb: "kb", id: "00000000-0000-4000-8000-000000000000") { ${aliases(5, 'content(kind: ORIGINAL)')} } }`,
    says: 'heavy fields',
    code: 'GRAPHQL_VALIDATION_FAILED',
  },
  'too many knowledge base searches': {
    query: `{ ${aliases(5, 'searchKnowledgeBase(partner: "acme", kb: "kb", query: "tides") { embeddingStale }')} }`,
    says: 'heavy fields',
    code: 'GRAPHQL_VALIDATION_FAILED',
  },
  'too many embedding previews': {
    query: `{ ${aliases(5, 'embeddingPreview(partner: "acme", kb: "kb") { chunksToEmbed }')} }`,
    says: 'heavy fields',
    code: 'GRAPHQL_VALIDATION_FAILED',
  },
};

interface RefusalError {
  message: string;
  extensions?: { code?: string };
}

async function overHttp(query: string) {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify({ query }),
  });
  return { status: response.status, body: (await response.json()) as { data?: unknown; errors?: RefusalError[] } };
}

async function overSse(query: string) {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-api-key': key },
    body: JSON.stringify({ query }),
  });
  return response.text();
}

/** The same document as a GraphQL multipart request (the way uploads travel), with no file. */
async function overMultipart(query: string) {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query }));
  form.append('map', '{}');
  const response = await fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
  return (await response.json()) as { data?: unknown; errors?: RefusalError[] };
}

/** The `data:` lines of an event stream. */
function events(stream: string): { data?: unknown; errors?: RefusalError[] }[] {
  return stream
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice('data: '.length)) as { data?: unknown; errors?: RefusalError[] });
}

function overWebSocket(query: string): Promise<{ errors: RefusalError[]; data: boolean }> {
  return new Promise((resolve) => {
    let data = false;
    client.subscribe(
      { query },
      {
        next: (result) => {
          if (result.data) data = true;
        },
        error: (errors) => resolve({ errors: errors as RefusalError[], data }),
        complete: () => resolve({ errors: [], data }),
      },
    );
  });
}

describe('GraphQL limits', () => {
  for (const [name, { query, says, code }] of Object.entries(refused)) {
    it(`refuses ${name} before execution over HTTP (JSON and multipart), SSE and WebSocket, with the same message and code`, async () => {
      const http = await overHttp(query);
      // No `data` at all: the request failed before execution began.
      expect(http.body).not.toHaveProperty('data');
      const errors = http.body.errors ?? [];
      expect(errors[0]?.message).toContain(says);
      for (const error of errors) expect(error.extensions?.code).toBe(code);
      // Every refusal (a document may break more than one limit) the same on each transport.
      const same = errors.map((error) => expect.objectContaining({ message: error.message, extensions: { code } }));

      const multipart = await overMultipart(query);
      expect(multipart).not.toHaveProperty('data');
      expect(multipart.errors).toEqual(same);

      const sse = await overSse(query);
      expect(sse).not.toContain('"data"');
      expect(events(sse)).toEqual([expect.objectContaining({ errors: same })]);

      const ws = await overWebSocket(query);
      expect(ws.data).toBe(false);
      expect(ws.errors).toEqual(same);
    });
  }

  it('keeps the memory of the server still under a flood of alias bombs', async () => {
    const bomb = refused['a 1,000-alias bomb on document content']!.query;
    const before = process.memoryUsage().rss;
    for (let round = 0; round < 20; round++) await Promise.all(Array.from({ length: 10 }, () => overHttp(bomb)));
    expect(process.memoryUsage().rss - before).toBeLessThan(50 * 1024 * 1024);
  });

  it('still answers ordinary queries', async () => {
    const { body } = await overHttp(`{ ${aliases(3, 'contentTypes')} }`);
    expect(body).toEqual({
      data: { a0: ['auto', 'article', 'video', 'book'], a1: ['auto', 'article', 'video', 'book'], a2: ['auto', 'article', 'video', 'book'] },
    });
  });
});
