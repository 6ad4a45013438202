import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSine, makeTempDir, removeDir } from '../support/audio';
import { wsClient } from '../support/graphql-client';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

let app: TestApp;
let key: string;
let call: RestClient;
let redis: Redis;
let dir: string;
let client: Client;

beforeAll(async () => {
  // A thousand subscriptions at once on one connection, three thousand operations in all: no limit may refuse them.
  app = await startTestApp({ RATE_LIMIT_PER_MINUTE: '100000', LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION: '1000' });
  key = await app.createKey('acme');
  call = restClient(app.url, key);
  redis = new Redis(app.redis.url);
  dir = await makeTempDir();
  client = wsClient(app.url, key);
});
afterAll(async () => {
  await client?.dispose();
  redis?.disconnect();
  await app?.close();
  if (dir) await removeDir(dir);
});

/** What a subscription can leave behind: Redis channels of this app, and listeners in its event bus. */
async function footprint() {
  const channels = (await redis.call('PUBSUB', 'CHANNELS', `${app.redis.prefix}:events:*`)) as string[];
  return { channels: channels.length, listeners: app.app.services.platform.events.subscriberCount };
}

/** Runs a subscription to its end; resolves with how it ended. */
function runToEnd(query: string, variables: Record<string, unknown>): Promise<'error' | 'complete'> {
  return new Promise((resolve) => {
    let failed = false;
    client.subscribe(
      { query, variables },
      {
        next: (result) => {
          if (result.errors) failed = true;
        },
        error: () => resolve('error'),
        complete: () => resolve(failed ? 'error' : 'complete'),
      },
    );
  });
}

describe('subscriptions release what they hold', () => {
  it('leaves no channel and no listener after 1,000 failing, 1,000 completed and 1,000 cancelled subscriptions', async () => {
    // A finished transcript: without a speech-to-text engine its job fails with a stored reason.
    const audio = await makeSine(join(dir, 'tone.wav'), { seconds: 1 });
    const submitted = await call('POST', '/v2/transcript', { form: await multipart({}, { audio }) });
    expect(submitted.status).toBeLessThan(300);
    const { id } = submitted.body as { id: string };
    await waitFor(
      async () => (await call('GET', `/v2/transcript/${id.split('/').pop()}`)).body.status as string,
      (status) => status === 'error' || status === 'completed',
      30_000,
    );
    const start = await footprint();

    const failing = await Promise.all(
      Array.from({ length: 1000 }, () => runToEnd('subscription ($id: ID!) { transcriptUpdated(id: $id) { id } }', { id: randomUUID() })),
    );
    expect(new Set(failing)).toEqual(new Set(['error']));

    const completed = await Promise.all(
      Array.from({ length: 1000 }, () => runToEnd('subscription ($id: ID!) { transcriptUpdated(id: $id) { id status } }', { id })),
    );
    expect(new Set(completed)).toEqual(new Set(['complete']));

    const ignore = { next: () => undefined, error: () => undefined, complete: () => undefined };
    const cancels = Array.from({ length: 1000 }, () =>
      client.subscribe({ query: 'subscription ($p: String!) { voicesUpdated(partner: $p) { name } }', variables: { p: 'acme' } }, ignore),
    );
    // A partner without voices sends no snapshot: the subscriptions are in place once the bus counts them.
    await waitFor(
      async () => app.app.services.platform.events.subscriberCount,
      (count) => count === start.listeners + 1000,
      30_000,
    );
    for (const cancel of cancels) cancel();

    await waitFor(footprint, (now) => now.channels === start.channels && now.listeners === start.listeners, 30_000);
    expect(await footprint()).toEqual(start);
  });
});
