import WebSocket from 'ws';
import { inBatches } from './support';
import { changesOf, readName, voiceOf, type ClientPlan, type ClientRequest, type ClientResults, type StepReport } from './live-plan';

/**
 * A pool of graphql-ws connections in a process of its own (bench/live-subscriptions.ts
 * starts one or two), so the clients' work runs beside the server's event loop, not in it.
 * Raw `ws` sockets speaking graphql-transport-ws, each with several subscriptions. Driven by
 * IPC messages: `connect` opens and initialises the connections, `subscribe` starts each
 * connection's subscriptions and waits for every first snapshot, `results` tells what arrived.
 */

const now = () => performance.timeOrigin + performance.now();

interface Connection {
  socket: WebSocket;
  number: number;
  /** Per subscription slot: the sequences of the changes received (the first snapshot excluded). */
  received: Set<number>[];
  ready: number;
  onReady: (() => void) | null;
}

let plan: ClientPlan;
const connections: Connection[] = [];
/**
 * What arrived while recording, as numbers: each message is read on arrival for its
 * subscription and the name its change gave, with a string search rather than JSON.parse,
 * and nothing of it is kept. Fifteen thousand messages a second kept as objects would grow
 * this process's heap until its collections paused it, and the pauses would count as delivery
 * latency.
 */
const latenciesMs: number[] = [];
const out = { wrong: 0, firstWrong: undefined as string | undefined };
let recording = false;
let closedByServer = 0;
let closing = false;

function open(number: number): Promise<Connection> {
  const socket = new WebSocket(plan.url, 'graphql-transport-ws', { perMessageDeflate: false });
  const connection: Connection = { socket, number, received: [], ready: 0, onReady: null };
  return new Promise((resolve, reject) => {
    let acknowledged = false;
    const timer = setTimeout(() => fail('no connection_ack within 60 s'), 60_000);
    function fail(reason: string) {
      if (acknowledged) return;
      clearTimeout(timer);
      socket.terminate();
      reject(new Error(reason));
    }
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { apiKey: plan.apiKey } })));
    socket.on('error', (error) => fail(error.message));
    socket.on('close', (code, reason) => {
      if (!acknowledged) return fail(`closed ${code} ${reason.toString()}`);
      if (!closing) closedByServer++;
    });
    socket.on('message', (data: Buffer) => {
      if (recording) return arrive(connection, now(), data);
      const message = JSON.parse(data.toString()) as { type: string; id?: string; payload?: unknown };
      if (!acknowledged) {
        if (message.type !== 'connection_ack') return fail(`${message.type}: ${JSON.stringify(message.payload)}`);
        acknowledged = true;
        clearTimeout(timer);
        return resolve(connection);
      }
      if (message.type === 'next' && connection.onReady) {
        connection.ready++;
        if (connection.ready === plan.subscriptionsPerConnection) connection.onReady();
      } else if (message.type !== 'next') {
        process.send!({ type: 'log', line: `connection ${number}: ${message.type} ${JSON.stringify(message.payload)}` });
      }
    });
  });
}

async function step(task: (index: number) => Promise<void>, count: number): Promise<StepReport> {
  const started = performance.now();
  const report: StepReport = { type: 'step', ok: 0, failed: 0, seconds: 0 };
  await inBatches(
    Array.from({ length: count }, (_, index) => index),
    plan.concurrency,
    async (index) => {
      try {
        await task(index);
        report.ok++;
      } catch (error) {
        report.failed++;
        report.firstFailure ??= error instanceof Error ? error.message : String(error);
      }
    },
  );
  report.seconds = (performance.now() - started) / 1000;
  return report;
}

/** Starts a connection's subscriptions and resolves once each has sent its current state. */
function subscribeAll(connection: Connection): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${connection.ready} of ${plan.subscriptionsPerConnection} snapshots within 60 s`)), 60_000);
    connection.onReady = () => {
      clearTimeout(timer);
      connection.onReady = null;
      resolve();
    };
    for (let slot = 0; slot < plan.subscriptionsPerConnection; slot++) {
      connection.received.push(new Set());
      const voice = voiceOf(connection.number, slot, plan.subscriptionsPerConnection, plan.voices);
      const variables = { partner: plan.partner, name: `${plan.voicePrefix}${voice}` };
      connection.socket.send(JSON.stringify({ id: String(slot), type: 'subscribe', payload: { query: plan.query, variables } }));
    }
  });
}

const NAME_FIELD = '"name":"';

function arrive(connection: Connection, at: number, data: Buffer): void {
  const text = data.toString();
  // `{"id":"<slot>","type":"next","payload":{"data":{"voiceUpdated":{"name":"<name>",…`
  const slot = text.startsWith('{"id":"') ? Number(text.slice(7, text.indexOf('"', 7))) : NaN;
  const nameAt = text.indexOf(NAME_FIELD);
  const name = nameAt < 0 ? null : text.slice(nameAt + NAME_FIELD.length, text.indexOf('"', nameAt + NAME_FIELD.length));
  const change = text.includes('"type":"next"') && name !== null ? readName(name) : null;
  const received = connection.received[slot];
  if (!change || !received) return wrong(text.slice(0, 300));
  const voice = voiceOf(connection.number, slot, plan.subscriptionsPerConnection, plan.voices);
  if (change.sequence % plan.voices !== voice || received.has(change.sequence)) {
    return wrong(`connection ${connection.number} subscription ${slot} (voice ${voice}): ${name}`);
  }
  received.add(change.sequence);
  latenciesMs.push(at - change.writtenAt);
}

function wrong(why: string): void {
  out.wrong++;
  out.firstWrong ??= why;
}

function results(changesMade: number): ClientResults {
  recording = false;
  let missing = 0;
  for (const connection of connections) {
    for (const [slot, received] of connection.received.entries()) {
      const voice = voiceOf(connection.number, slot, plan.subscriptionsPerConnection, plan.voices);
      missing += Math.max(0, changesOf(voice, plan.voices, changesMade) - received.size);
    }
  }
  return { type: 'results', latenciesMs, missing, wrong: out.wrong, firstWrong: out.firstWrong, closedByServer };
}

process.on('message', (request: ClientRequest) => {
  void (async () => {
    switch (request.type) {
      case 'connect': {
        plan = request.plan;
        const report = await step(async (index) => {
          connections.push(await open(plan.firstConnection + index));
        }, plan.connectionCount);
        return process.send!(report);
      }
      case 'subscribe': {
        const report = await step((index) => subscribeAll(connections[index]!), connections.length);
        // From here on, every message is a change to measure.
        recording = true;
        return process.send!(report);
      }
      case 'results':
        return process.send!(results(request.changesMade));
      case 'close': {
        closing = true;
        for (const connection of connections) connection.socket.terminate();
        return process.send!({ type: 'closed' });
      }
    }
  })().catch((error: unknown) => process.send!({ type: 'log', line: `client pool failed: ${String(error)}` }));
});
process.send!({ type: 'started' });
