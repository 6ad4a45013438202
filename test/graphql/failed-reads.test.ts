import { Redis } from 'ioredis';
import type { Client } from 'graphql-ws';
import { fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wsClient } from '../support/graphql-client';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let key: string;
let call: RestClient;
let admin: Redis;
let client: Client;
let documentId: string;

/**
 * Redis answers the name indexes and single reads but refuses the batched record reads
 * (MGET) that lists and loaders make: a list's ids come back and its records do not, the
 * case where a list used to answer `[]` with 200.
 */
async function refuseBatchedReads(refuse: boolean): Promise<void> {
  await admin.call('ACL', 'SETUSER', 'default', refuse ? '-mget' : '+mget');
}

beforeAll(async () => {
  app = await startTestApp();
  key = await app.createKey('acme');
  call = restClient(app.url, key);
  admin = new Redis(app.redis.url);
  expect((await call('POST', '/api/voices/acme/empty', { form: await multipart({ name: 'Alice' }) })).status).toBe(201);
  expect((await call('POST', '/api/knowledgebases/acme', { form: await multipart({ name: 'Docs' }) })).status).toBe(201);
  const document = await call('POST', '/api/documents/acme/Docs/empty', { json: { name: 'Notes', folder: 'General', type: 'file' } });
  expect(document.status).toBe(201);
  documentId = String((document.body as { id: string | number }).id);
  client = wsClient(app.url, key);
  await refuseBatchedReads(true);
});
afterAll(async () => {
  await refuseBatchedReads(false).catch(() => undefined);
  admin?.disconnect();
  await client?.dispose();
  await app?.close();
});

interface Answer {
  status: number;
  body: { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[] };
}

async function overHttp(query: string): Promise<Answer> {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify({ query }),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

/** A subscription's events until it ends, as the stream's `data:` lines. */
async function overSse(query: string): Promise<unknown[]> {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-api-key': key },
    body: JSON.stringify({ query }),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice('data: '.length)) as unknown);
}

function overWebSocket(query: string): Promise<{ events: unknown[]; errors: unknown }> {
  return new Promise((resolve) => {
    const events: unknown[] = [];
    client.subscribe(
      { query },
      {
        next: (event) => events.push(event),
        error: (errors) => resolve({ events, errors }),
        complete: () => resolve({ events, errors: null }),
      },
    );
  });
}

const unavailable = { errors: [expect.objectContaining({ extensions: expect.objectContaining({ code: 'SERVICE_UNAVAILABLE' }) })] };

describe('when Redis refuses the reads of a list', () => {
  it('answers the lists and the document with SERVICE_UNAVAILABLE and 503, never an empty list or a null', async () => {
    const queries = {
      voices: '{ voices(partner: "acme") { name } }',
      knowledgeBases: '{ knowledgeBases(partner: "acme") { name } }',
      documents: '{ knowledgeBase(partner: "acme", name: "Docs") { name documents { id } } }',
      document: `{ document(partner: "acme", kb: "Docs", id: "${documentId}") { id name } }`,
    };
    for (const [name, query] of Object.entries(queries)) {
      const answer = await overHttp(query);
      // A nullable field that failed is null beside its error, as GraphQL has it; a list is never empty.
      expect(answer, name).toMatchObject({ status: 503, body: unavailable });
      expect(JSON.stringify(answer.body.data ?? null), name).not.toContain('[]');
    }
  });

  it('answers REST the same way', async () => {
    expect(await call('GET', '/api/voices/acme')).toMatchObject({ status: 503, body: { detail: 'Service temporarily unavailable' } });
  });

  it('fails the list subscriptions with SERVICE_UNAVAILABLE over WebSocket and SSE instead of a snapshot', async () => {
    const subscriptions = ['subscription { voicesUpdated(partner: "acme") { name } }', 'subscription { documentUpdated(partner: "acme", kb: "Docs") { id } }'];
    for (const query of subscriptions) {
      const ws = await overWebSocket(query);
      expect(ws.events, query).toEqual([]);
      expect(ws.errors, query).toEqual(unavailable.errors);

      const sse = await overSse(query);
      expect(sse, query).toEqual([expect.objectContaining(unavailable)]);
    }
  });

  it('answers again once Redis reads again', async () => {
    await refuseBatchedReads(false);
    const answer = await overHttp('{ voices(partner: "acme") { name } }');
    expect(answer).toEqual({ status: 200, body: { data: { voices: [{ name: 'Alice' }] } } });
  });
});
