import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverWebhookQueue } from '../../src/domain/webhooks/webhook.queues';
import { startAppProcess } from '../support/app-process';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { startTestRedis, type TestRedis } from '../support/redis-server';
import { restClient, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

/** Rounds of a worker process that finishes a completion and is killed at once; completions submitted per round. */
const ROUNDS = 4;
const PER_ROUND = 4;

let redis: TestRedis;
let engine: OpenAiCompatibleServer;
let receiver: WebhookReceiver;
let api: TestApp;
let call: RestClient;
/** Jobs of a killed worker are found stalled within a few seconds. */
const fastStalls = { JOB_LOCK_MS: '2000', JOB_STALLED_INTERVAL_MS: '1000' };

beforeAll(async () => {
  redis = await startTestRedis();
  engine = await startOpenAiCompatibleServer({ delaysMs: { chat: 100 } });
  receiver = await startWebhookReceiver();
  // The API alone: only the worker processes below run jobs and drain the outbox.
  api = await startTestApp({ ROLE: 'api', ALLOW_PRIVATE_URLS: 'true', LLM_BASE_URL: engine.baseUrl, ...fastStalls }, redis);
  call = restClient(api.url, await api.createKey('acme'));
  const endpoint = await call('POST', '/api/webhooks/acme', { json: { url: receiver.url('/outbox'), events: ['completion.completed'] } });
  expect(endpoint.status).toBe(201);
});
afterAll(async () => {
  await api?.close();
  await receiver?.close();
  await engine?.close();
  await redis?.stop();
});

/** Resolves once any completion's write to `completed` is published, as every subscriber hears it. */
async function firstCompletion(): Promise<{ heard: Promise<void>; stop: () => void }> {
  const listener = new Redis(redis.url);
  await listener.psubscribe(`${redis.prefix}:events:completion:*`);
  const heard = new Promise<void>((resolve) =>
    listener.on('pmessage', (_pattern, _channel, message: string) => {
      if ((JSON.parse(message) as { data: { state: string } }).data.state === 'completed') resolve();
    }),
  );
  return { heard, stop: () => listener.disconnect() };
}

describe('webhook events of a worker killed right after its status write', () => {
  it('arrive all the same, one event a change', async () => {
    const submitted: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const worker = await startAppProcess({ ...api.env, ROLE: 'worker', LOG_LEVEL: 'silent' });
      const completion = await firstCompletion();
      const answers = await Promise.all(
        Array.from({ length: PER_ROUND }, () =>
          call('POST', '/v2/completions', { json: { input: { messages: [{ role: 'user', content: `round ${round}` }] } } }),
        ),
      );
      submitted.push(...answers.map((answer) => (answer.body as { id: string }).id.split('/').at(-1)!));
      // kill -9 the moment the first completion's status write is heard: whatever the process
      // meant to do after that write, it does not do.
      await completion.heard;
      worker.kill('SIGKILL');
      completion.stop();
      await worker.exited;
    }

    // The fleet goes on without them: another worker takes their stalled jobs and the outbox.
    const fleet = await startTestApp({ ...api.env, ROLE: 'worker', ...fastStalls }, redis);
    try {
      const completedIds = (deliveries: typeof receiver.received) =>
        deliveries.map((delivery) => (JSON.parse(delivery.body) as { type: string; data: { id: string } }).data.id.split('/').at(-1));
      await waitFor(
        async () => new Set(completedIds(receiver.at('/outbox'))),
        (ids) => submitted.every((id) => ids.has(id)),
        30_000,
      );
      // Nothing more on its way: no delivery waits, no entry is left in the outbox.
      const queue = fleet.app.services.platform.queues.get(deliverWebhookQueue);
      await waitFor(
        async () => (await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized')) as Record<string, number>,
        (counts) => Object.values(counts).every((count) => count === 0),
      );
      expect(await new Redis(redis.url).xlen(`${redis.prefix}:outbox`)).toBe(0);

      // Every change has one event: each completion's deliveries carry one webhook-id, and
      // there are as many ids as completions. A worker killed between a receiver's 2xx and
      // its record of it sends that event again on retry, with the same id and body (the
      // kill here races the first completion's own delivery, so it does happen): receivers
      // drop repeats by webhook-id, as Standard Webhooks advise.
      const delivered = receiver.at('/outbox');
      const byCompletion = new Map<string | undefined, typeof delivered>();
      for (const delivery of delivered) {
        const id = completedIds([delivery])[0];
        byCompletion.set(id, [...(byCompletion.get(id) ?? []), delivery]);
      }
      expect([...byCompletion.keys()].sort()).toEqual([...submitted].sort());
      for (const deliveries of byCompletion.values()) {
        expect(new Set(deliveries.map((delivery) => delivery.headers['webhook-id'])).size).toBe(1);
        expect(new Set(deliveries.map((delivery) => delivery.body)).size).toBe(1);
      }
      expect(new Set(delivered.map((delivery) => delivery.headers['webhook-id'])).size).toBe(submitted.length);
      // The endpoint's log lists one delivery a completion, each delivered.
      const endpoint = (await call('GET', '/api/webhooks/acme')).body as { id: string }[];
      const log = (await call('GET', `/api/webhooks/acme/${endpoint[0]!.id}/deliveries?limit=1000`)).body as { status: string }[];
      expect(log.map((delivery) => delivery.status)).toEqual(submitted.map(() => 'delivered'));
    } finally {
      await fleet.close();
    }
  });
});
