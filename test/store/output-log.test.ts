import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config';
import { redisConnectionOf } from '../../src/config/redis-connection';
import { OutputLog, type OutputEvent, type OutputResource } from '../../src/domain/output/output-log';
import { EventBus } from '../../src/events/event-bus';
import { KeySpace } from '../../src/store/keys';
import { OutputEventStore } from '../../src/store/output-events';
import { connectRedis, type RedisConnections } from '../../src/store/redis';
import { startTestCluster } from '../support/redis-cluster';
import { startTestRedis, type TestRedis } from '../support/redis-server';
import { waitFor } from '../support/wait-for';
import { rebuild } from '../support/output-events';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads a stream to its end (or until `count` events), in the background. */
function collect(stream: AsyncIterator<OutputEvent>, count = Infinity): { events: OutputEvent[]; ended: Promise<void> } {
  const events: OutputEvent[] = [];
  const ended = (async () => {
    while (events.length < count) {
      const step = await stream.next();
      if (step.done) return;
      events.push(step.value);
    }
    await stream.return?.();
  })();
  return { events, ended };
}

describe.each([
  ['a single Redis', startTestRedis],
  ['a Redis Cluster', startTestCluster],
])('the output log on %s', (_name, start: () => Promise<TestRedis>) => {
  let server: TestRedis;
  let redis: RedisConnections;
  let log: OutputLog;
  let store: OutputEventStore;
  const settings = { maxEventsPerResource: 20, coalesceMs: 40, quietMs: 500 };
  const resource = (): OutputResource => ({ kind: 'completion', id: randomUUID() });
  const always = async () => undefined;

  beforeAll(async () => {
    server = await start();
    redis = connectRedis(redisConnectionOf(loadConfig(server.env)));
    const keys = new KeySpace(server.prefix);
    store = new OutputEventStore(redis.commands, keys);
    log = new OutputLog({ store, bus: new EventBus(redis.subscriber, keys), ...settings });
  }, 120_000);

  afterAll(async () => {
    await redis?.close();
    await server?.stop();
  });

  it('numbers events 1, 2, 3 without a gap, the first one a reset, done last', async () => {
    const output = resource();
    const writer = log.writer(output, { ttlSeconds: 60 });
    for (const piece of ['Hel', 'lo', ', ', 'world']) {
      writer.append(piece);
      await writer.flush();
    }
    await log.finish(output, { finalText: 'Hello, world', ttlSeconds: 60 });
    const read = await log.read(output, 0);
    expect(read.kind).toBe('replay');
    const events = read.kind === 'replay' ? read.events : [];
    expect(events.map((event) => event.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(events.map((event) => event.reset)).toEqual([true, false, false, false, false]);
    expect(events.map((event) => event.done)).toEqual([false, false, false, false, true]);
    expect(events.at(-1)!.text).toBe('');
    expect(rebuild(events)).toBe('Hello, world');
    // Done is final: a late write changes nothing.
    writer.append('!');
    await writer.flush();
    await log.finish(output, { finalText: 'other', ttlSeconds: 60 });
    expect(await log.snapshot(output)).toMatchObject({ seq: 5, text: 'Hello, world', done: true, reset: true });
  });

  it('coalesces text that arrives within the window into one event', async () => {
    const output = resource();
    const writer = log.writer(output, { ttlSeconds: 60 });
    const tokens = Array.from({ length: 30 }, (_, index) => `t${index} `);
    for (const token of tokens) {
      writer.append(token);
      await sleep(2);
    }
    await writer.flush();
    const snapshot = await log.snapshot(output);
    expect(snapshot.text).toBe(tokens.join(''));
    // 30 tokens over about 60 ms (more under load): each event holds every token of its window.
    expect(snapshot.seq).toBeLessThan(tokens.length / 2);
  });

  it('ends with exactly the final text: a done event resets to it when the text so far differs', async () => {
    const output = resource();
    const writer = log.writer(output, { ttlSeconds: 60 });
    writer.append('partial');
    await writer.flush();
    await log.finish(output, { finalText: 'the whole answer', ttlSeconds: 60 });
    const read = await log.read(output, 1);
    expect(read).toMatchObject({ kind: 'replay', events: [{ seq: 2, text: 'the whole answer', reset: true, done: true }] });
  });

  it('starts each writer over with a reset, and stops a writer whose log a newer one took over', async () => {
    const output = resource();
    const first = log.writer(output, { ttlSeconds: 60 });
    first.append('first attempt');
    await first.flush();
    const second = log.writer(output, { ttlSeconds: 60 });
    second.append('second');
    await second.flush();
    first.append(' goes on');
    await first.flush();
    expect(first.superseded).toBe(true);
    second.append(' attempt');
    await second.flush();
    const read = await log.read(output, 0);
    const events = read.kind === 'replay' ? read.events : [];
    expect(events.map((event) => [event.seq, event.text, event.reset])).toEqual([
      [1, 'first attempt', true],
      [2, 'second', true],
      [3, ' attempt', false],
    ]);
    expect(rebuild(events)).toBe('second attempt');
  });

  it('replays the events after n, then goes on live, each seq once', async () => {
    const output = resource();
    const writer = log.writer(output, { ttlSeconds: 60 });
    for (const piece of ['a', 'b', 'c']) {
      writer.append(piece);
      await writer.flush();
    }
    const reader = collect(log.follow(output, { after: 1, check: always }));
    await waitFor(
      async () => reader.events.length,
      (count) => count === 2,
      10_000,
    );
    for (const piece of ['d', 'e']) {
      writer.append(piece);
      await writer.flush();
    }
    await log.finish(output, { finalText: 'abcde', ttlSeconds: 60 });
    await reader.ended;
    expect(reader.events.map((event) => event.seq)).toEqual([2, 3, 4, 5, 6]);
    expect('a' + reader.events.map((event) => event.text).join('')).toBe('abcde');
    expect(reader.events.at(-1)!.done).toBe(true);
  });

  it('starts with the snapshot without after, and when the events after n are no longer kept', async () => {
    const output = resource();
    const writer = log.writer(output, { ttlSeconds: 60 });
    let whole = '';
    for (let index = 0; index < settings.maxEventsPerResource + 5; index++) {
      writer.append(`${index},`);
      whole += `${index},`;
      await writer.flush();
    }
    const fresh = collect(log.follow(output, { after: null, check: always }), 1);
    const trimmed = collect(log.follow(output, { after: 2, check: always }), 1);
    const kept = collect(log.follow(output, { after: 10, check: always }), 1);
    await Promise.all([fresh.ended, trimmed.ended, kept.ended]);
    const seq = settings.maxEventsPerResource + 5;
    expect(fresh.events).toEqual([{ seq, text: whole, reset: true, done: false }]);
    expect(trimmed.events).toEqual([{ seq, text: whole, reset: true, done: false }]);
    expect(kept.events[0]).toMatchObject({ seq: 11, text: '10,', reset: false });
  });

  it('gives a finished resource as its snapshot with done, and ends; a replay after n ends with done', async () => {
    const output = resource();
    const writer = log.writer(output, { ttlSeconds: 60 });
    writer.append('all of it');
    await writer.flush();
    await log.finish(output, { finalText: 'all of it', ttlSeconds: 60 });
    const snapshot = collect(log.follow(output, { after: null, check: always }));
    const replay = collect(log.follow(output, { after: 1, check: always }));
    const caughtUp = collect(log.follow(output, { after: 2, check: always }));
    await Promise.all([snapshot.ended, replay.ended, caughtUp.ended]);
    expect(snapshot.events).toEqual([{ seq: 2, text: 'all of it', reset: true, done: true }]);
    expect(replay.events).toMatchObject([{ seq: 2, text: '', reset: false, done: true }]);
    expect(caughtUp.events).toEqual([]);
  });

  it('numbers the snapshot of a log with nothing yet 0, and a follower refused by its check gets no event', async () => {
    const output = resource();
    const stream = log.follow(output, { after: null, check: always });
    expect((await stream.next()).value).toEqual({ seq: 0, text: '', reset: true, done: false });
    await stream.return!();
    const refused = log.follow(output, {
      after: null,
      check: async () => {
        throw new Error('Completion not found');
      },
    });
    await expect(refused.next()).rejects.toThrow('Completion not found');
  });

  it('reads the log again after a quiet spell, so a done it did not hear still ends the stream', async () => {
    const output = resource();
    const writer = log.writer(output, { ttlSeconds: 60 });
    writer.append('text');
    await writer.flush();
    let settled = false;
    const reader = collect(
      log.follow(output, {
        after: null,
        // What a resource's owner does on a quiet spell: settles a log whose resource finished without its done.
        check: async () => {
          if (settled) return;
          settled = true;
          await store.write(output, { mode: 'finish', text: '', owner: '', finalText: 'text', maxEvents: 20, ttlMs: 60_000 });
        },
      }),
    );
    await reader.ended;
    expect(rebuild(reader.events)).toBe('text');
    expect(reader.events.at(-1)!.done).toBe(true);
  });
});
