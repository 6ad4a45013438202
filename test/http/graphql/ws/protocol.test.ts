import type { AddressInfo } from 'node:net';
import type { ExecutionResult } from 'graphql';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { OrderedWrites, SharedPayloads } from '../../../../src/http/graphql/live-results';
import { LiveSender, NextMessageWriter } from '../../../../src/http/graphql/ws/live-writes';
import { PER_MESSAGE_DEFLATE_REFUSAL, serveGraphqlWs, type GraphqlWsHooks } from '../../../../src/http/graphql/ws/server';
import { restClient } from '../../../support/rest-client';
import { startTestApp, type TestApp } from '../../../support/test-app';
import { dropRawPeers, openRawPeer, type RawPeer } from '../../../support/raw-websocket';
import { waitFor } from '../../../support/wait-for';

afterEach(dropRawPeers);

interface PeerOptions {
  autoPong?: boolean;
  /** Listening before the server can first ping the connection. */
  onPing?: () => void;
}

/** A connection the server has acknowledged, with `key` in connection_init. */
async function acknowledged(url: string, key: string, options: PeerOptions = {}): Promise<RawPeer> {
  const peer = await openRawPeer(url, 'graphql-transport-ws', { autoPong: options.autoPong ?? true });
  if (options.onPing) peer.socket.on('ping', options.onPing);
  peer.send({ type: 'connection_init', payload: { apiKey: key } });
  expect(await peer.receive((message) => message.type === 'connection_ack')).toEqual({ type: 'connection_ack' });
  return peer;
}

describe('the graphql-transport-ws protocol as graphql-ws clients expect it', () => {
  let app: TestApp;
  let key: string;
  let url: string;

  beforeAll(async () => {
    app = await startTestApp();
    key = await app.createKey('acme');
    url = `${app.url.replace(/^http/, 'ws')}/graphql`;
    for (const name of ['ada', 'grace']) {
      const created = await restClient(app.url, key)('POST', '/api/voices/acme/empty', {
        json: { name, creator_name: 'Ada', creator_email: 'ada@example.com' },
      });
      expect(created.status).toBe(201);
    }
  });
  afterAll(async () => app?.close());

  const initialised = () => acknowledged(url, key);

  it('acknowledges, answers a ping with its payload, runs a query as next then complete', async () => {
    const peer = await initialised();
    peer.send({ type: 'ping', payload: { at: 1 } });
    expect(await peer.receive((message) => message.type === 'pong')).toEqual({ type: 'pong', payload: { at: 1 } });
    peer.send({
      id: 'q',
      type: 'subscribe',
      payload: { query: 'query V($p: String!) { voice(partner: $p, name: "ada") { name } }', variables: { p: 'acme' } },
    });
    await peer.receive((message) => message.type === 'complete');
    expect(peer.messages.filter((message) => message.id === 'q')).toEqual([
      { id: 'q', type: 'next', payload: { data: { voice: { name: 'ada' } } } },
      { id: 'q', type: 'complete' },
    ]);
  });

  it('sends the current state, the changes, and nothing after the client completes', async () => {
    const peer = await initialised();
    peer.send({ id: 's', type: 'subscribe', payload: { query: 'subscription { voiceUpdated(partner: "acme", name: "grace") { name } }' } });
    await peer.receive((message) => message.id === 's' && message.type === 'next');
    const rename = async (from: string, to: string) => {
      const answer = await restClient(app.url, key)('PUT', `/api/voices/acme/${from}/name`, { urlencoded: { name: to } });
      expect(answer.status).toBe(200);
    };
    await rename('grace', 'grace-h');
    await peer.receive((message) => (message.payload as { data?: { voiceUpdated?: { name?: string } } })?.data?.voiceUpdated?.name === 'grace-h');
    peer.send({ id: 's', type: 'complete' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await rename('grace-h', 'grace-hopper');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(peer.messages.filter((message) => message.id === 's')).toEqual([
      { id: 's', type: 'next', payload: { data: { voiceUpdated: { name: 'grace' } } } },
      { id: 's', type: 'next', payload: { data: { voiceUpdated: { name: 'grace-h' } } } },
    ]);
  });

  it('answers an operation it cannot identify with an error message', async () => {
    const peer = await initialised();
    peer.send({ id: 'x', type: 'subscribe', payload: { query: 'query A { __typename } query B { __typename }', operationName: 'C' } });
    const error = await peer.receive((message) => message.id === 'x');
    expect(error.type).toBe('error');
    expect(peer.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('closes with graphql-ws close codes and reasons', async () => {
    const noProtocol = await openRawPeer(url, null);
    expect(await noProtocol.closed).toEqual({ code: 4406, reason: 'Subprotocol not acceptable' });

    const garbage = await openRawPeer(url);
    garbage.send('not json');
    expect(await garbage.closed).toEqual({ code: 4400, reason: 'Invalid message received' });

    const early = await openRawPeer(url);
    early.send({ id: '1', type: 'subscribe', payload: { query: '{ __typename }' } });
    expect(await early.closed).toEqual({ code: 4401, reason: 'Unauthorized' });

    const twice = await initialised();
    twice.send({ type: 'connection_init', payload: { apiKey: key } });
    expect(await twice.closed).toEqual({ code: 4429, reason: 'Too many initialisation requests' });

    const duplicate = await initialised();
    const subscription = { query: 'subscription { voiceUpdated(partner: "acme", name: "ada") { name } }' };
    duplicate.send({ id: 'd', type: 'subscribe', payload: subscription });
    await duplicate.receive((message) => message.id === 'd');
    duplicate.send({ id: 'd', type: 'subscribe', payload: subscription });
    expect(await duplicate.closed).toEqual({ code: 4409, reason: 'Subscriber for d already exists' });

    const silent = await openRawPeer(url);
    expect(await silent.closed).toEqual({ code: 4408, reason: 'Connection initialisation timeout' });
  });
});

/** A sender with a budget no test here reaches. */
const unbounded = () =>
  new LiveSender(Number.MAX_SAFE_INTEGER, () => {
    throw new Error('over an unbounded budget');
  });

/** A real WebSocket pair on loopback: the server side as the protocol server keeps it, with its stream. */
async function socketPair() {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const accepted = new Promise<WebSocket>((resolve) =>
    server.once('connection', (socket, request) => {
      Object.assign(socket, { stream: request.socket });
      resolve(socket);
    }),
  );
  const peer = await openRawPeer(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`, null);
  const serverSide = await accepted;
  const close = () => {
    // A server made with a port waits for its connections before closing.
    peer.socket.terminate();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { serverSide, peer, close };
}

describe('results written straight to the socket', () => {
  it('frames next messages that a WebSocket client reads as graphql-ws words them, at every length encoding', async () => {
    const { serverSide, peer, close } = await socketPair();
    const id = 'sub "1" ✓';
    const writer = new NextMessageWriter(serverSide, id, new SharedPayloads(), unbounded());
    // Under 126 bytes, under 64 KiB and over it: the three ways a frame states its length.
    const results: ExecutionResult[] = [{ data: { a: 1 } }, { data: { text: 'é'.repeat(500) } }, { data: { text: 'x'.repeat(70_000) } }];
    for (const result of results) writer.write(result);
    await waitFor(
      async () => peer.messages.length,
      (count) => count === results.length,
    );
    expect(peer.messages).toEqual(results.map((result) => ({ id, type: 'next', payload: result })));
    await close();
  });

  it('keeps event order when a result is still executing, and ends only after the last is written', async () => {
    const { serverSide, peer, close } = await socketPair();
    let ended = false;
    const writes = new OrderedWrites(new NextMessageWriter(serverSide, '7', new SharedPayloads(), unbounded()), () => (ended = true));
    let late!: (result: ExecutionResult) => void;
    writes.next(new Promise<ExecutionResult>((resolve) => (late = resolve)));
    writes.next({ data: { n: 2 } });
    writes.end();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Nothing overtakes the result still executing, and the end waits for it.
    expect(peer.messages).toEqual([]);
    expect(ended).toBe(false);

    late({ data: { n: 1 } });
    await waitFor(
      async () => peer.messages.length,
      (count) => count === 2,
    );
    expect(peer.messages.map((message) => (message.payload as { data: { n: number } }).data.n)).toEqual([1, 2]);
    expect(ended).toBe(true);
    await close();
  });
});

describe('the socket server it is given', () => {
  // Hooks for a server that must not start: none of them is ever called.
  const neverCalled = () => {
    throw new Error('a refused server called a hook');
  };
  const hooks: GraphqlWsHooks<never> = { connect: neverCalled, prepare: neverCalled, execute: neverCalled, subscribe: neverCalled, report: neverCalled };
  const options = { payloads: new SharedPayloads(), keepAliveMs: 12_000, budgetBytes: 1024 * 1024, maxSubscriptions: 10 };

  it('is refused, with a message that says why, when it would compress messages', () => {
    expect(PER_MESSAGE_DEFLATE_REFUSAL).toContain('perMessageDeflate: false');
    for (const perMessageDeflate of [true, {}, { threshold: 0 }]) {
      const sockets = new WebSocketServer({ noServer: true, perMessageDeflate });
      expect(() => serveGraphqlWs(hooks, sockets, options)).toThrow(PER_MESSAGE_DEFLATE_REFUSAL);
      sockets.close();
    }
    // ws's default is off.
    const sockets = new WebSocketServer({ noServer: true });
    expect([...serveGraphqlWs(hooks, sockets, options).open()]).toEqual([]);
    sockets.close();
  });
});

describe('keep-alive', () => {
  let app: TestApp;
  let key: string;
  let url: string;

  beforeAll(async () => {
    // A round of pings every second, so that a missed pong shows within seconds.
    app = await startTestApp({ WS_KEEP_ALIVE_SECONDS: '1' });
    key = await app.createKey('acme');
    url = `${app.url.replace(/^http/, 'ws')}/graphql`;
  });
  afterAll(async () => app?.close());

  const initialised = (options: PeerOptions = {}) => acknowledged(url, key, options);

  it('drops a connection that misses a pong, and keeps one that answers', async () => {
    let silentPings = 0;
    let answeredPings = 0;
    const silent = await initialised({ autoPong: false, onPing: () => silentPings++ });
    const answering = await initialised({ onPing: () => answeredPings++ });

    const closed = await Promise.race([silent.closed, new Promise<null>((resolve) => setTimeout(resolve, 5_000, null))]);
    // Terminated, not closed: a peer that does not answer pings would not answer a close either.
    expect(closed?.code).toBe(1006);
    expect(silentPings).toBe(1);

    await waitFor(
      async () => answeredPings,
      (count) => count >= 3,
      5_000,
    );
    expect(answering.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('pings its sockets in turns spread over the interval, not in one burst', async () => {
    const firstPings: number[] = [];
    for (let i = 0; i < 24; i++) {
      let pinged = false;
      await initialised({
        onPing: () => {
          if (!pinged) firstPings.push(performance.now());
          pinged = true;
        },
      });
    }
    await waitFor(
      async () => firstPings.length,
      (count) => count === 24,
      5_000,
    );
    // Pings less than 20 ms apart count as one burst. Turns are a twenty-fourth of the
    // interval (about 42 ms here) apart; one round for every socket would be a burst or two.
    const inOrder = [...firstPings].sort((a, b) => a - b);
    const bursts = inOrder.filter((at, index) => index === 0 || at - inOrder[index - 1]! >= 20).length;
    expect(bursts).toBeGreaterThanOrEqual(12);
  });
});
