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
/** Raw arrivals, parsed after the run: the clients' own parsing must not delay what they measure. */
const arrivals: { at: number; connection: Connection; data: Buffer }[] = [];
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
      if (recording) {
        arrivals.push({ at: now(), connection, data });
        return;
      }
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

function results(changesMade: number): ClientResults {
  recording = false;
  const out: ClientResults = { type: 'results', latenciesMs: [], missing: 0, wrong: 0, closedByServer };
  const wrong = (why: string) => {
    out.wrong++;
    out.firstWrong ??= why;
  };
  for (const { at, connection, data } of arrivals) {
    const text = data.toString();
    const message = JSON.parse(text) as { type: string; id?: string; payload?: { data?: { voiceUpdated?: { name?: string } } } };
    const slot = Number(message.id);
    const name = message.payload?.data?.voiceUpdated?.name;
    const change = message.type === 'next' && typeof name === 'string' ? readName(name) : null;
    const received = connection.received[slot];
    if (!change || !received) {
      wrong(text.slice(0, 300));
      continue;
    }
    const voice = voiceOf(connection.number, slot, plan.subscriptionsPerConnection, plan.voices);
    if (change.sequence % plan.voices !== voice || received.has(change.sequence)) {
      wrong(`connection ${connection.number} subscription ${slot} (voice ${voice}): ${name}`);
      continue;
    }
    received.add(change.sequence);
    out.latenciesMs.push(at - change.writtenAt);
  }
  arrivals.length = 0;
  for (const connection of connections) {
    for (const [slot, received] of connection.received.entries()) {
      const voice = voiceOf(connection.number, slot, plan.subscriptionsPerConnection, plan.voices);
      out.missing += Math.max(0, changesOf(voice, plan.voices, changesMade) - received.size);
    }
  }
  return out;
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
