import { createClient, type Client, type SubscribePayload } from 'graphql-ws';
import type { FormattedExecutionResult } from 'graphql';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { restClient } from '../../../support/rest-client';
import { startTestApp, type TestApp } from '../../../support/test-app';

interface Closed {
  code: number;
  reason: string;
}

let app: TestApp;
let key: string;
const clients: Client[] = [];

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_PER_MINUTE: '5' });
});
// The limit is small so one test can reach it; each test gets a key of its own.
beforeEach(async () => {
  key = await app.createKey('acme');
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map(async (client) => client.dispose()));
});
afterAll(async () => app?.close());

/** A graphql-ws client that reports how its socket closed. */
function connect(connectionParams?: Record<string, unknown>) {
  let opened = false;
  let onClosed: (closed: Closed) => void = () => undefined;
  const closed = new Promise<Closed>((resolve) => (onClosed = resolve));
  const client = createClient({
    url: `${app.url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams,
    retryAttempts: 0,
    lazy: false,
    on: {
      connected: () => (opened = true),
      closed: (event) => onClosed({ code: (event as Closed).code, reason: (event as Closed).reason }),
    },
  });
  clients.push(client);
  return { client, closed, isOpen: () => opened };
}

/** The first result of an operation, or the error it ended with. */
function first(client: Client, payload: SubscribePayload): Promise<FormattedExecutionResult<Record<string, unknown>, unknown> | { failed: unknown }> {
  return new Promise((resolve) => {
    const dispose = client.subscribe(payload, {
      next: (result) => {
        dispose();
        resolve(result);
      },
      error: (error) => resolve({ failed: error }),
      complete: () => undefined,
    });
  });
}

const VOICES = 'query Voices($partner: String!) { voices(partner: $partner) { name } }';

describe("operations on a socket count against the key's rate limit", () => {
  it('answers an operation past the limit with RATE_LIMITED and a retry time, and keeps the socket open', async () => {
    // The limit is 5 a minute: the connection counts (graphql-ws's eager client may open more
    // than one), so at most four operations run, and then none.
    const { client, isOpen } = connect({ apiKey: key });
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await first(client, { query: VOICES, variables: { partner: 'acme' } }));
    const ran = answers.findIndex((answer) => !('data' in answer));
    expect(ran).toBeGreaterThanOrEqual(1);
    expect(ran).toBeLessThanOrEqual(4);
    expect(answers.slice(0, ran)).toEqual(Array(ran).fill({ data: { voices: [] } }));
    for (const refused of answers.slice(ran)) {
      expect(refused).toMatchObject({
        failed: [{ message: 'Rate limit exceeded', extensions: { code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) } }],
      });
    }
    // Subscriptions are operations too.
    expect(await first(client, { query: 'subscription { voicesUpdated(partner: "acme") { name } }' })).toMatchObject({
      failed: [{ extensions: { code: 'RATE_LIMITED' } }],
    });
    expect(isOpen()).toBe(true);
    // The same count as HTTP: the key's REST calls are refused too.
    expect((await restClient(app.url, key)('GET', '/api/voices/acme')).status).toBe(429);
  });
});

describe('graphql-ws authentication', () => {
  it('closes a connection with a wrong key with 4401 Invalid API key', async () => {
    const { client, closed } = connect({ apiKey: 'pk_wrong' });
    void first(client, { query: '{ contentTypes }' });
    expect(await closed).toEqual({ code: 4401, reason: 'Invalid API key' });
  });

  it('finds the key in connectionParams whatever its spelling', async () => {
    for (const params of [{ 'X-Api-Key': key }, { headers: { 'x-api-key': key } }]) {
      const { client } = connect(params);
      expect(await first(client, { query: VOICES, variables: { partner: 'acme' } })).toEqual({ data: { voices: [] } });
    }
  });

  it('closes a rate-limited connection with 4429 and says when to come back', async () => {
    const call = restClient(app.url, key);
    for (let i = 0; i < 5; i++) await call('GET', '/api/voices/acme');
    const { client, closed } = connect({ apiKey: key });
    void first(client, { query: '{ contentTypes }' });
    const { code, reason } = await closed;
    expect(code).toBe(4429);
    expect(reason).toMatch(/^Rate limit exceeded\. Try again in [1-9]\d* seconds\.$/);
  });

  it('connects without a key: public fields answer, others fail with Invalid API key', async () => {
    const { client, isOpen } = connect();
    expect(await first(client, { query: '{ contentTypes }' })).toEqual({ data: { contentTypes: ['auto', 'article', 'video', 'book'] } });
    const refused = await first(client, { query: VOICES, variables: { partner: 'acme' } });
    expect(refused).toMatchObject({ errors: [{ message: 'Invalid API key', extensions: { code: 'UNAUTHENTICATED' } }] });
    expect(isOpen()).toBe(true);
  });

  it('takes a key per operation from extensions.headers, as GraphiQL sends it', async () => {
    const { client, isOpen } = connect();
    const allowed = await first(client, { query: VOICES, variables: { partner: 'acme' }, extensions: { headers: { 'X-Api-Key': key } } });
    expect(allowed).toEqual({ data: { voices: [] } });

    const wrong = await first(client, { query: VOICES, variables: { partner: 'acme' }, extensions: { headers: { 'X-Api-Key': 'pk_wrong' } } });
    expect(wrong).toMatchObject({ failed: [{ message: 'Invalid API key', extensions: { code: 'UNAUTHENTICATED' } }] });
    expect(isOpen()).toBe(true);
    expect(await first(client, { query: '{ contentTypes }' })).toMatchObject({ data: { contentTypes: expect.any(Array) } });
  });

  it("runs an operation with an empty key as the connection's caller", async () => {
    const { client } = connect({ apiKey: key });
    const result = await first(client, { query: VOICES, variables: { partner: 'acme' }, extensions: { headers: { 'X-Api-Key': '' } } });
    expect(result).toEqual({ data: { voices: [] } });
  });

  it('refuses another partner per operation with Access denied and keeps the socket open', async () => {
    const { client, isOpen } = connect({ apiKey: key });
    const forbidden = await first(client, { query: 'subscription { voicesUpdated(partner: "beta") { name } }' });
    expect(forbidden).toMatchObject({ errors: [{ message: 'Access denied', extensions: { code: 'FORBIDDEN' } }] });
    expect(isOpen()).toBe(true);
    expect(await first(client, { query: VOICES, variables: { partner: 'acme' } })).toEqual({ data: { voices: [] } });
  });
});

describe('GraphQL over SSE authentication', () => {
  it('answers a wrong key with 401 and a JSON body the client can show', async () => {
    const response = await restClient(app.url, 'pk_wrong')(
      'GET',
      `/graphql?query=${encodeURIComponent('subscription { voicesUpdated(partner: "acme") { name } }')}`,
      {
        headers: { accept: 'text/event-stream' },
      },
    );
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.body).toMatchObject({ errors: [{ message: 'Invalid API key', extensions: { code: 'UNAUTHENTICATED' } }] });
  });
});
