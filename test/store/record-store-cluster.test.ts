import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config';
import { redisConnectionOf } from '../../src/config/redis-connection';
import { KeySpace, partnerRecordId } from '../../src/store/keys';
import { NameTaken, RecordStore, type ChangeEvent, type NameIndex, type Versioned } from '../../src/store/record-store';
import { connectRedis, type RedisConnections } from '../../src/store/redis';
import { startTestCluster, type TestCluster } from '../support/redis-cluster';
import { waitFor } from '../support/wait-for';

interface Named extends Versioned {
  id: string;
  partner: string;
  name: string;
}

let cluster: TestCluster;
let redis: RedisConnections;
let keys: KeySpace;
let records: RecordStore;

beforeAll(async () => {
  cluster = await startTestCluster();
  redis = connectRedis(redisConnectionOf(loadConfig(cluster.env)));
  keys = new KeySpace(cluster.prefix);
  records = new RecordStore(redis.commands, keys);
});

afterAll(async () => {
  await redis.close();
  await cluster.stop();
});

const index = (partner: string, name: string): NameIndex => ({ key: keys.partnerKey('named-index', partner), name });

async function create(partner: string, name: string): Promise<Named> {
  const id = partnerRecordId(partner);
  return records.create<Named>('named', id, { id, partner, name }, { topics: [`named:${partner}`], index: index(partner, name) });
}

/** The slot a key hashes to, as the cluster itself computes it. */
const slotOf = (key: string) => redis.commands.cluster('KEYSLOT', key);

describe('on a Redis Cluster', () => {
  it("leaves a write's outbox entries in the record's slot, in the registry the drainers read", async () => {
    // A store of its own, told what its writes leave behind.
    const noting = new RecordStore(redis.commands, keys);
    noting.leaveInOutbox(async (write) => (write.kind === 'noted' ? [`${(write.next as Named).name} changed`] : []));
    const partner = `outbox-${randomUUID().slice(0, 6)}`;
    const id = partnerRecordId(partner);
    await noting.create<Named>('noted', id, { id, partner, name: 'first' }, { topics: [] });
    await noting.update<Named>('noted', id, (current) => ({ ...current, name: 'second' }), { topics: [] });

    const key = noting.outbox.keyFor(keys.recordKey('noted', id));
    expect(await slotOf(key)).toBe(await slotOf(keys.recordKey('noted', id)));
    expect(await noting.outbox.outboxKeys()).toContain(key);
    const taken = await noting.outbox.take(key, 'test', 10, { abandoned: false });
    expect(taken.map((entry) => entry.entry)).toEqual(['first changed', 'second changed']);
    // Taken and not settled: no other drainer gets them as new.
    expect(await noting.outbox.take(key, 'other', 10, { abandoned: false })).toEqual([]);
    await noting.outbox.settle(taken);
    expect(await redis.commands.xlen(key)).toBe(0);
    // The sweep's forgetting of idle consumers runs in the outbox's slot too: the drainer that
    // settled goes (the one that found nothing was never made a consumer).
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await noting.outbox.forgetIdleConsumers(key, 10)).toBe(1);
    expect(await redis.commands.xinfo('CONSUMERS', key, 'drain')).toEqual([]);
  });

  it("keeps a record and its partner's name index in one slot, whatever the partner is called", async () => {
    for (const partner of ['acme', 'p{1}', 'ünïcode partner', '}{']) {
      const id = partnerRecordId(partner);
      expect(await slotOf(keys.recordKey('named', id))).toBe(await slotOf(keys.partnerKey('named-index', partner)));
    }
  });

  it('creates, renames and deletes through the compare-and-set script with its name index', async () => {
    const partner = `partner-${randomUUID().slice(0, 6)}`;
    const voice = await create(partner, 'first');
    await expect(create(partner, 'first')).rejects.toBeInstanceOf(NameTaken);

    const renamed = await records.update<Named>('named', voice.id, (current) => ({ ...current, name: 'second' }), {
      topics: [`named:${partner}`],
      index: index(partner, 'first'),
      rename: 'second',
    });
    expect(renamed).toMatchObject({ name: 'second', version: 2 });
    expect(await records.idByName(index(partner, 'first').key, 'first')).toBeNull();
    expect(await records.idByName(index(partner, 'second').key, 'second')).toBe(voice.id);

    await records.remove<Named>('named', voice.id, { topics: [`named:${partner}`], index: index(partner, 'second') });
    expect(await records.get('named', voice.id)).toBeNull();
    expect(await records.indexedIds(index(partner, 'second').key)).toEqual([]);
  });

  it('reads records of many partners (many slots) in the order asked, and finds them all by scanning every master', async () => {
    const made = await Promise.all(Array.from({ length: 30 }, (_, n) => create(`scan-${n}-${randomUUID().slice(0, 6)}`, 'only')));
    const slots = new Set(await Promise.all(made.map((record) => slotOf(keys.recordKey('named', record.id)))));
    expect(slots.size).toBeGreaterThan(1);

    const ids = [...made.map((record) => record.id)].reverse();
    expect((await records.getMany<Named>('named', [...ids, 'missing'])).map((record) => record?.id ?? null)).toEqual([...ids, null]);

    const scanned: string[] = [];
    for await (const batch of records.scan<Named>('named', 7)) scanned.push(...batch.map((record) => record.id));
    for (const id of ids) expect(scanned).toContain(id);
  });

  it('publishes inside the script so that a subscriber on every other node receives the event', async () => {
    const partner = `events-${randomUUID().slice(0, 6)}`;
    const channel = keys.channel(`named:${partner}`);
    const received = cluster.nodeUrls.map(() => [] as ChangeEvent<Named>[]);
    const listeners = await Promise.all(
      cluster.nodeUrls.map(async (url, node) => {
        const listener = new Redis(url);
        listener.on('message', (_channel: string, message: string) => received[node]!.push(JSON.parse(message) as ChangeEvent<Named>));
        await listener.subscribe(channel);
        return listener;
      }),
    );
    try {
      const record = await create(partner, 'heard');
      await waitFor(
        async () => received.map((events) => events.length),
        (counts) => counts.every((count) => count === 1),
        10_000,
      );
      for (const events of received) expect(events).toEqual([{ version: 1, deleted: false, data: record, at: expect.any(Number) }]);
    } finally {
      for (const listener of listeners) listener.disconnect();
    }
  });
});
