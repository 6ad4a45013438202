import { INTERACTIVE_TURNS_PER_BULK_TURN, type LaneState, type QueueSnapshot } from './fair-scheduler';

/**
 * Why a job has not started, and when it should.
 * - WAITING_FOR_TURN: other jobs come before it in the fair order.
 * - PARTNER_LIMIT: its partner (or key) has PARTNER_MAX_RUNNING jobs of this queue running.
 * - RETRY_BACKOFF: an attempt failed; the next one starts at `nextAttemptAt`.
 * - ENGINE_BUSY: the job runs, and the engine it waits on reports its own backlog.
 */
export const WAIT_REASONS = ['WAITING_FOR_TURN', 'PARTNER_LIMIT', 'RETRY_BACKOFF', 'ENGINE_BUSY'] as const;
export type WaitReason = (typeof WAIT_REASONS)[number];

export interface QueueWait {
  reason: WaitReason;
  /** Jobs that will start before it (for ENGINE_BUSY: ahead of it at the engine); null when unknown. */
  position: number | null;
  /** ISO time; from the queue's measured job durations and live worker slots. Null without either. */
  estimatedStartAt: string | null;
  nextAttemptAt: string | null;
}

/** What an engine said of its own backlog for a running job. */
export interface EngineBacklog {
  position: number | null;
}

/**
 * Where one waiting job stands, from one snapshot of its queue. The position is the number of
 * jobs the scheduler would start before it if nothing new arrived: the jobs already handed to
 * BullMQ, the turns its own lane takes first, and the turns every other lane gets before its
 * lane's pass reaches the job's turn. Caps are not simulated (a capped lane's turns come later).
 */
export function waitOf(snapshot: QueueSnapshot, jobId: string, strideOf: (lane: string) => number, cap: number | null, now: number): QueueWait | null {
  const job = snapshot.jobs.get(jobId);
  if (!job) return null;
  switch (job.state) {
    case 'parked': {
      const lane = snapshot.lanes.find((candidate) => candidate.lane === job.lane);
      if (!lane || job.index < 0) return null;
      const ownTurns = turnsBefore(lane, job.bulk, job.index);
      const pass = lane.pass + ownTurns * strideOf(lane.lane);
      let position = snapshot.ready + ownTurns;
      for (const other of snapshot.lanes) if (other !== lane) position += turnsOfLaneBefore(other, strideOf(other.lane), pass, lane.lane);
      const capped = cap !== null && lane.running >= cap;
      return { reason: capped ? 'PARTNER_LIMIT' : 'WAITING_FOR_TURN', position, estimatedStartAt: estimate(snapshot, position, now), nextAttemptAt: null };
    }
    case 'ready':
      return { reason: 'WAITING_FOR_TURN', position: job.ahead, estimatedStartAt: estimate(snapshot, job.ahead, now), nextAttemptAt: null };
    case 'delayed': {
      const at = new Date(job.runsAt).toISOString();
      return { reason: 'RETRY_BACKOFF', position: null, estimatedStartAt: at, nextAttemptAt: at };
    }
    default:
      return null;
  }
}

/** The wait of a running job whose engine reported a backlog. */
export function engineWait(backlog: EngineBacklog): QueueWait {
  return { reason: 'ENGINE_BUSY', position: backlog.position, estimatedStartAt: null, nextAttemptAt: null };
}

/** The turns a lane takes before the `index`-th of its bulk (or interactive) jobs, three interactive turns to one bulk. */
function turnsBefore(lane: LaneState, bulk: boolean, index: number): number {
  let interactive = lane.interactive;
  let bulkLeft = lane.bulk;
  let streak = lane.streak;
  let seenInteractive = 0;
  let seenBulk = 0;
  for (let turns = 0; interactive + bulkLeft > 0; turns++) {
    if (interactive > 0 && (bulkLeft === 0 || streak < INTERACTIVE_TURNS_PER_BULK_TURN)) {
      if (!bulk && seenInteractive === index) return turns;
      seenInteractive++;
      interactive--;
      streak++;
    } else {
      if (bulk && seenBulk === index) return turns;
      seenBulk++;
      bulkLeft--;
      streak = 0;
    }
  }
  return lane.interactive + lane.bulk;
}

/**
 * How many of `other`'s turns come before the turn at `pass` of lane `lane`: its turns at
 * passes below, and at the same pass when it sorts first (Redis orders equal scores by member).
 */
function turnsOfLaneBefore(other: LaneState, stride: number, pass: number, lane: string): number {
  const waiting = other.interactive + other.bulk;
  if (other.pass > pass + 1e-9) return 0;
  const steps = (pass - other.pass) / stride;
  let turns = Math.floor(steps + 1e-9) + 1;
  const tie = Math.abs(steps - Math.round(steps)) < 1e-9;
  if (tie && other.lane > lane) turns -= 1;
  return Math.max(0, Math.min(waiting, turns));
}

/**
 * When the job at `position` should start: free slots start jobs at once; past them, slots
 * free up at `capacity` per mean job duration, and a running job is on average half done.
 */
function estimate(snapshot: QueueSnapshot, position: number, now: number): string | null {
  if (snapshot.capacity <= 0 || snapshot.averageMs === null) return null;
  const free = snapshot.capacity - snapshot.active - snapshot.ready;
  const slotsToWait = position - Math.max(0, free) + 1;
  if (slotsToWait <= 0) return new Date(now).toISOString();
  return new Date(now + ((slotsToWait - 0.5) * snapshot.averageMs) / snapshot.capacity).toISOString();
}
