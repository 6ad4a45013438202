import type { RedisClient } from './redis';

// One script does every write: compare the stored JSON with what the caller read, move the
// name index, write or delete, keep the in-flight index, leave the write's outbox entries,
// and publish, all atomically. Subscribers therefore never see an event for a write that did
// not happen, nor miss one that did, and events on a topic arrive in write order; the in-flight
// index holds exactly the records whose work is under way, and the outbox exactly what the
// writes made must be followed by. A write keeps the record's expiry (KEEPTTL): retention is
// set by whoever owns it, and an update in between never drops it. KEYS[1] is the record,
// then its name index when ARGV[7] is '1', then its slot's in-flight index when ARGV[8] says
// what to do there ('add' or 'rem' member ARGV[9], scored ARGV[10] when added), then its
// slot's outbox when ARGV[11] (a count) is above 0: ARGV[12] is the channel that announces it
// (by its key) and ARGV[13..12+count] the entries. The name index shares the record's hash tag (see
// KeySpace) and the in-flight index and outbox its slot (slotTagOf), so on a Redis Cluster all
// of them live in one slot. The remaining ARGV are the topics.
const COMPARE_AND_SET = `
local current = redis.call('GET', KEYS[1]) or ''
if current ~= ARGV[1] then return -1 end
local nextKey = 2
local indexKey = nil
if ARGV[7] == '1' then indexKey, nextKey = KEYS[nextKey], nextKey + 1 end
local flightKey = nil
if ARGV[8] ~= '' then flightKey, nextKey = KEYS[nextKey], nextKey + 1 end
local fromName, toName, id = ARGV[3], ARGV[4], ARGV[5]
if indexKey and fromName ~= toName then
  if redis.call('HEXISTS', indexKey, toName) == 1 then return -2 end
  if fromName ~= '' then redis.call('HDEL', indexKey, fromName) end
  redis.call('HSET', indexKey, toName, id)
end
if ARGV[2] == '' then
  redis.call('DEL', KEYS[1])
  if indexKey then redis.call('HDEL', indexKey, fromName) end
else
  redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
end
if ARGV[8] == 'add' then
  redis.call('ZADD', flightKey, 'NX', ARGV[10], ARGV[9])
elseif ARGV[8] == 'rem' then
  redis.call('ZREM', flightKey, ARGV[9])
end
local entries = tonumber(ARGV[11])
for i = 13, 12 + entries do redis.call('XADD', KEYS[nextKey], '*', 'entry', ARGV[i]) end
if entries > 0 then redis.call('PUBLISH', ARGV[12], cjson.encode({ key = KEYS[nextKey] })) end
for i = 13 + entries, #ARGV do redis.call('PUBLISH', ARGV[i], ARGV[6]) end
return 1`;

// Drops an in-flight entry whose record is gone, or was read at version ARGV[2] and holds no
// work: a write since then (a new trigger) keeps it. KEYS[1] the record, KEYS[2] its index.
const DROP_IN_FLIGHT = `
local raw = redis.call('GET', KEYS[1])
if raw and tostring(cjson.decode(raw).version) ~= ARGV[2] then return 0 end
return redis.call('ZREM', KEYS[2], ARGV[1])`;

/** The record store's scripts as commands of one connection. */
export interface RecordScripts {
  /** COMPARE_AND_SET: the number of keys, the keys, then the arguments. */
  compareAndSet(numberOfKeys: number, ...keysAndArgs: string[]): Promise<number>;
  /** DROP_IN_FLIGHT: the record's key, its in-flight index, the member, the version read ('' when gone). */
  dropInFlight(recordKey: string, indexKey: string, member: string, version: string): Promise<number>;
}

/** Defines the scripts on `redis` (once per connection, however many stores share it) and binds them. */
export function recordScripts(redis: RedisClient): RecordScripts {
  if (!('recordCompareAndSet' in redis)) {
    redis.defineCommand('recordCompareAndSet', { lua: COMPARE_AND_SET });
  }
  if (!('recordDropInFlight' in redis)) redis.defineCommand('recordDropInFlight', { lua: DROP_IN_FLIGHT, numberOfKeys: 2 });
  const commands = redis as unknown as { recordCompareAndSet: RecordScripts['compareAndSet']; recordDropInFlight: RecordScripts['dropInFlight'] };
  return { compareAndSet: commands.recordCompareAndSet.bind(redis), dropInFlight: commands.recordDropInFlight.bind(redis) };
}
