import type { AddressInfo } from 'node:net';
import type { ExecutionResult, GraphQLError } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { httpSettingsOf } from '../../../../src/app';
import { loadConfig } from '../../../../src/config/config';
import { domainOf } from '../../../../src/domain/domain';
import { KeySubscriptions } from '../../../../src/http/key-subscriptions';
import { SharedPayloads } from '../../../../src/http/graphql/live-results';
import { clientError, OperationPipeline } from '../../../../src/http/graphql/pipeline';
import type { SubscriptionResults } from '../../../../src/http/graphql/shared-execution';
import { socketHooks } from '../../../../src/http/graphql/ws';
import { serveGraphqlWs, type GraphqlWsHooks } from '../../../../src/http/graphql/ws/server';
import { schema } from '../../../../src/schema';
import { restClient } from '../../../support/rest-client';
import { startTestApp, type TestApp } from '../../../support/test-app';
import { dropRawPeers, openRawPeer, type RawMessage as Message, type RawPeer as Peer } from '../../../support/raw-websocket';

/**
 * The same scripted graphql-ws sessions against our server of the protocol (serveGraphqlWs)
 * and against graphql-ws's own (useServer), both handed the very same hooks: the key check at
 * connection_init, the operation pipeline (documents, limits, execution, masking) and the
 * GraphQL context, on one schema and one set of services. What a client receives (messages in
 * order, close codes and reasons) must be the same, so a difference is one of the protocol.
 * The reference formats errors with the same `clientError` our server writes them with (its
 * default would show the HTTP-only extensions), and, where a subscription's stream fails, with
 * the masked errors our server sends (its default is the raw message): those are our choices
 * of what an error says, not of the protocol.
 */

/** A failed stream's errors, masked as our server sends them. */
class FailedStream extends Error {
  constructor(readonly errors: readonly GraphQLError[]) {
    super(errors[0]?.message ?? 'stream failed');
  }
}

/** A subscription's results as graphql-ws pulls them; a failed stream throws the errors our server would send. */
function pulled(results: SubscriptionResults): AsyncIterableIterator<ExecutionResult> {
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    next: () =>
      results.next().catch((error: unknown) => {
        throw new FailedStream(results.failure(error));
      }),
    return: () => results.return(),
  };
}

/** graphql-ws's own server, with our hooks as its options. */
function referenceServer<C>(hooks: GraphqlWsHooks<C>, sockets: WebSocketServer, keepAliveMs: number) {
  const connections = new WeakMap<object, C>();
  return useServer(
    {
      async onConnect(ctx) {
        const connection = await hooks.connect(ctx.extra.socket, ctx.extra.request, ctx.connectionParams);
        if (connection === false) return false;
        connections.set(ctx, connection);
        return true;
      },
      onSubscribe: (ctx, _id, payload) => hooks.prepare(connections.get(ctx)!, payload),
      execute: (args) => hooks.execute(args),
      subscribe: async (args) => {
        const outcome = await hooks.subscribe(args);
        return Symbol.asyncIterator in outcome ? pulled(outcome) : outcome;
      },
      onNext: (_ctx, _id, _payload, _args, result) => (result.errors ? { ...result, errors: result.errors.map(clientError) } : result),
      onError: (_ctx, _id, _payload, errors) =>
        errors.flatMap((error) => (error.originalError instanceof FailedStream ? error.originalError.errors : [error])).map(clientError),
    },
    sockets,
    keepAliveMs,
  );
}

async function listening(): Promise<{ sockets: WebSocketServer; url: string }> {
  const sockets = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise<void>((resolve) => sockets.once('listening', () => resolve()));
  return { sockets, url: `ws://127.0.0.1:${(sockets.address() as AddressInfo).port}` };
}

/** What a client saw: its messages, and how the connection ended (null while it is open). */
async function transcript(peer: Peer, ended: boolean) {
  const close = ended ? await peer.closed : null;
  return { messages: peer.messages, close, open: peer.socket.readyState === WebSocket.OPEN };
}

const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

describe('our graphql-ws server and graphql-ws useServer, the same sessions', () => {
  let app: TestApp;
  let key: string;
  let ours: string;
  let reference: string;
  let ourSockets: WebSocketServer | undefined;
  let disposeReference: () => Promise<void> | void = () => {};

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    key = await app.createKey('acme');
    for (const name of ['ada', 'grace', 'linus']) {
      const created = await restClient(app.url, key)('POST', '/api/voices/acme/empty', {
        json: { name, creator_name: 'Ada', creator_email: 'ada@example.com' },
      });
      expect(created.status).toBe(201);
    }
    const { services } = app.app;
    const { limits, live } = httpSettingsOf(loadConfig(app.env)).graphql;
    const keySubscriptions = new KeySubscriptions(live.maxSubscriptionsPerKey);
    const pipeline = new OperationPipeline(schema, limits, null, services.platform.logger, keySubscriptions);
    const hooks = socketHooks(pipeline, { platform: services.platform, domain: domainOf(services) }, keySubscriptions);
    const { keepAliveMs } = live;

    const ourSide = await listening();
    serveGraphqlWs(hooks, ourSide.sockets, {
      payloads: new SharedPayloads(),
      keepAliveMs,
      budgetBytes: live.budgetBytes,
      maxSubscriptions: live.maxSubscriptionsPerConnection,
    });
    const referenceSide = await listening();
    disposeReference = referenceServer(hooks, referenceSide.sockets, keepAliveMs).dispose;
    ourSockets = ourSide.sockets;
    ours = ourSide.url;
    reference = referenceSide.url;
  });
  afterAll(async () => {
    dropRawPeers();
    await new Promise((resolve) => (ourSockets ? ourSockets.close(resolve) : resolve(undefined)));
    await disposeReference();
    await app?.close();
  });

  /** One peer on each server, opened alike. */
  const both = async (opening: (url: string) => Promise<Peer>) => Promise.all([opening(ours), opening(reference)]);
  const acknowledged = async (url: string) => {
    const peer = await openRawPeer(url);
    peer.send({ type: 'connection_init', payload: { apiKey: key } });
    await peer.receive((message) => message.type === 'connection_ack');
    return peer;
  };
  /** The two transcripts are the same, and are what `expected` says the protocol answers. */
  const same = async (peers: Peer[], ended: boolean, expected: { messages: Message[]; close?: { code: number; reason: string } }) => {
    const [mine, theirs] = await Promise.all(peers.map((peer) => transcript(peer, ended)));
    expect(mine).toEqual(theirs);
    expect(theirs!.messages).toEqual(expected.messages);
    if (expected.close) expect(theirs!.close).toEqual(expected.close);
  };
  const rename = async (from: string, to: string) => {
    expect((await restClient(app.url, key)('PUT', `/api/voices/acme/${from}/name`, { urlencoded: { name: to } })).status).toBe(200);
  };

  it('acknowledges connection_init and answers a ping with its payload', async () => {
    const peers = await both(acknowledged);
    for (const peer of peers) peer.send({ type: 'ping', payload: { at: 1 } });
    await Promise.all(peers.map((peer) => peer.receive((message) => message.type === 'pong')));
    await same(peers, false, { messages: [{ type: 'connection_ack' }, { type: 'pong', payload: { at: 1 } }] });
  });

  it("runs a query as next then complete, and another partner's as a result with errors", async () => {
    const peers = await both(acknowledged);
    const queries = [
      { id: 'q', payload: { query: '{ voice(partner: "acme", name: "ada") { name } }' } },
      { id: 'refused', payload: { query: '{ voice(partner: "globex", name: "ada") { name } }' } },
    ];
    for (const { id, payload } of queries) {
      for (const peer of peers) peer.send({ id, type: 'subscribe', payload });
      await Promise.all(peers.map((peer) => peer.receive((message) => message.id === id && message.type === 'complete')));
    }
    await same(peers, false, {
      messages: [
        { type: 'connection_ack' },
        { id: 'q', type: 'next', payload: { data: { voice: { name: 'ada' } } } },
        { id: 'q', type: 'complete' },
        {
          id: 'refused',
          type: 'next',
          payload: {
            data: { voice: null },
            errors: [{ message: 'Access denied', locations: [{ line: 1, column: 3 }], path: ['voice'], extensions: { code: 'FORBIDDEN' } }],
          },
        },
        { id: 'refused', type: 'complete' },
      ],
    });
  });

  it('sends a subscription its current state and each change, and nothing once the client completes it', async () => {
    const peers = await both(acknowledged);
    for (const peer of peers)
      peer.send({ id: 's', type: 'subscribe', payload: { query: 'subscription { voiceUpdated(partner: "acme", name: "grace") { name } }' } });
    await Promise.all(peers.map((peer) => peer.receive((message) => message.id === 's')));
    await rename('grace', 'grace-h');
    const renamed = (message: Message) =>
      (message.payload as { data?: { voiceUpdated?: { name?: string } } } | undefined)?.data?.voiceUpdated?.name === 'grace-h';
    await Promise.all(peers.map((peer) => peer.receive(renamed)));
    for (const peer of peers) peer.send({ id: 's', type: 'complete' });
    await settle(100);
    await rename('grace-h', 'grace-hopper');
    await settle();
    await same(peers, false, {
      messages: [
        { type: 'connection_ack' },
        { id: 's', type: 'next', payload: { data: { voiceUpdated: { name: 'grace' } } } },
        { id: 's', type: 'next', payload: { data: { voiceUpdated: { name: 'grace-h' } } } },
      ],
    });
  });

  it('completes a subscription the server ends (its voice deleted)', async () => {
    const peers = await both(acknowledged);
    const query = 'subscription { voiceUpdated(partner: "acme", name: "linus") { name deleted } }';
    for (const peer of peers) peer.send({ id: 'l', type: 'subscribe', payload: { query } });
    await Promise.all(peers.map((peer) => peer.receive((message) => message.id === 'l')));
    expect((await restClient(app.url, key)('DELETE', '/api/voices/acme/linus')).status).toBe(204);
    await Promise.all(peers.map((peer) => peer.receive((message) => message.id === 'l' && message.type === 'complete')));
    await same(peers, false, {
      messages: [
        { type: 'connection_ack' },
        { id: 'l', type: 'next', payload: { data: { voiceUpdated: { name: 'linus', deleted: false } } } },
        { id: 'l', type: 'next', payload: { data: { voiceUpdated: { name: 'linus', deleted: true } } } },
        { id: 'l', type: 'complete' },
      ],
    });
  });

  it("answers subscriptions that fail (a missing voice, another partner's) alike", async () => {
    const peers = await both(acknowledged);
    for (const peer of peers) {
      peer.send({ id: 'gone', type: 'subscribe', payload: { query: 'subscription { voiceUpdated(partner: "acme", name: "nobody") { name } }' } });
    }
    await Promise.all(peers.map((peer) => peer.receive((message) => message.id === 'gone')));
    for (const peer of peers) {
      peer.send({ id: 'theirs', type: 'subscribe', payload: { query: 'subscription { voiceUpdated(partner: "globex", name: "ada") { name } }' } });
    }
    await Promise.all(peers.map((peer) => peer.receive((message) => message.id === 'theirs' && message.type !== 'next')));
    await settle();
    await same(peers, false, {
      messages: [
        { type: 'connection_ack' },
        // A stream that fails its first read is the operation's error.
        { id: 'gone', type: 'error', payload: [{ message: 'Voice not found', extensions: { code: 'NOT_FOUND' } }] },
        // A subscription refused when made is a result with errors, then its end.
        {
          id: 'theirs',
          type: 'next',
          payload: { errors: [{ message: 'Access denied', locations: [{ line: 1, column: 16 }], path: ['voiceUpdated'], extensions: { code: 'FORBIDDEN' } }] },
        },
        { id: 'theirs', type: 'complete' },
      ],
    });
  });

  it('answers an operation it cannot identify, an invalid document and one past the limits with error messages', async () => {
    const peers = await both(acknowledged);
    const operations = [
      { id: 'unknown', payload: { query: 'query A { __typename } query B { __typename }', operationName: 'C' }, code: undefined },
      { id: 'invalid', payload: { query: '{ nope }' }, code: 'GRAPHQL_VALIDATION_FAILED' },
      { id: 'unparsable', payload: { query: '{' }, code: 'GRAPHQL_PARSE_FAILED' },
      // Past GRAPHQL_MAX_ALIASES (15).
      { id: 'aliased', payload: { query: `{ ${Array.from({ length: 16 }, (_, n) => `a${n}: contentTypes`).join(' ')} }` }, code: 'GRAPHQL_VALIDATION_FAILED' },
    ];
    for (const { id, payload } of operations) {
      for (const peer of peers) peer.send({ id, type: 'subscribe', payload });
      await Promise.all(peers.map((peer) => peer.receive((message) => message.id === id)));
    }
    await settle(100);
    const [mine, theirs] = await Promise.all(peers.map((peer) => transcript(peer, false)));
    expect(mine).toEqual(theirs);
    expect(
      theirs!.messages.map(({ id, type, payload }) => [id, type, (payload as { extensions?: { code?: string } }[] | undefined)?.[0]?.extensions?.code]),
    ).toEqual([[undefined, 'connection_ack', undefined], ...operations.map(({ id, code }) => [id, 'error', code])]);
    expect(theirs!.messages[1]).toEqual({ id: 'unknown', type: 'error', payload: [{ message: 'Unable to identify operation' }] });
  });

  it('closes alike on an invalid message', async () => {
    const invalid = [
      'not json',
      '{}',
      { type: '' },
      { type: 'nonsense' },
      { type: 'connection_init', payload: 'text' },
      { type: 'subscribe', id: 'x' },
      { type: 'subscribe', id: '', payload: { query: '{ __typename }' } },
      { type: 'subscribe', id: 'x', payload: { query: '{ __typename }', variables: 'none' } },
      { type: 'complete' },
    ];
    for (const message of invalid) {
      const peers = await both(openRawPeer);
      for (const peer of peers) peer.send(message);
      await same(peers, true, { messages: [], close: { code: 4400, reason: 'Invalid message received' } });
    }
  });

  it('closes alike on a valid message a client must not send', async () => {
    // useServer reports what closes a connection with 4500 on the console; ours to its logger.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    const peers = await both(acknowledged);
    for (const peer of peers) peer.send({ type: 'connection_ack' });
    await Promise.all(peers.map(async (peer) => peer.closed));
    reported.mockRestore();
    await same(peers, true, { messages: [{ type: 'connection_ack' }], close: { code: 4500, reason: 'Unexpected message of type connection_ack received' } });
  });

  it('closes alike on a duplicate subscription id', async () => {
    const peers = await both(acknowledged);
    const subscription = { query: 'subscription { voiceUpdated(partner: "acme", name: "ada") { name } }' };
    for (const peer of peers) peer.send({ id: 'd', type: 'subscribe', payload: subscription });
    await Promise.all(peers.map((peer) => peer.receive((message) => message.id === 'd')));
    for (const peer of peers) peer.send({ id: 'd', type: 'subscribe', payload: subscription });
    await same(peers, true, {
      messages: [{ type: 'connection_ack' }, { id: 'd', type: 'next', payload: { data: { voiceUpdated: { name: 'ada' } } } }],
      close: { code: 4409, reason: 'Subscriber for d already exists' },
    });
  });

  it('closes alike on a subscribe before connection_init, a second connection_init, a wrong key and no subprotocol', async () => {
    const early = await both(openRawPeer);
    for (const peer of early) peer.send({ id: '1', type: 'subscribe', payload: { query: '{ __typename }' } });
    await same(early, true, { messages: [], close: { code: 4401, reason: 'Unauthorized' } });

    const twice = await both(acknowledged);
    for (const peer of twice) peer.send({ type: 'connection_init', payload: { apiKey: key } });
    await same(twice, true, { messages: [{ type: 'connection_ack' }], close: { code: 4429, reason: 'Too many initialisation requests' } });

    const wrongKey = await both(openRawPeer);
    for (const peer of wrongKey) peer.send({ type: 'connection_init', payload: { apiKey: 'not-a-key' } });
    await same(wrongKey, true, { messages: [], close: { code: 4401, reason: 'Invalid API key' } });

    const noProtocol = await both((url) => openRawPeer(url, null));
    await same(noProtocol, true, { messages: [], close: { code: 4406, reason: 'Subprotocol not acceptable' } });
  });

  it('closes alike when connection_init does not come in time', async () => {
    const silent = await both(openRawPeer);
    await same(silent, true, { messages: [], close: { code: 4408, reason: 'Connection initialisation timeout' } });
  });
});
