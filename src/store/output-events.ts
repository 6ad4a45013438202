import type { KeySpace } from './keys';
import type { RedisClient } from './redis';

/**
 * The Redis side of the output log (src/domain/output/output-log.ts): per resource, a hash of
 * its state (`seq`, `done`, `owner`), a string with the text since the last reset, and a
 * stream of its events whose ids are their seq (`<seq>-0`), capped at a number of events.
 * All three share one hash tag, so one script writes them on a Redis Cluster too, and the
 * same script publishes the event: a subscriber never hears of a write that did not happen,
 * and events reach a topic in seq order.
 */

/** One numbered piece of a resource's output (see output-log.ts for the contract). */
export interface OutputEvent {
  seq: number;
  text: string;
  reset: boolean;
  done: boolean;
  /** When it was written (ms), for the delivery lag. */
  at?: number;
}

/** What a read answers: the events after `after` when they are all kept, else the snapshot. */
export type OutputRead = { kind: 'replay'; events: OutputEvent[]; done: boolean } | { kind: 'snapshot'; event: OutputEvent };

/** Why a write was refused: the log is done (nothing follows it), or another writer has reset it since (a newer attempt). */
export type OutputWriteResult = { written: true; seq: number } | { written: false; reason: 'done' | 'superseded' };

export interface OutputWrite {
  /** `append` adds to the text; `reset` starts it over (and makes `owner` the log's writer); `finish` marks it done. */
  mode: 'append' | 'reset' | 'finish';
  text: string;
  /** The writer: appends from another writer than the last reset's are refused. */
  owner: string;
  /** For `finish`: the final text the log must end with; when the text so far differs, the done event resets to it. */
  finalText?: string;
  /** The stream keeps at most this many events. */
  maxEvents: number;
  /** How long the log lives from this write. */
  ttlMs: number;
  /** The owner's count of its writes, 1, 2, ...: a write sent again is applied once. */
  number?: number;
  /**
   * For `reset`: a log that is done starts a new run instead of refusing the write (its seq
   * goes on, the reset starts the text over). For a resource whose work runs again after it
   * finished: a document rewritten a second time.
   */
  reopen?: boolean;
}

// KEYS: state hash, text, events stream. ARGV: mode, text, owner, finalText given ('1'/'0'),
// finalText, maxEvents, ttl ms, channel, at (ms), resource id (carried in the published event),
// the writer's number for this write: a write the client sends again (its answer was lost)
// is not applied twice; '1' when a reset may reopen a done log.
// The published message is shaped as the event bus's ChangeEvent (version = seq), so one
// parsed object reaches every subscriber of the process. Returns the seq, -1 when the log is
// done, -2 when superseded.
const WRITE_OUTPUT = `
local state = redis.call('HMGET', KEYS[1], 'seq', 'done', 'owner', 'written')
local mode, text, owner = ARGV[1], ARGV[2], ARGV[3]
local reopen = state[2] == '1' and mode == 'reset' and ARGV[12] == '1'
if state[2] == '1' and not reopen then return -1 end
local seq = tonumber(state[1]) or 0
if mode ~= 'finish' and state[3] == owner and tonumber(ARGV[11]) <= (tonumber(state[4]) or 0) then return seq end
local reset = false
local done = false
if mode == 'reset' or (mode == 'append' and seq == 0) then
  reset = true
  redis.call('SET', KEYS[2], text)
  redis.call('HSET', KEYS[1], 'owner', owner)
  if reopen then redis.call('HDEL', KEYS[1], 'done') end
elseif mode == 'append' then
  if state[3] ~= owner then return -2 end
  redis.call('APPEND', KEYS[2], text)
else
  done = true
  text = ''
  if ARGV[4] == '1' and (redis.call('GET', KEYS[2]) or '') ~= ARGV[5] then
    reset = true
    text = ARGV[5]
    redis.call('SET', KEYS[2], text)
  end
  redis.call('HSET', KEYS[1], 'done', '1')
end
seq = seq + 1
redis.call('HSET', KEYS[1], 'seq', seq, 'written', ARGV[11])
local at = tonumber(ARGV[9])
redis.call('XADD', KEYS[3], 'MAXLEN', '=', ARGV[6], seq .. '-0', 't', text, 'r', reset and '1' or '0', 'd', done and '1' or '0', 'a', ARGV[9])
for i = 1, 3 do redis.call('PEXPIRE', KEYS[i], ARGV[7]) end
redis.call('PUBLISH', ARGV[8], cjson.encode({ version = seq, deleted = false, at = at,
  data = { id = ARGV[10], seq = seq, text = text, reset = reset, done = done, at = at } }))
return seq`;

// KEYS: state hash, text, events stream. ARGV: after (-1 for none). Answers
// {seq, done, 'replay', id1, t1, r1, d1, a1, ...} or {seq, done, 'snapshot', text}.
const READ_OUTPUT = `
local state = redis.call('HMGET', KEYS[1], 'seq', 'done')
local seq = tonumber(state[1]) or 0
local done = state[2] or '0'
local after = tonumber(ARGV[1])
if after >= 0 and after <= seq then
  if after == seq then return { seq, done, 'replay' } end
  local entries = redis.call('XRANGE', KEYS[3], (after + 1) .. '-0', '+')
  if #entries > 0 and entries[1][1] == (after + 1) .. '-0' then
    local answer = { seq, done, 'replay' }
    for _, entry in ipairs(entries) do
      local fields = {}
      for i = 1, #entry[2], 2 do fields[entry[2][i]] = entry[2][i + 1] end
      table.insert(answer, entry[1])
      table.insert(answer, fields.t or '')
      table.insert(answer, fields.r or '0')
      table.insert(answer, fields.d or '0')
      table.insert(answer, fields.a or '0')
    end
    return answer
  end
end
return { seq, done, 'snapshot', redis.call('GET', KEYS[2]) or '' }`;

/** A resource whose output is logged, as its keys and channel name it. */
export interface OutputKey {
  kind: string;
  id: string;
}

export class OutputEventStore {
  private readonly names = new WeakMap<OutputKey, { keys: [string, string, string]; channel: string }>();
  private readonly commands: {
    outputWrite(...keysAndArgs: string[]): Promise<number>;
    outputRead(...keysAndArgs: string[]): Promise<(string | number)[]>;
  };

  constructor(
    private readonly redis: RedisClient,
    private readonly keys: KeySpace,
  ) {
    if (!('outputWrite' in redis)) redis.defineCommand('outputWrite', { lua: WRITE_OUTPUT, numberOfKeys: 3 });
    if (!('outputRead' in redis)) redis.defineCommand('outputRead', { lua: READ_OUTPUT, numberOfKeys: 3 });
    this.commands = redis as unknown as OutputEventStore['commands'];
  }

  /** The pub/sub topic a resource's events are published on (the event bus's topic name). */
  topic(resource: OutputKey): string {
    return `output:${resource.kind}:${resource.id}`;
  }

  async write(resource: OutputKey, write: OutputWrite): Promise<OutputWriteResult> {
    const seq = await this.commands.outputWrite.call(
      this.redis,
      ...this.namesOf(resource).keys,
      write.mode,
      write.text,
      write.owner,
      write.finalText === undefined ? '0' : '1',
      write.finalText ?? '',
      String(write.maxEvents),
      String(Math.max(1, Math.round(write.ttlMs))),
      this.namesOf(resource).channel,
      String(Date.now()),
      resource.id,
      String(write.number ?? 0),
      write.reopen ? '1' : '0',
    );
    if (seq === -1) return { written: false, reason: 'done' };
    if (seq === -2) return { written: false, reason: 'superseded' };
    return { written: true, seq };
  }

  /**
   * The events after `after` (null: none asked for, the snapshot) when every one of them is
   * still kept, else the snapshot: the text since the last reset, numbered with the last seq.
   */
  async read(resource: OutputKey, after: number | null): Promise<OutputRead> {
    const answer = await this.commands.outputRead.call(this.redis, ...this.namesOf(resource).keys, String(after ?? -1));
    const seq = Number(answer[0]);
    const done = answer[1] === '1';
    if (answer[2] === 'snapshot') return { kind: 'snapshot', event: { seq, text: String(answer[3] ?? ''), reset: true, done } };
    const events: OutputEvent[] = [];
    for (let i = 3; i + 4 < answer.length; i += 5) {
      events.push({
        seq: Number(String(answer[i]).split('-')[0]),
        text: String(answer[i + 1]),
        reset: answer[i + 2] === '1',
        done: answer[i + 3] === '1',
        at: Number(answer[i + 4]),
      });
    }
    return { kind: 'replay', events, done };
  }

  /**
   * A resource's keys and channel, made once per resource object: a writer hands the same
   * object with each of its writes, a streamed reply several a second.
   */
  private namesOf(resource: OutputKey): { keys: [string, string, string]; channel: string } {
    let names = this.names.get(resource);
    if (!names) {
      // The id may hold a partner's tag in braces (partnerRecordId): only the text between the
      // first pair of braces is hashed, so the tag is made of the kind and id without braces.
      const tag = `{${resource.kind}.${resource.id.replace(/[{}]/g, '')}}`;
      const keys: [string, string, string] = [
        this.keys.key('output', tag, 'state'),
        this.keys.key('output', tag, 'text'),
        this.keys.key('output', tag, 'events'),
      ];
      names = { keys, channel: this.keys.channel(this.topic(resource)) };
      this.names.set(resource, names);
    }
    return names;
  }
}
