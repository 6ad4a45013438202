import { parse } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsDelivered } from '../../src/observability/metrics';
import { execute, subscribe, wsClient } from '../support/graphql-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

// Untyped documents: these operations exist only for this test, so they need no codegen.
const CreateEmptyVoice = parse(`
  mutation CreateEmptyVoice($partner: String!, $name: String!) { createEmptyVoice(partner: $partner, name: $name) { name } }
`) as TypedDocumentNode<{ createEmptyVoice: { name: string } }, { partner: string; name: string }>;
const RenameVoice = parse(`
  mutation RenameVoice($partner: String!, $name: String!, $newName: String!) { renameVoice(partner: $partner, name: $name, newName: $newName) { name } }
`) as TypedDocumentNode<{ renameVoice: { name: string } }, { partner: string; name: string; newName: string }>;
const VoiceUpdated = parse(`
  subscription VoiceUpdated($partner: String!, $name: String!) { voiceUpdated(partner: $partner, name: $name) { name } }
`) as TypedDocumentNode<{ voiceUpdated: { name: string } }, { partner: string; name: string }>;
const VoicesUpdated = parse(`
  subscription VoicesUpdated($partner: String!) { voicesUpdated(partner: $partner) { name } }
`) as TypedDocumentNode<{ voicesUpdated: { name: string } }, { partner: string }>;

type Feed = ReturnType<typeof subscribe<{ voiceUpdated: { name: string } }, { partner: string; name: string }>>;

let app: TestApp;
let key: string;
const clients: Client[] = [];

beforeAll(async () => {
  app = await startTestApp();
  key = await app.createKey('acme');
  for (const name of ['Red', 'Green', 'Blue', 'Last']) {
    const created = await execute(app.url, key, CreateEmptyVoice, { partner: 'acme', name });
    expect(created.errors).toBeUndefined();
  }
});

afterAll(async () => {
  await Promise.all(clients.map(async (client) => client.dispose()));
  await app?.close();
});

const listeners = () => app.app.services.platform.events.subscriberCount;
const delivered = async () => (await eventsDelivered.get()).values.reduce((sum, value) => sum + value.value, 0);

async function rename(name: string, newName: string): Promise<void> {
  const renamed = await execute(app.url, key, RenameVoice, { partner: 'acme', name, newName });
  expect(renamed.errors).toBeUndefined();
}

describe('per-resource dispatch', () => {
  it("hands a voice's change to that voice's subscribers, every one of them, and to no other", async () => {
    const [first, second, third] = [wsClient(app.url, key), wsClient(app.url, key), wsClient(app.url, key)];
    clients.push(first, second, third);
    const watch = (client: Client, name: string): Feed => subscribe(client, VoiceUpdated, { partner: 'acme', name });
    // Several subscriptions per connection, one voice watched from every connection and twice on one.
    const red = [watch(first, 'Red'), watch(first, 'Red'), watch(second, 'Red'), watch(third, 'Red')];
    const green = [watch(first, 'Green'), watch(third, 'Green')];
    const blue = [watch(second, 'Blue')];
    // The last change of the test goes to every connection: once it arrived, so did everything sent before it.
    const last = [watch(first, 'Last'), watch(second, 'Last'), watch(third, 'Last')];
    const everyVoice = subscribe(third, VoicesUpdated, { partner: 'acme' });
    const feeds = [...red, ...green, ...blue, ...last];
    await Promise.all(feeds.map((feed) => feed.until(() => true)));
    await everyVoice.until((event) => event.voicesUpdated.name === 'Last');
    await waitFor(
      async () => listeners(),
      (count) => count >= feeds.length + 1,
      5_000,
    );

    // A change to Red: handed to Red's four subscribers and the partner-wide one, not to the other six.
    let before = await delivered();
    await rename('Red', 'Crimson');
    await Promise.all(red.map((feed) => feed.until((event) => event.voiceUpdated.name === 'Crimson', 10_000)));
    await everyVoice.until((event) => event.voicesUpdated.name === 'Crimson', 10_000);
    expect((await delivered()) - before).toBe(red.length + 1);

    // One of Red's subscriptions ends mid-way (its connection and the others stay): the next
    // change reaches the three left, and the listener of the one that ended is gone.
    const listening = listeners();
    const [ended, ...staying] = red as [Feed, ...Feed[]];
    ended.dispose();
    await waitFor(
      async () => listeners(),
      (count) => count === listening - 1,
      5_000,
    );
    const endedHad = ended.events.length;
    before = await delivered();
    await rename('Crimson', 'Scarlet');
    await Promise.all(staying.map((feed) => feed.until((event) => event.voiceUpdated.name === 'Scarlet', 10_000)));
    await everyVoice.until((event) => event.voicesUpdated.name === 'Scarlet', 10_000);
    expect((await delivered()) - before).toBe(staying.length + 1);

    // Green, once: both of its subscribers, on two connections.
    await rename('Green', 'Olive');
    await Promise.all(green.map((feed) => feed.until((event) => event.voiceUpdated.name === 'Olive', 10_000)));

    await rename('Last', 'Final');
    await Promise.all(last.map((feed) => feed.until((event) => event.voiceUpdated.name === 'Final', 10_000)));
    const names = (feed: Feed) => feed.events.map((event) => event.voiceUpdated.name);
    expect(ended.events).toHaveLength(endedHad);
    for (const feed of staying) expect(names(feed)).toEqual(['Red', 'Crimson', 'Scarlet']);
    expect(names(ended)).toEqual(['Red', 'Crimson']);
    for (const feed of green) expect(names(feed)).toEqual(['Green', 'Olive']);
    for (const feed of blue) expect(names(feed)).toEqual(['Blue']);
    for (const feed of last) expect(names(feed)).toEqual(['Last', 'Final']);
    expect(everyVoice.errors).toEqual([]);
  });
});
