import { fetch } from 'undici';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wsClient } from '../support/graphql-client';
import { startTestApp, type TestApp } from '../support/test-app';

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

/** Documents each limit refuses, with words its error message must contain. */
const refused: Record<string, { query: string; says: string }> = {
  'a 1,000-alias bomb on document content': {
    query: `{ document(partner: "acme", kb: "kb", id: "00000000-0000-4000-8000-000000000000") { ${aliases(1000, 'content(kind: ORIGINAL)')} } }`,
    says: 'tokens',
  },
  'too many aliases': { query: `{ ${aliases(20, 'contentTypes')} }`, says: 'Aliases limit' },
  'too deep': { query: `{ __type(name: "Query") { fields { type { ${nested(12)} } } } }`, says: 'depth limit' },
  'too costly': { query: `{ ${aliases(14, '__type(name: "Query") { fields { name description } }')} }`, says: 'Cost limit' },
  'too many heavy fields': {
    query: `{ document(partner: "acme", kb: "kb", id: "00000000-0000-4000-8000-000000000000") { ${aliases(5, 'content(kind: ORIGINAL)')} } }`,
    says: 'heavy fields',
  },
  'too many knowledge base searches': {
    query: `{ ${aliases(5, 'searchKnowledgeBase(partner: "acme", kb: "kb", query: "tides") { embeddingStale }')} }`,
    says: 'heavy fields',
  },
  'too many embedding previews': {
    query: `{ ${aliases(5, 'embeddingPreview(partner: "acme", kb: "kb") { chunksToEmbed }')} }`,
    says: 'heavy fields',
  },
};

async function overHttp(query: string) {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify({ query }),
  });
  return { status: response.status, body: (await response.json()) as { data?: unknown; errors?: { message: string }[] } };
}

async function overSse(query: string) {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-api-key': key },
    body: JSON.stringify({ query }),
  });
  return response.text();
}

function overWebSocket(query: string): Promise<{ errors: { message: string }[]; data: boolean }> {
  return new Promise((resolve) => {
    let data = false;
    client.subscribe(
      { query },
      {
        next: (result) => {
          if (result.data) data = true;
        },
        error: (errors) => resolve({ errors: errors as { message: string }[], data }),
        complete: () => resolve({ errors: [], data }),
      },
    );
  });
}

describe('GraphQL limits', () => {
  for (const [name, { query, says }] of Object.entries(refused)) {
    it(`refuses ${name} before execution over HTTP, SSE and WebSocket`, async () => {
      const http = await overHttp(query);
      // No `data` at all: the request failed before execution began.
      expect(http.body).not.toHaveProperty('data');
      expect(http.body.errors?.[0]?.message).toContain(says);

      const sse = await overSse(query);
      expect(sse).toContain(says);
      expect(sse).not.toContain('"data"');

      const ws = await overWebSocket(query);
      expect(ws.data).toBe(false);
      expect(ws.errors[0]?.message).toContain(says);
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
