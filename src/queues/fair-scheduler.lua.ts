import { promote } from 'bullmq/dist/esm/scripts/promote-9.js';

/**
 * BullMQ's promote script runs inside the claim script, so the scheduler relies on BullMQ's
 * internals (bullmq is pinned exactly; test/platform/bullmq-contract.test.ts holds the pinned
 * version to each): the script's keys, in this order, and its ARGV {queue.toKey(''), job id};
 * its answer, 0 once the job has left the delayed set for wait (prioritized, paused), -3 when
 * the job was not in the delayed set.
 */
export const BULLMQ_PROMOTE_KEYS = ['delayed', 'wait', 'paused', 'meta', 'prioritized', 'active', 'pc', 'events', 'marker'] as const;

/**
 * BullMQ scores a job in its delayed set by when it runs (ms) times this, plus a counter below
 * it that keeps the jobs due in one millisecond in order.
 */
export const DELAYED_SCORE_PER_MS = 0x1000;

/** One of BullMQ's promote keys, as the claim script reads it. */
function promoteKey(name: (typeof BULLMQ_PROMOTE_KEYS)[number]): string {
  return `KEYS[${BULLMQ_PROMOTE_KEYS.indexOf(name) + 1}]`;
}

/**
 * The Lua of the fair scheduler. Every key it touches lives under a queue's BullMQ key prefix
 * (`{<prefix>:bull}:<queue>:`), whose braces make the whole prefix the hash tag: on a Redis
 * Cluster the scheduler's keys and BullMQ's share one slot, so a job can be chosen and handed
 * to BullMQ in one atomic script. Under `<queue>:fair:`:
 *
 * - `lanes`      ZSET  lane → the pass (virtual time) of its next turn; only lanes with work
 * - `pass`       HASH  lane → its pass when it last ran out of work (so an idle lane cannot bank turns)
 * - `vt`         STRING the pass of the last turn served: where a lane that comes back starts
 * - `parked`     HASH  job id → lane "\n" class, for every job waiting for its turn
 * - `i:<lane>`, `b:<lane>`  LIST  a lane's interactive and bulk job ids, oldest first
 * - `streak`     HASH  lane → interactive turns since the lane's last bulk turn
 * - `running:<lane>` SET job ids admitted and not finished (kept only with a per-lane cap)
 * - `workers`    HASH  worker id → its concurrency on this queue; `alive` ZSET worker id → expiry (ms)
 * - `stats`      HASH  `avgMs`: the mean duration of this queue's job attempts (moving average)
 * - `engine`     HASH  job id → its position in an engine's own backlog, while the engine reports one
 */

/**
 * Enqueues the given jobs into their lanes, then starts as many waiting jobs as there are
 * free worker slots, taking the lanes in turn. Also where worker processes register their
 * slots and report a finished job.
 *
 * KEYS: BullMQ's promote keys (BULLMQ_PROMOTE_KEYS).
 * ARGV[1] the queue's key prefix (`{p:bull}:<queue>:`), ARGV[2] now (ms), ARGV[3] slots the
 * caller is about to free, ARGV[4] per-lane cap (0: none), ARGV[5] turns in a row a lane gives
 * its interactive work before one bulk turn, ARGV[6] channel to publish a move on, ARGV[7]
 * weights ("lane\tweight\n..."), ARGV[8] a worker to register ("id\tconcurrency\texpiresAtMs"
 * or ""), ARGV[9] a job attempt that ended ("final\tlane\tjobId", final 1 when the job will not
 * run again, or ""), ARGV[10] the duration of a job attempt
 * that just ended (ms, or ""), ARGV[11..] job entries to enqueue: "jobId\tlane\tclass".
 * Returns the ids of the jobs started.
 */
export const ENQUEUE_AND_CLAIM = `
local bullmqPromote = function(KEYS, ARGV)
${promote.content}
end

local base = ARGV[1]
local fair = base .. 'fair:'
local now = tonumber(ARGV[2])
local extra = tonumber(ARGV[3])
local cap = tonumber(ARGV[4])
local interactiveTurns = tonumber(ARGV[5])
local channel = ARGV[6]
local moved = false

local weights = {}
for lane, weight in string.gmatch(ARGV[7], '([^\\t\\n]+)\\t([^\\n]+)') do weights[lane] = tonumber(weight) end
local function stride(lane) return 1 / (weights[lane] or 1) end

if ARGV[8] ~= '' then
  local id, concurrency, expires = string.match(ARGV[8], '^(.-)\\t(%d+)\\t(%d+)$')
  redis.call('HSET', fair .. 'workers', id, concurrency)
  redis.call('ZADD', fair .. 'alive', expires, id)
end
if ARGV[9] ~= '' then
  local final, lane, id = string.match(ARGV[9], '^([01])\\t(.-)\\t(.*)$')
  redis.call('HDEL', fair .. 'engine', id)
  if final == '1' then redis.call('SREM', fair .. 'running:' .. lane, id) end
  -- A job that will run again now waits for its retry: whoever follows it hears why.
  if final == '0' then moved = true end
  -- The worker reports the end without waiting for BullMQ to finish the job: once BullMQ has
  -- taken it out of the active list, its slot already shows as free.
  if not redis.call('LPOS', ${promoteKey('active')}, id) then extra = 0 end
end
if ARGV[10] ~= '' then
  -- A moving average of attempt durations, for the start estimates of waiting jobs.
  local sample = tonumber(ARGV[10])
  local average = tonumber(redis.call('HGET', fair .. 'stats', 'avgMs') or '')
  if average then average = average * 0.8 + sample * 0.2 else average = sample end
  redis.call('HSET', fair .. 'stats', 'avgMs', string.format('%.0f', average))
end

local vt = tonumber(redis.call('GET', fair .. 'vt') or '0')
for i = 11, #ARGV do
  local id, lane, class = string.match(ARGV[i], '^(.-)\\t(.-)\\t([ib])$')
  if redis.call('HSETNX', fair .. 'parked', id, lane .. '\\n' .. class) == 1 then
    redis.call('RPUSH', fair .. class .. ':' .. lane, id)
    if not redis.call('ZSCORE', fair .. 'lanes', lane) then
      local last = tonumber(redis.call('HGET', fair .. 'pass', lane) or '0')
      redis.call('ZADD', fair .. 'lanes', math.max(vt, last), lane)
    end
    moved = true
  end
end

-- Slots: what the live workers offer, less what is running or already handed to BullMQ.
for _, id in ipairs(redis.call('ZRANGEBYSCORE', fair .. 'alive', '-inf', now)) do
  redis.call('HDEL', fair .. 'workers', id)
end
redis.call('ZREMRANGEBYSCORE', fair .. 'alive', '-inf', now)
local capacity = 0
for _, slots in ipairs(redis.call('HVALS', fair .. 'workers')) do capacity = capacity + tonumber(slots) end
local busy = redis.call('LLEN', ${promoteKey('active')}) + redis.call('LLEN', ${promoteKey('wait')}) + redis.call('ZCARD', ${promoteKey('prioritized')})
local free = capacity - busy + extra
if redis.call('HEXISTS', ${promoteKey('meta')}, 'paused') == 1 then free = 0 end

-- A lane at its cap: first forget admitted jobs that have ended (a worker that died after a
-- job's last attempt never said so), then see whether it is still full.
local function full(lane)
  if cap <= 0 then return false end
  local key = fair .. 'running:' .. lane
  if redis.call('SCARD', key) < cap then return false end
  for _, id in ipairs(redis.call('SMEMBERS', key)) do
    local finished = redis.call('HMGET', base .. id, 'finishedOn', 'timestamp')
    if finished[1] or not finished[2] then redis.call('SREM', key, id) end
  end
  return redis.call('SCARD', key) >= cap
end

local started = {}
local capped = {}
while free > 0 do
  local lane, pass = nil, nil
  local offset = 0
  while not lane do
    local batch = redis.call('ZRANGE', fair .. 'lanes', offset, offset + 15, 'WITHSCORES')
    if #batch == 0 then break end
    for i = 1, #batch, 2 do
      local candidate = batch[i]
      if not capped[candidate] then
        if full(candidate) then capped[candidate] = true else lane, pass = candidate, tonumber(batch[i + 1]) break end
      end
    end
    offset = offset + 16
  end
  if not lane then break end

  local interactive = fair .. 'i:' .. lane
  local bulk = fair .. 'b:' .. lane
  local streak = tonumber(redis.call('HGET', fair .. 'streak', lane) or '0')
  local waitingBulk = redis.call('LLEN', bulk) > 0
  local list
  if redis.call('LLEN', interactive) > 0 and (not waitingBulk or streak < interactiveTurns) then
    list, streak = interactive, streak + 1
  else
    list, streak = bulk, 0
  end
  local id = redis.call('LPOP', list)
  if id then
    redis.call('HDEL', fair .. 'parked', id)
    -- An entry whose job was removed meanwhile (a superseded trigger) costs its lane no turn.
    if bullmqPromote(KEYS, {base, id}) == 0 then
      free = free - 1
      moved = true
      started[#started + 1] = id
      if cap > 0 then redis.call('SADD', fair .. 'running:' .. lane, id) end
      vt = math.max(vt, pass)
      redis.call('SET', fair .. 'vt', vt)
      pass = pass + stride(lane)
      redis.call('HSET', fair .. 'streak', lane, streak)
    end
  end
  if redis.call('LLEN', interactive) + redis.call('LLEN', bulk) == 0 then
    redis.call('ZREM', fair .. 'lanes', lane)
    redis.call('HSET', fair .. 'pass', lane, pass)
    redis.call('HDEL', fair .. 'streak', lane)
  else
    redis.call('ZADD', fair .. 'lanes', pass, lane)
  end
end

if moved then redis.call('PUBLISH', channel, '{"moved":true}') end
return started`;

/**
 * Takes a job out of its lane (a superseded trigger removes its waiting job).
 * KEYS[1] the queue's meta key (it routes the script to the queue's slot on a cluster).
 * ARGV[1] the queue's key prefix, ARGV[2] channel, ARGV[3] job id. Returns 1 when it was parked.
 */
export const UNPARK = `
local fair = ARGV[1] .. 'fair:'
local entry = redis.call('HGET', fair .. 'parked', ARGV[3])
if not entry then return 0 end
local lane, class = string.match(entry, '^(.*)\\n([ib])$')
redis.call('HDEL', fair .. 'parked', ARGV[3])
redis.call('LREM', fair .. class .. ':' .. lane, 1, ARGV[3])
if redis.call('LLEN', fair .. 'i:' .. lane) + redis.call('LLEN', fair .. 'b:' .. lane) == 0 then
  local pass = redis.call('ZSCORE', fair .. 'lanes', lane)
  redis.call('ZREM', fair .. 'lanes', lane)
  if pass then redis.call('HSET', fair .. 'pass', lane, pass) end
end
redis.call('PUBLISH', ARGV[2], '{"moved":true}')
return 1`;

/**
 * What the scheduler knows of a queue and of some of its jobs, read in one step.
 * KEYS: delayed, wait, prioritized, active. ARGV[1] the queue's key prefix, ARGV[2] now (ms),
 * ARGV[3] per-lane cap, ARGV[4..] job ids.
 * Returns {vt, capacity, active, ready, avgMs, lanes, jobs}: lanes as flat
 * {lane, pass, interactive, bulk, streak, running}, jobs as flat
 * {state, lane, class, index, detail} with state `parked` (index in its lane's list), `ready`
 * (jobs ahead of it in BullMQ's wait list), `delayed` (detail: when it runs, ms), `active`,
 * or `unknown`.
 */
export const STATUS = `
local base = ARGV[1]
local fair = base .. 'fair:'
local now = tonumber(ARGV[2])
local cap = tonumber(ARGV[3])
local capacity = 0
local alive = redis.call('ZRANGEBYSCORE', fair .. 'alive', now, '+inf')
for _, id in ipairs(alive) do capacity = capacity + tonumber(redis.call('HGET', fair .. 'workers', id) or '0') end
local waitLength = redis.call('LLEN', KEYS[2])
local ready = waitLength + redis.call('ZCARD', KEYS[3])
local lanes = {}
local entries = redis.call('ZRANGE', fair .. 'lanes', 0, -1, 'WITHSCORES')
for i = 1, #entries, 2 do
  local lane = entries[i]
  lanes[#lanes + 1] = lane
  lanes[#lanes + 1] = entries[i + 1]
  lanes[#lanes + 1] = redis.call('LLEN', fair .. 'i:' .. lane)
  lanes[#lanes + 1] = redis.call('LLEN', fair .. 'b:' .. lane)
  lanes[#lanes + 1] = tonumber(redis.call('HGET', fair .. 'streak', lane) or '0')
  lanes[#lanes + 1] = cap > 0 and redis.call('SCARD', fair .. 'running:' .. lane) or 0
end
local jobs = {}
for i = 4, #ARGV do
  local id = ARGV[i]
  local entry = redis.call('HGET', fair .. 'parked', id)
  local state, lane, class, index, detail = 'unknown', '', '', -1, ''
  if entry then
    lane, class = string.match(entry, '^(.*)\\n([ib])$')
    state = 'parked'
    index = redis.call('LPOS', fair .. class .. ':' .. lane, id) or -1
  else
    local position = redis.call('LPOS', KEYS[2], id)
    if position then
      -- BullMQ pushes on the left and takes from the right.
      state, index = 'ready', waitLength - 1 - position
    elseif redis.call('ZSCORE', KEYS[3], id) then
      state, index = 'ready', redis.call('ZRANK', KEYS[3], id)
    else
      local score = redis.call('ZSCORE', KEYS[1], id)
      if score then
        state, detail = 'delayed', tostring(math.floor(tonumber(score) / ${DELAYED_SCORE_PER_MS}))
      elseif redis.call('LPOS', KEYS[4], id) then
        state, detail = 'active', redis.call('HGET', fair .. 'engine', id) or ''
      end
    end
  end
  jobs[#jobs + 1] = state
  jobs[#jobs + 1] = lane
  jobs[#jobs + 1] = class
  jobs[#jobs + 1] = index
  jobs[#jobs + 1] = detail
end
return {tostring(redis.call('GET', fair .. 'vt') or '0'), capacity, redis.call('LLEN', KEYS[4]), ready, redis.call('HGET', fair .. 'stats', 'avgMs') or '', lanes, jobs}`;

/**
 * Notes (or, with an empty position, forgets) where a running job stands in its engine's own
 * backlog. KEYS[1] the queue's `fair:engine` hash. ARGV[1] channel, ARGV[2] job id, ARGV[3]
 * position ("" to forget, "?" when the engine gives none).
 */
export const ENGINE_BACKLOG = `
if ARGV[3] == '' then redis.call('HDEL', KEYS[1], ARGV[2]) else redis.call('HSET', KEYS[1], ARGV[2], ARGV[3]) end
redis.call('PUBLISH', ARGV[1], '{"moved":true}')
return 1`;
