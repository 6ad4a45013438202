import { createClient, type Client } from 'graphql-ws';
import { fetch } from 'undici';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, restClient } from '../../support/rest-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { waitFor } from '../../support/wait-for';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION: '3', LIVE_MAX_SUBSCRIPTIONS_PER_KEY: '5', RATE_LIMIT_PER_MINUTE: '100000' });
  const key = await app.createKey('acme');
  expect((await restClient(app.url, key)('POST', '/api/voices/acme/empty', { form: await multipart({ name: 'Ada' }) })).status).toBe(201);
});
afterAll(async () => app?.close());

const WATCH = 'subscription { voiceUpdated(partner: "acme", name: "Ada") { name } }';

function connect(key: string): Client {
  return createClient({ url: `${app.url.replace(/^http/, 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: { apiKey: key }, retryAttempts: 0 });
}

/** One subscription to voice Ada: live once it has its first event, or refused with errors. */
async function watch(client: Client): Promise<{ live: boolean; errors: { message: string; extensions?: { code?: string } }[]; dispose: () => void }> {
  return new Promise((resolve) => {
    const dispose = client.subscribe(
      { query: WATCH },
      {
        // A refusal is a result with errors, then the end, as for another partner's resource.
        next: (result) => resolve({ live: !result.errors, errors: (result.errors ?? []) as never, dispose }),
        error: (errors) => resolve({ live: false, errors: errors as never, dispose }),
        complete: () => undefined,
      },
    );
  });
}

describe('subscriptions per connection', () => {
  it('are capped: past LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION a subscribe is refused by name, queries still run, and an ended one frees its place', async () => {
    const client = connect(await app.createKey('acme'));
    const held = await Promise.all([watch(client), watch(client), watch(client)]);
    expect(held.map((each) => each.live)).toEqual([true, true, true]);
    const refused = await watch(client);
    expect(refused.live).toBe(false);
    expect(refused.errors).toMatchObject([
      { message: expect.stringContaining('LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION') as string, extensions: { code: 'SUBSCRIPTION_LIMIT' } },
    ]);
    expect(refused.errors[0]!.message).toContain('at most 3');
    const query = await new Promise((resolve) => client.subscribe({ query: '{ contentTypes }' }, { next: resolve, error: resolve, complete: () => undefined }));
    expect(query).toMatchObject({ data: { contentTypes: expect.any(Array) } });

    held[0].dispose();
    expect((await watch(client)).live).toBe(true);
    await client.dispose();
  });
});

describe('subscriptions per key', () => {
  it('are capped across its connections and SSE streams: past LIVE_MAX_SUBSCRIPTIONS_PER_KEY a subscribe is refused by name, and a closed connection frees its places', async () => {
    const key = await app.createKey('acme');
    const first = connect(key);
    const second = connect(key);
    expect((await Promise.all([watch(first), watch(first), watch(first), watch(second), watch(second)])).every((each) => each.live)).toBe(true);

    const refused = await watch(second);
    expect(refused.errors).toMatchObject([
      { message: expect.stringContaining('LIVE_MAX_SUBSCRIPTIONS_PER_KEY') as string, extensions: { code: 'SUBSCRIPTION_LIMIT' } },
    ]);
    const stream = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-api-key': key },
      body: JSON.stringify({ query: WATCH }),
    });
    const text = await stream.text();
    expect(text).toContain('LIVE_MAX_SUBSCRIPTIONS_PER_KEY');
    expect(text).toContain('"code":"SUBSCRIPTION_LIMIT"');
    // Another key is not held back by this one.
    const other = connect(await app.createKey('acme'));
    expect((await watch(other)).live).toBe(true);

    await first.dispose();
    const again = await waitFor(
      () => watch(second),
      (result) => result.live,
      5_000,
    );
    expect(again.live).toBe(true);
    await second.dispose();
    await other.dispose();
  });
});
