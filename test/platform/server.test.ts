import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { graphql } from '../gql';
import { execute } from '../support/graphql-client';
import { restClient, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';

const ContentTypes = graphql(`
  query ContentTypes {
    contentTypes
  }
`);

let app: TestApp;
let key: string;
let call: RestClient;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_PER_MINUTE: '5' });
  key = await app.createKey('acme');
  call = restClient(app.url);
});
afterAll(async () => app?.close());

describe('platform', () => {
  it('answers health checks', async () => {
    const response = await call('GET', '/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('refuses a missing or wrong key on /api with the spec text', async () => {
    const missing = await call('GET', '/api/voices/acme');
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ detail: 'Invalid API key' });
    const wrong = await call('GET', '/api/voices/acme', { key: 'pk_nope' });
    expect(wrong.status).toBe(401);
  });

  it('answers public GraphQL fields without a key and refuses a wrong key', async () => {
    const open = await execute(app.url, undefined, ContentTypes);
    expect({ data: open.data, errors: open.errors }).toEqual({ data: { contentTypes: ['auto', 'article', 'video', 'book'] } });
    const wrong = await execute(app.url, 'pk_bad', ContentTypes);
    expect(wrong.status).toBe(401);
    expect(wrong.errors?.[0]?.message).toBe('Invalid API key');
    expect(wrong.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('closes a graphql-ws connection that brings a wrong key', async () => {
    const closed = new Promise<number>((resolve) => {
      const client = createClient({
        url: `${app.url.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { apiKey: 'pk_bad' },
        retryAttempts: 0,
        on: { closed: (event) => resolve((event as { code: number }).code) },
      });
      client.subscribe({ query: '{ contentTypes }' }, { next: () => undefined, error: () => undefined, complete: () => undefined });
    });
    expect(await closed).toBe(4401);
  });

  it('limits each key per minute with a Retry-After, across requests', async () => {
    const limitedKey = await app.createKey('acme');
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    let body: unknown;
    for (let i = 0; i < 7; i++) {
      const response = await call('GET', '/api/voices/acme', { key: limitedKey });
      statuses.push(response.status);
      if (response.status === 429) {
        retryAfter = response.headers.get('retry-after');
        body = response.body;
      }
    }
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(statuses.slice(0, 5)).not.toContain(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(body).toEqual({ detail: 'Rate limit exceeded' });
  });

  it('keeps partners apart', async () => {
    const response = await call('GET', '/api/voices/beta', { key });
    expect([403, 404]).toContain(response.status);
  });
});
