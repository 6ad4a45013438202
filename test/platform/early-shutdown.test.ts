import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../support/redis-server';
import { startTestApp } from '../support/test-app';

/**
 * A TCP relay in front of Redis that can hold, in order until released, what clients send once
 * Redis has answered their first command (ioredis' ready check, an INFO of some kilobytes): a
 * connection that is ready but still starting when the shutdown begins, as on a busy machine
 * where BullMQ's own INFO is still on its way.
 */
const READY_CHECK_BYTES = 1_000;

async function holdingRelay(target: string): Promise<{ url: string; hold(): void; release(): void; close(): Promise<void> }> {
  const { hostname, port } = new URL(target);
  let holding = false;
  const releases = new Set<() => void>();
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    const held: Buffer[] = [];
    let answered = 0;
    const flush = () => {
      for (const chunk of held.splice(0)) upstream.write(chunk);
    };
    releases.add(flush);
    client.on('data', (chunk: Buffer) => ((holding && answered > READY_CHECK_BYTES) || held.length > 0 ? held.push(chunk) : upstream.write(chunk)));
    upstream.on('data', (chunk: Buffer) => (answered += chunk.length));
    upstream.pipe(client);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(socket);
        releases.delete(flush);
      });
    }
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${address.port}`,
    hold: () => (holding = true),
    release: () => {
      holding = false;
      for (const flush of releases) flush();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((closed) => server.close(closed));
    },
  };
}

let redis: TestRedis;

beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(async () => {
  await redis?.stop();
});

describe('a shutdown that begins while the connections are still starting', () => {
  it('closes them once started instead of crashing the process', async () => {
    const relay = await holdingRelay(redis.url);
    const app = await startTestApp({}, { ...redis, url: relay.url, env: { REDIS_URL: relay.url }, stop: async () => undefined });
    try {
      // The workers' connections open as the app starts: each gets through ioredis' ready check,
      // then BullMQ's INFO waits in the relay.
      relay.hold();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const closing = app.close();
      setTimeout(() => relay.release(), 500);
      // Before, BullMQ cut each such connection and emitted its failed start with no listener:
      // an unhandled error that ends the process (and fails this test file).
      await expect(closing).resolves.toBeUndefined();
    } finally {
      relay.release();
      await relay.close();
    }
  });
});
