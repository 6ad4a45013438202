import { request, type IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { VOICE_NAME_INDEX } from '../../../src/domain/voice/voice.repository';
import { VOICE_KIND, voiceTopic, type VoiceRecord } from '../../../src/domain/voice/voice.types';
import { registry } from '../../../src/observability/metrics';
import { multipart, restClient } from '../../support/rest-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { waitFor } from '../../support/wait-for';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** The memory this process holds, after a full collection: the V8 heap and what Buffers keep outside it. */
function heldBytes(): number {
  collectGarbage();
  collectGarbage();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

const MiB = 1024 * 1024;
const CHANGES = 20_000;
const VOICES = 10;

let app: TestApp;
let key: string;
let wsUrl: string;

beforeAll(async () => {
  // API only: no worker or reconciler writes to the voices the tests drive. Pings far apart:
  // a client that stops reading answers none, and must be closed for its backlog only.
  app = await startTestApp({ ROLE: 'api', WS_KEEP_ALIVE_SECONDS: '600' });
  key = await app.createKey('acme');
  wsUrl = `${app.url.replace('http', 'ws')}/graphql`;
});
afterAll(async () => {
  await app?.close();
});

/** A long name, so every event is a few KiB (14 aliases of it), as a voice with its samples would be. */
const longName = (label: string) => `${label}-${'n'.repeat(240)}`;
const BULK = Array.from({ length: 14 }, (_, index) => `n${index}: name`).join(' ');

async function createVoices(labels: string[]): Promise<string[]> {
  const call = restClient(app.url, key);
  const { records, keys } = app.app.services.platform;
  const ids: string[] = [];
  for (const label of labels) {
    expect((await call('POST', '/api/voices/acme/empty', { form: await multipart({ name: longName(label) }) })).status).toBe(201);
    ids.push((await records.idByName(keys.partnerKey(VOICE_NAME_INDEX, 'acme'), longName(label)))!);
  }
  return ids;
}

/** A write through the one write path, published to the partner's subscribers. */
function write(id: string, change: (voice: VoiceRecord) => VoiceRecord) {
  return app.app.services.platform.records.update<VoiceRecord>(VOICE_KIND, id, change, { topics: [voiceTopic('acme')] });
}

/** `count` state changes to each voice (its creator name counts them), the voices written side by side. */
async function changeEach(ids: string[], count: number): Promise<void> {
  await Promise.all(
    ids.map(async (id) => {
      for (let step = 1; step <= count; step++) await write(id, (voice) => ({ ...voice, creatorName: String(step) }));
    }),
  );
}

function slowClosesOver(transport: string): Promise<number> {
  return registry
    .getSingleMetric('live_slow_client_closes_total')!
    .get()
    .then((metric) => metric.values.find((value) => value.labels.transport === transport)?.value ?? 0);
}

/** Deliveries the lag histogram has seen. */
async function lagObservations(): Promise<number> {
  const metric = await registry.getSingleMetric('live_delivery_lag_seconds')!.get();
  return metric.values.find((value) => (value as { metricName?: string }).metricName === 'live_delivery_lag_seconds_count')?.value ?? 0;
}

interface Received {
  id: string;
  creatorName: string | null;
  status?: { splitting: string };
  progress?: { done: number } | null;
}

/** A graphql-transport-ws client on a raw socket, which can stop reading. */
async function rawSubscriber(query: string, onNext: (data: Received) => void) {
  const socket = new WebSocket(wsUrl, ['graphql-transport-ws'], { perMessageDeflate: false });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })));
  let first: () => void;
  const started = new Promise<void>((resolve) => (first = resolve));
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as { type: string; payload?: { data?: Record<string, Received> } };
    if (message.type === 'connection_ack') socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query } }));
    if (message.type !== 'next') return;
    onNext(Object.values(message.payload!.data!)[0]!);
    first();
  });
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ type: 'connection_init', payload: { apiKey: key } }));
  await started;
  return { socket, closed };
}

/** Checks that each voice's changes arrive whole and in order, keeping nothing but a counter per voice. */
function inOrder() {
  const last = new Map<string, number>();
  let outOfOrder = 0;
  return {
    next(data: Received) {
      const step = Number(data.creatorName ?? 0);
      if (last.has(data.id) && step !== last.get(data.id)! + 1) outOfOrder++;
      last.set(data.id, step);
    },
    reached: (ids: string[], step: number) => ids.every((id) => last.get(id) === step),
    get outOfOrder() {
      return outOfOrder;
    },
  };
}

/**
 * Every change while the slow client reads nothing: the fast subscriber gets each in order,
 * and the slow one is closed for falling behind, having cost the server less than 20 MiB.
 */
async function changeWhileBehind(ids: string[], order: ReturnType<typeof inOrder>, slow: { transport: string; before: number; closesBefore: number }) {
  await changeEach(ids, CHANGES / VOICES);
  await waitFor(async () => order.reached(ids, CHANGES / VOICES), Boolean, 30_000);
  expect(order.outOfOrder).toBe(0);
  expect(await slowClosesOver(slow.transport)).toBe(slow.closesBefore + 1);
  expect(heldBytes() - slow.before).toBeLessThan(20 * MiB);
}

describe('a client that stops reading', () => {
  it('over graphql-ws: costs the server its budget at most, is closed with 4408, and delays no other subscriber', async () => {
    const ids = await createVoices(Array.from({ length: VOICES }, (_, index) => `ws${index}`));
    const query = `subscription { voicesUpdated(partner: "acme") { id creatorName ${BULK} } }`;
    const before = heldBytes();
    const closesBefore = await slowClosesOver('graphql-ws');
    const lagBefore = await lagObservations();
    const slow = await rawSubscriber(query, () => undefined);
    slow.socket.pause();
    const order = inOrder();
    const fast = await rawSubscriber(query, (data) => order.next(data));

    await changeWhileBehind(ids, order, { transport: 'graphql-ws', before, closesBefore });
    // Every change the fast subscriber got, from its write to its socket write.
    expect((await lagObservations()) - lagBefore).toBeGreaterThanOrEqual(CHANGES);

    // Read again, the client finds what its socket had taken, then the close frame.
    slow.socket.resume();
    expect(await slow.closed).toEqual({ code: 4408, reason: 'Too far behind: the client reads slower than its events come' });
    expect(fast.socket.readyState).toBe(WebSocket.OPEN);
    fast.socket.close();
  });

  it('over SSE: costs the server its budget at most, ends the stream, and delays no other subscriber', async () => {
    const ids = await createVoices(Array.from({ length: VOICES }, (_, index) => `sse${index}`));
    const query = `subscription { voicesUpdated(partner: "acme") { id creatorName ${BULK} } }`;
    const before = heldBytes();
    const closesBefore = await slowClosesOver('sse');
    const slow = await new Promise<IncomingMessage>((resolve, reject) => {
      const sent = request(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-api-key': key },
      });
      sent.on('response', resolve).on('error', reject);
      sent.end(JSON.stringify({ query }));
    });
    let text = '';
    slow.setEncoding('utf8');
    slow.on('data', (chunk: string) => (text += chunk));
    await waitFor(async () => text.includes('\ndata: '), Boolean);
    slow.pause();
    const order = inOrder();
    const fast = await rawSubscriber(query, (data) => order.next(data));

    await changeWhileBehind(ids, order, { transport: 'sse', before, closesBefore });

    // Read again, the client finds what was already on its way, then the reason and the end.
    slow.resume();
    await new Promise((resolve) => slow.once('end', resolve));
    const events = text.split('\n\n').filter((event) => event.includes('data: {'));
    expect(events.at(-1)).toContain('"code":"CLIENT_TOO_SLOW"');
    expect(text.trimEnd().endsWith('event: complete\ndata:')).toBe(true);
    fast.socket.close();
  });

  it('gets each resource only its newest progress, every state change in order, and stays connected', async () => {
    const [id] = await createVoices(['progress']);
    const query = `subscription { voiceUpdated(partner: "acme", name: "${longName('progress')}") { id creatorName status { splitting } progress { done } ${BULK} } }`;
    const received: Received[] = [];
    const slow = await rawSubscriber(query, (data) => received.push(data));
    slow.socket.pause();
    const closesBefore = await slowClosesOver('graphql-ws');

    const generation = (await write(id!, (voice) => ({
      ...voice,
      creatorName: 'started',
      splitting: { ...voice.splitting, status: 'in_progress', generation: voice.splitting.generation + 1 },
    })))!.splitting.generation;
    const updates = 5_000;
    for (let done = 1; done <= updates; done++) {
      await write(id!, (voice) => ({ ...voice, progress: { stage: 'splitting', done, total: updates, updatedAt: new Date().toISOString(), generation } }));
    }
    await write(id!, (voice) => ({ ...voice, creatorName: 'finished', splitting: { ...voice.splitting, status: 'completed' } }));

    slow.socket.resume();
    await waitFor(async () => received.at(-1)?.creatorName === 'finished', Boolean, 30_000);
    expect(await slowClosesOver('graphql-ws')).toBe(closesBefore);
    expect(slow.socket.readyState).toBe(WebSocket.OPEN);
    // The snapshot, the start, progress in order up to the newest, then the end: no state lost, and far fewer than 5,000 events.
    expect(received.map((data) => data.creatorName).filter((name, index, all) => name !== all[index - 1])).toEqual([null, 'started', 'finished']);
    const done = received.flatMap((data) => (data.progress ? [data.progress.done] : []));
    expect(done.every((value, index) => index === 0 || value > done[index - 1]!)).toBe(true);
    expect(done.at(-1)).toBe(updates);
    expect(received.at(-2)).toMatchObject({ creatorName: 'started', progress: { done: updates } });
    expect(received.at(-1)).toMatchObject({ status: { splitting: 'COMPLETED' }, progress: null });
    expect(received.length).toBeLessThan(updates);
    slow.socket.close();
  });
});
