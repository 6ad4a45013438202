import type { Queue } from 'bullmq';
import type { Cluster, Redis } from 'ioredis';
import { BULLMQ_PROMOTE_KEYS, DELAYED_SCORE_PER_MS, ENGINE_BACKLOG, ENQUEUE_AND_CLAIM, STATUS, UNPARK } from './fair-scheduler.lua';

/** How the scheduler shares each queue's worker slots. */
export interface FairnessSettings {
  /** False: jobs go straight to BullMQ in arrival order, and no turns are taken. */
  enabled: boolean;
  /** Admitted and unfinished jobs one lane may have in one queue at once, across every process; null for no cap. */
  maxRunningPerLane: number | null;
  /** Turns a lane gets per round, by lane; a lane not named gets 1. */
  weights: ReadonlyMap<string, number>;
}

/** The event topic on which a queue's moves (jobs joining, leaving or starting) are announced. */
export function queueTopic(queueName: string): string {
  return `queue:${queueName}`;
}

/**
 * A lane's interactive turns in a row before its bulk work, when it has both, gets one: bulk
 * work keeps a quarter of its lane's turns, and interactive work gets the other three.
 */
export const INTERACTIVE_TURNS_PER_BULK_TURN = 3;

/**
 * How long a job waits for its turn at most, as BullMQ sees it: a job added to a queue is
 * parked in BullMQ's delayed set this far in the future, and the scheduler promotes it when
 * its turn comes. Parked jobs are jobs like any other to BullMQ (its board, its state queries,
 * its removal); BullMQ itself would start one only after five years.
 */
export const PARK_MS = 5 * 365 * 24 * 3600 * 1000;

/** A job entering its lane: `bulk` work yields to the same lane's interactive work. */
export interface LaneEntry {
  jobId: string;
  lane: string;
  bulk: boolean;
}

/** A worker process's slots on one queue, registered until `expiresAtMs` unless renewed. */
export interface WorkerSlots {
  id: string;
  concurrency: number;
  expiresAtMs: number;
}

export interface ClaimOptions {
  /** Slots the caller is about to free (a worker whose job has just ended). */
  freeing?: number;
  worker?: WorkerSlots;
  /** A job attempt that ended; `final` when the job will not run again (it then no longer counts against its lane's cap). */
  ended?: { jobId: string; lane: string; final: boolean };
  /** How long a job attempt that just ended took, for the queue's start estimates. */
  durationMs?: number;
}

/** A lane as the scheduler holds it: the pass of its next turn and the work waiting in it. */
export interface LaneState {
  lane: string;
  pass: number;
  interactive: number;
  bulk: number;
  /** Interactive turns since its last bulk turn. */
  streak: number;
  /** Admitted, unfinished jobs (0 when no cap is set). */
  running: number;
}

export type ScheduledJobState =
  | { state: 'parked'; lane: string; bulk: boolean; index: number }
  | { state: 'ready'; ahead: number }
  | { state: 'delayed'; runsAt: number }
  | { state: 'active'; engineBacklog: { position: number | null } | null }
  | { state: 'unknown' };

/** One read of a queue's scheduling state, and of some of its jobs. */
export interface QueueSnapshot {
  virtualTime: number;
  /** Worker slots registered by live worker processes. */
  capacity: number;
  active: number;
  /** Jobs handed to BullMQ that no worker has taken yet. */
  ready: number;
  /** Mean duration of the queue's job attempts, once one has ended. */
  averageMs: number | null;
  lanes: LaneState[];
  jobs: Map<string, ScheduledJobState>;
}

type ScriptCommand = (...keysAndArgs: (string | number)[]) => Promise<unknown>;
type ScriptClient = (Redis | Cluster) & Record<keyof typeof COMMANDS, ScriptCommand>;

const COMMANDS = {
  fairClaim: [ENQUEUE_AND_CLAIM, BULLMQ_PROMOTE_KEYS.length],
  fairUnpark: [UNPARK, 1],
  fairStatus: [STATUS, 4],
  fairEngineBacklog: [ENGINE_BACKLOG, 1],
} as const;

/**
 * Fair share of a queue's worker slots between lanes (partners, or API keys), on BullMQ as it
 * is. Jobs wait parked, each in its lane; whenever slots free up, one atomic script takes the
 * next job from the lanes in turn (stride scheduling: a lane of weight w gets w turns for each
 * turn of a lane of weight 1; within a lane, oldest first and interactive before bulk) and
 * promotes it to BullMQ's wait list, where any worker picks it up. Redis holds all of it, so
 * it holds across processes, restarts and Redis Cluster (see fair-scheduler.lua.ts).
 */
export class FairScheduler {
  private readonly weights: string;

  constructor(
    private readonly settings: FairnessSettings,
    private readonly channelOf: (queueName: string) => string,
  ) {
    this.weights = [...settings.weights].map(([lane, weight]) => `${lane}\t${weight}`).join('\n');
  }

  /** Puts jobs in their lanes and starts what the free slots allow; the ids started. */
  async enqueueAndClaim(queue: Queue, entries: readonly LaneEntry[], options: ClaimOptions = {}): Promise<string[]> {
    const client = await scriptClient(queue);
    const { worker, ended } = options;
    const started = await client.fairClaim(
      ...bullmqPromoteKeys(queue),
      queue.toKey(''),
      Date.now(),
      options.freeing ?? 0,
      this.settings.maxRunningPerLane ?? 0,
      INTERACTIVE_TURNS_PER_BULK_TURN,
      this.channelOf(queue.name),
      this.weights,
      worker ? `${worker.id}\t${worker.concurrency}\t${worker.expiresAtMs}` : '',
      ended ? `${ended.final ? 1 : 0}\t${ended.lane}\t${ended.jobId}` : '',
      options.durationMs === undefined ? '' : Math.round(options.durationMs),
      ...entries.map((entry) => `${entry.jobId}\t${entry.lane}\t${entry.bulk ? 'b' : 'i'}`),
    );
    return started as string[];
  }

  /** Where a running job stands in its engine's own backlog (null position: the engine gives none); `undefined` forgets it. */
  async reportEngineBacklog(queue: Queue, jobId: string, backlog: { position: number | null } | undefined): Promise<void> {
    const client = await scriptClient(queue);
    const position = backlog === undefined ? '' : (backlog.position ?? '?');
    await client.fairEngineBacklog(queue.toKey('fair:engine'), this.channelOf(queue.name), jobId, position);
  }

  /**
   * The jobs parked in BullMQ, and whether each has its lane entry (one without had an adder
   * that died between the two steps of an add). Reads only the parked jobs: it costs what waits.
   */
  async parkedJobs(queue: Queue): Promise<{ jobId: string; laned: boolean }[]> {
    const client = await scriptClient(queue);
    // Parked jobs run more than a year out; retry backoffs are hours at most.
    const parkedFrom = (Date.now() + PARK_MS / 5) * DELAYED_SCORE_PER_MS;
    const parked = await client.zrangebyscore(queue.keys.delayed!, parkedFrom, '+inf');
    if (parked.length === 0) return [];
    const laned = await client.hmget(queue.toKey('fair:parked'), ...parked);
    return parked.map((jobId, index) => ({ jobId, laned: laned[index] !== null }));
  }

  /** Takes a waiting job out of its lane; whether it was waiting there. */
  async unpark(queue: Queue, jobId: string): Promise<boolean> {
    const client = await scriptClient(queue);
    return (await client.fairUnpark(queue.keys.meta!, queue.toKey(''), this.channelOf(queue.name), jobId)) === 1;
  }

  async snapshot(queue: Queue, jobIds: readonly string[] = []): Promise<QueueSnapshot> {
    const client = await scriptClient(queue);
    const keys = queue.keys;
    const [virtualTime, capacity, active, ready, averageMs, flatLanes, flatJobs] = (await client.fairStatus(
      keys.delayed!,
      keys.wait!,
      keys.prioritized!,
      keys.active!,
      queue.toKey(''),
      Date.now(),
      this.settings.maxRunningPerLane ?? 0,
      ...jobIds,
    )) as [string, number, number, number, string | null, (string | number)[], (string | number)[]];
    const lanes: LaneState[] = [];
    for (let i = 0; i < flatLanes.length; i += 6) {
      lanes.push({
        lane: String(flatLanes[i]),
        pass: Number(flatLanes[i + 1]),
        interactive: Number(flatLanes[i + 2]),
        bulk: Number(flatLanes[i + 3]),
        streak: Number(flatLanes[i + 4]),
        running: Number(flatLanes[i + 5]),
      });
    }
    const jobs = new Map<string, ScheduledJobState>();
    jobIds.forEach((jobId, n) => {
      const [state, lane, jobClass, index, detail] = flatJobs.slice(n * 5, n * 5 + 5);
      jobs.set(jobId, jobState(String(state), String(lane), String(jobClass), Number(index), String(detail)));
    });
    return { virtualTime: Number(virtualTime), capacity, active, ready, averageMs: averageMs ? Number(averageMs) : null, lanes, jobs };
  }

  /** The stride of a lane: how far its pass moves on with each of its turns. */
  strideOf(lane: string): number {
    return 1 / (this.settings.weights.get(lane) ?? 1);
  }

  get enabled(): boolean {
    return this.settings.enabled;
  }

  get maxRunningPerLane(): number | null {
    return this.settings.maxRunningPerLane;
  }
}

function jobState(state: string, lane: string, jobClass: string, index: number, detail: string): ScheduledJobState {
  switch (state) {
    case 'parked':
      return { state, lane, bulk: jobClass === 'b', index };
    case 'ready':
      return { state, ahead: index };
    case 'delayed':
      return { state, runsAt: Number(detail) };
    case 'active':
      return { state, engineBacklog: detail === '' ? null : { position: detail === '?' ? null : Number(detail) } };
    default:
      return { state: 'unknown' };
  }
}

/** The keys BullMQ's promote script names, in its order. */
function bullmqPromoteKeys(queue: Queue): string[] {
  return BULLMQ_PROMOTE_KEYS.map((name) => queue.keys[name]!);
}

const defined = new WeakSet<object>();

/** The queue's own Redis connection, with the scheduler's scripts defined on it. */
async function scriptClient(queue: Queue): Promise<ScriptClient> {
  const client = (await queue.client) as unknown as ScriptClient;
  if (!defined.has(client)) {
    for (const [name, [lua, numberOfKeys]] of Object.entries(COMMANDS)) client.defineCommand(name, { lua, numberOfKeys });
    defined.add(client);
  }
  return client;
}
