import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeySpace } from '../../src/store/keys';
import { RecordStore, UnreadableRecord, type ChangeEvent, type RecordLayout, type Versioned } from '../../src/store/record-store';
import { listen } from '../support/redis-channel';
import { startTestRedis, type TestRedis } from '../support/redis-server';

// A kind whose layout 1 called its text `body` and had no tags; layout 2 renamed it and added them.
interface Note extends Versioned {
  id: string;
  text: string;
  tags: string[];
}

let upgrades = 0;
const NOTE_LAYOUT: RecordLayout<Note> = {
  version: 2,
  upgrade(stored, from) {
    upgrades++;
    const old = stored as { id?: unknown; body?: unknown; text?: unknown; tags?: unknown; version?: unknown };
    const text = from === 1 ? old.body : old.text;
    if (typeof old.id !== 'string' || typeof text !== 'string' || typeof old.version !== 'number') throw new Error('text: expected string');
    return { id: old.id, text, tags: Array.isArray(old.tags) ? (old.tags as string[]) : [], version: old.version };
  },
};

let redis: TestRedis;
let commands: Redis;
let keys: KeySpace;
let records: RecordStore;

beforeAll(async () => {
  redis = await startTestRedis();
  commands = new Redis(redis.url);
  keys = new KeySpace(redis.prefix);
  records = new RecordStore(commands, keys);
  records.define('note', NOTE_LAYOUT);
});

afterAll(async () => {
  commands.disconnect();
  await redis.stop();
});

/** A note as the build before layouts wrote it, straight into Redis. */
async function oldNote(body: string): Promise<string> {
  const id = randomUUID();
  await commands.set(keys.recordKey('note', id), JSON.stringify({ id, body, version: 4 }));
  return id;
}

const stored = async (id: string) => JSON.parse((await commands.get(keys.recordKey('note', id)))!) as unknown;
const topics = (id: string) => ({ topics: [`note:${id}`] });

describe('a kind read through its layout', () => {
  it('reads a record of layout 1 upgraded, through get, getMany and scan', async () => {
    const id = await oldNote('first');
    const upgraded: Note = { id, text: 'first', tags: [], version: 4 };

    expect(await records.get<Note>('note', id)).toEqual(upgraded);
    expect(await records.getMany<Note>('note', [id, 'missing'])).toEqual([upgraded, null]);
    const scanned: Note[] = [];
    for await (const batch of records.scan<Note>('note')) scanned.push(...batch);
    expect(scanned).toContainEqual(upgraded);
  });

  it('writes the current layout and its version with every record, and reads such a record as stored, without upgrading it', async () => {
    const id = randomUUID();
    await records.create<Note>('note', id, { id, text: 'new', tags: ['a'] }, topics(id));
    expect(await stored(id)).toEqual({ id, text: 'new', tags: ['a'], version: 1, schemaVersion: 2 });

    const before = upgrades;
    expect(await records.get<Note>('note', id)).toEqual({ id, text: 'new', tags: ['a'], version: 1, schemaVersion: 2 });
    expect(upgrades).toBe(before);
  });

  it('updates a record of layout 1: the change sees it upgraded, and the write stores and publishes the current layout', async () => {
    const id = await oldNote('old text');
    const feed = await listen(redis.url, keys.channel(`note:${id}`));
    try {
      const updated = await records.update<Note>('note', id, (note) => ({ ...note, tags: [...note.tags, 'seen'] }), topics(id));

      const expected = { id, text: 'old text', tags: ['seen'], version: 5, schemaVersion: 2 };
      expect(updated).toEqual(expected);
      expect(await stored(id)).toEqual(expected);
      const events = (await feed.messagesBeforeSentinel()).map((message) => JSON.parse(message) as ChangeEvent<Note>);
      // A write that upgrades changes more than progress: never collapsible.
      expect(events).toEqual([{ version: 5, deleted: false, data: expected, at: expect.any(Number) }]);
    } finally {
      feed.close();
    }
  });

  it('compares the stored text it read, not the record upgraded from it: a write in between makes it read again', async () => {
    const id = await oldNote('two');
    let attempts = 0;

    const updated = await records.update<Note>(
      'note',
      id,
      (note) => {
        attempts++;
        // An older build writes the record while this change runs (on the same connection, so before the write).
        if (attempts === 1) void commands.set(keys.recordKey('note', id), JSON.stringify({ id, body: 'three', version: 7 }));
        return { ...note, tags: [note.text] };
      },
      topics(id),
    );

    expect(attempts).toBe(2);
    expect(updated).toEqual({ id, text: 'three', tags: ['three'], version: 8, schemaVersion: 2 });
    expect(await stored(id)).toEqual(updated);
  });

  it('removes a record of layout 1 and hands back what it removed, upgraded', async () => {
    const id = await oldNote('gone');
    expect(await records.remove<Note>('note', id, topics(id))).toEqual({ id, text: 'gone', tags: [], version: 4 });
    expect(await commands.exists(keys.recordKey('note', id))).toBe(0);
  });

  describe('a record it cannot read', () => {
    const cases: [string, unknown, RegExp][] = [
      ['of a newer layout', { id: 'x', text: 'from the future', tags: [], version: 1, schemaVersion: 3 }, /written in layout 3, newer than this build's 2/],
      [
        'whose layout version is not a number',
        { id: 'x', text: 't', tags: [], version: 1, schemaVersion: 'two' },
        /layout version \("two"\) is not a positive integer/,
      ],
      ['not of the shape of its layout', { id: 'x', body: 42, version: 1 }, /cannot be read as layout 1: text: expected string/],
      ['not an object', [1, 2], /it is not an object/],
    ];

    it.each(cases)('fails every read and write of a record %s with UnreadableRecord, naming its key and why, and writes nothing', async (_, value, reason) => {
      const id = randomUUID();
      const key = keys.recordKey('note', id);
      const raw = JSON.stringify(value);
      await commands.set(key, raw);

      for (const read of [
        () => records.get('note', id),
        () => records.getMany('note', [id]),
        () => records.update<Note>('note', id, (note) => note, topics(id)),
        () => records.remove('note', id, topics(id)),
      ]) {
        const error = await read().then(
          () => null,
          (thrown: unknown) => thrown,
        );
        expect(error).toBeInstanceOf(UnreadableRecord);
        expect((error as Error).message).toContain(key);
        expect((error as Error).message).toMatch(reason);
      }
      expect(await commands.get(key)).toBe(raw);
    });

    it('says so for text that is not JSON', async () => {
      const id = randomUUID();
      await commands.set(keys.recordKey('note', id), '{"id":');
      await expect(records.get('note', id)).rejects.toThrow(/it is not JSON/);
    });
  });
});
