import WebSocket, { type RawData } from 'ws';
import { inBatches } from './support';

export interface SubscriptionTarget {
  /** ws://host:port/graphql */
  url: string;
  apiKey: string;
  query: string;
  variables: Record<string, unknown>;
}

/** What one change's deliveries looked like across every connected subscriber. */
export interface RoundResult {
  latenciesMs: number[];
  /** Subscribers that got nothing for this change before the round's timeout. */
  missing: number;
  /** Messages that arrived in the round but were not the expected snapshot (errors, wrong state). */
  wrong: number;
}

export interface ConnectResult {
  connected: number;
  failed: number;
  firstFailure?: string;
  seconds: number;
}

interface Subscriber {
  socket: WebSocket;
  /** The last round this subscriber has delivered in. */
  round: number;
}

interface Arrival {
  at: number;
  data: RawData;
}

interface Round {
  number: number;
  sentAt: number;
  arrivals: Arrival[];
  complete: () => void;
}

const SUBSCRIPTION_ID = '1';

/**
 * Raw `ws` clients speaking graphql-transport-ws, lighter than graphql-ws clients, so ten
 * thousand fit beside the load generator. A message is only timestamped and stored on
 * arrival and parsed after its round: the clients' own work must not delay the later
 * deliveries it is measuring.
 */
export class SubscriberPool {
  private readonly subscribers = new Set<Subscriber>();
  private round: Round | null = null;
  private rounds = 0;
  /** Messages outside any round, duplicates within one, and sockets the server closed. */
  readonly stray = { messages: 0, closed: 0 };

  constructor(private readonly target: SubscriptionTarget) {}

  get size(): number {
    return this.subscribers.size;
  }

  /** Opens `count` more subscriptions, each ready once its first snapshot arrived. */
  async add(count: number, options: { concurrency: number; timeoutMs: number }): Promise<ConnectResult> {
    const started = performance.now();
    const result: ConnectResult = { connected: 0, failed: 0, seconds: 0 };
    await inBatches(
      Array.from({ length: count }, (_, index) => index),
      options.concurrency,
      async () => {
        try {
          this.subscribers.add(await this.open(options.timeoutMs));
          result.connected++;
        } catch (error) {
          result.failed++;
          result.firstFailure ??= error instanceof Error ? error.message : String(error);
        }
      },
    );
    result.seconds = (performance.now() - started) / 1000;
    return result;
  }

  private open(timeoutMs: number): Promise<Subscriber> {
    const socket = new WebSocket(this.target.url, 'graphql-transport-ws', { perMessageDeflate: false });
    const subscriber: Subscriber = { socket, round: 0 };
    return new Promise<Subscriber>((resolve, reject) => {
      let ready = false;
      const fail = (reason: string) => {
        if (ready) return;
        clearTimeout(timer);
        socket.terminate();
        reject(new Error(reason));
      };
      const timer = setTimeout(() => fail(`no snapshot within ${timeoutMs} ms`), timeoutMs);
      socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { apiKey: this.target.apiKey } })));
      socket.on('error', (error) => fail(error.message));
      socket.on('close', (code, reason) => {
        if (!ready) return fail(`closed ${code} ${reason.toString()}`);
        if (this.subscribers.delete(subscriber)) this.stray.closed++;
      });
      socket.on('message', (data) => {
        if (ready) return this.arrive(subscriber, performance.now(), data);
        const message = JSON.parse(data.toString()) as { type: string; payload?: unknown };
        if (message.type === 'connection_ack') {
          socket.send(JSON.stringify({ id: SUBSCRIPTION_ID, type: 'subscribe', payload: { query: this.target.query, variables: this.target.variables } }));
        } else if (message.type === 'next') {
          ready = true;
          clearTimeout(timer);
          resolve(subscriber);
        } else if (message.type === 'ping') {
          socket.send(JSON.stringify({ type: 'pong' }));
        } else {
          fail(`${message.type}: ${JSON.stringify(message.payload)}`);
        }
      });
    });
  }

  private arrive(subscriber: Subscriber, at: number, data: RawData): void {
    const round = this.round;
    if (!round || subscriber.round === round.number) {
      this.stray.messages++;
      return;
    }
    subscriber.round = round.number;
    round.arrivals.push({ at, data });
    if (round.arrivals.length >= this.subscribers.size) round.complete();
  }

  /**
   * Runs one change: `trigger` sends it (the clock starts just before), then waits until
   * every subscriber has a message or `timeoutMs` passed, and checks each message against
   * `expect`.
   */
  async measure(trigger: () => Promise<void>, expect: (data: unknown) => boolean, timeoutMs: number): Promise<RoundResult> {
    let complete!: () => void;
    const done = new Promise<void>((resolve) => {
      complete = resolve;
    });
    const round: Round = { number: ++this.rounds, sentAt: performance.now(), arrivals: [], complete };
    this.round = round;
    await trigger();
    const timer = setTimeout(complete, timeoutMs);
    await done;
    clearTimeout(timer);
    this.round = null;

    const result: RoundResult = { latenciesMs: [], missing: Math.max(0, this.subscribers.size - round.arrivals.length), wrong: 0 };
    for (const arrival of round.arrivals) {
      const message = JSON.parse(arrival.data.toString()) as { type: string; id?: string; payload?: { data?: unknown } };
      if (message.type === 'next' && message.id === SUBSCRIPTION_ID && expect(message.payload?.data)) {
        result.latenciesMs.push(arrival.at - round.sentAt);
      } else {
        result.wrong++;
      }
    }
    return result;
  }

  async closeAll(): Promise<void> {
    const closing = [...this.subscribers].map(
      (subscriber) =>
        new Promise<void>((resolve) => {
          if (subscriber.socket.readyState === WebSocket.CLOSED) return resolve();
          subscriber.socket.once('close', () => resolve());
          subscriber.socket.close(1000);
          setTimeout(() => {
            subscriber.socket.terminate();
            resolve();
          }, 5000).unref();
        }),
    );
    this.subscribers.clear();
    await Promise.all(closing);
  }
}
