import { Socket } from 'node:net';
import { Cluster, Redis, type ClusterOptions, type Command, type RedisOptions } from 'ioredis';

/** A single Redis server or a Redis Cluster: every part of the service takes either. */
export type RedisClient = Redis | Cluster;

/**
 * The separate connections the design asks for: a subscriber connection is stuck in
 * subscribe mode, and BullMQ's blocking commands must never share a socket with
 * request traffic.
 */
export interface RedisConnections {
  commands: RedisClient;
  subscriber: RedisClient;
  /**
   * For BullMQ: options from which it opens its own connections, or on a cluster one shared
   * cluster connection (BullMQ duplicates it for each worker's blocking commands).
   */
  bullmq: RedisOptions | Cluster;
  /** Closes politely: waits for pending replies, so it waits for Redis while Redis is down. */
  close(): Promise<void>;
  /** Cuts every connection at once, failing whatever is pending. */
  disconnect(): void;
}

/**
 * Request traffic fails fast while Redis is away: a command waits at most this long (queued
 * while reconnecting, or unanswered on a dead socket) so that a request can answer 503
 * within about two seconds instead of hanging.
 */
const COMMAND_TIMEOUT_MS = 1_500;

/** Where the connections report an outage: pino's logger fits. */
export interface OutageLog {
  warn(message: string): void;
  info(message: string): void;
}

/**
 * ioredis reports every failed reconnect as an 'error' event, and without a listener Node
 * prints each one with a stack. One line when a connection is lost, one when it is back:
 * commands still reject meanwhile, and readiness reports the outage.
 */
function reportOutages(client: RedisClient, name: string, log?: OutageLog): void {
  let down = false;
  client.on('error', (error: { code?: string; message?: string }) => {
    if (down) return;
    down = true;
    log?.warn(`Redis ${name} connection lost (${error.code ?? error.message}); reconnecting`);
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log?.info(`Redis ${name} connection is back`);
  });
}

/** Where Redis is: one server's URL, or a cluster's seed nodes (`host:port`) with its nodes' credentials and TLS. */
export type RedisConnectionSettings = { url: string } | { cluster: RedisClusterSettings };

export interface RedisClusterSettings {
  nodes: readonly string[];
  username?: string;
  password?: string;
  tls: boolean;
}

/**
 * One plain command connection, for tools that neither subscribe nor queue (the key CLI): a
 * Redis that stops answering fails the command after a few seconds, as one error, instead of
 * a reconnect loop that prints each attempt.
 */
export function connectCommands(settings: RedisConnectionSettings): RedisClient {
  const client =
    'cluster' in settings
      ? new Cluster(clusterNodes(settings.cluster.nodes), {
          redisOptions: { ...clusterNodeOptions(settings.cluster), connectTimeout: 2_000, maxRetriesPerRequest: 1 },
          clusterRetryStrategy: (times) => (times > 2 ? null : 300),
        })
      : new Redis(settings.url, { connectTimeout: 2_000, maxRetriesPerRequest: 1, retryStrategy: (times) => (times > 2 ? null : 300) });
  // Failures reach the caller as rejected commands.
  client.on('error', () => undefined);
  return client;
}

export function connectRedis(settings: RedisConnectionSettings, log?: OutageLog): RedisConnections {
  return 'cluster' in settings ? connectCluster(settings.cluster, log) : connectSingle(settings.url, log);
}

function connectSingle(redisUrl: string, log?: OutageLog): RedisConnections {
  const commands = new CoalescingRedis(redisUrl, {
    lazyConnect: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: COMMAND_TIMEOUT_MS,
    // Queued commands are dropped after one failed reconnect rather than twenty.
    maxRetriesPerRequest: 1,
  });
  const subscriber = new Redis(redisUrl, { connectTimeout: COMMAND_TIMEOUT_MS });
  reportOutages(commands, 'command', log);
  reportOutages(subscriber, 'subscriber', log);
  const url = new URL(redisUrl);
  const bullmq: RedisOptions = {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
  return {
    commands,
    subscriber,
    bullmq,
    async close() {
      await Promise.allSettled([commands.quit(), subscriber.quit()]);
    },
    disconnect() {
      commands.disconnect();
      subscriber.disconnect();
    },
  };
}

/** `host:port` entries as ioredis' cluster seed nodes. */
export function clusterNodes(entries: readonly string[]): { host: string; port: number }[] {
  return entries.map((entry) => {
    const separator = entry.lastIndexOf(':');
    return { host: entry.slice(0, separator), port: Number(entry.slice(separator + 1)) };
  });
}

function clusterNodeOptions(cluster: RedisClusterSettings): RedisOptions {
  return { username: cluster.username, password: cluster.password, tls: cluster.tls ? {} : undefined };
}

/**
 * The same three connections on a Redis Cluster. Reads go to the masters (`scaleReads`), so
 * a write is read back at once from any process. The subscriber uses plain SUBSCRIBE: a
 * cluster forwards every PUBLISH to all its nodes, so whichever node an API process listens
 * on, it receives the events written on any other.
 */
function connectCluster(cluster: RedisClusterSettings, log?: OutageLog): RedisConnections {
  const nodes = clusterNodes(cluster.nodes);
  const nodeOptions: RedisOptions = { ...clusterNodeOptions(cluster), connectTimeout: COMMAND_TIMEOUT_MS };
  const common: ClusterOptions = { scaleReads: 'master', slotsRefreshTimeout: COMMAND_TIMEOUT_MS };
  const commands = new FailFastCluster(nodes, {
    ...common,
    redisOptions: { ...nodeOptions, commandTimeout: COMMAND_TIMEOUT_MS, maxRetriesPerRequest: 1 },
  });
  const subscriber = new Cluster(nodes, { ...common, redisOptions: nodeOptions });
  const bullmq = new Cluster(nodes, {
    ...common,
    // BullMQ reads skipVersionCheck from a cluster's node options. Its version check sends an
    // INFO on every duplicated cluster connection, and a worker closed while that is still in
    // flight leaves an unhandled rejection behind (the service then exits non-zero on SIGTERM).
    // Clusters run Redis 7 here, above BullMQ's minimum.
    redisOptions: { ...nodeOptions, maxRetriesPerRequest: null, skipVersionCheck: true } as RedisOptions,
  });
  reportOutages(commands, 'command', log);
  reportOutages(subscriber, 'subscriber', log);
  reportOutages(bullmq, 'queue', log);
  return {
    commands,
    subscriber,
    bullmq,
    async close() {
      await Promise.allSettled([commands.quit(), subscriber.quit(), bullmq.quit()]);
    },
    disconnect() {
      commands.disconnect();
      subscriber.disconnect();
      bullmq.disconnect();
    },
  };
}

/**
 * A single-server connection whose commands issued in the same turn of the event loop
 * (concurrent requests' reads) leave in one socket write: a write is one system call per
 * command otherwise, and over loopback that call also runs the receiving side's TCP stack,
 * the largest cost of a cached GET. The socket is corked at the turn's first command and
 * uncorked after the turn's I/O callbacks (setImmediate), so Node writes everything in
 * between with one writev.
 *
 * ioredis' own `enableAutoPipelining` batches the same way but builds a Pipeline per batch,
 * with a second promise and a callback per command and a tick to hand each reply back: it
 * cost a tenth of the server's CPU on a cached GET, five times what the writes it saves
 * cost here. Each command still goes through ioredis' plain path (its queue, its timeout,
 * its replies in order); only the moment its bytes reach the kernel changes. Not on a
 * cluster: a cluster's node connections are made by ioredis.
 */
export class CoalescingRedis extends Redis {
  private corked: Socket | null = null;

  override sendCommand(command: Command, stream?: Parameters<Redis['sendCommand']>[1]): unknown {
    if (!stream && this.corked === null && this.status === 'ready' && this.stream instanceof Socket) {
      const socket = this.stream;
      this.corked = socket;
      socket.cork();
      setImmediate(() => {
        this.corked = null;
        socket.uncork();
      });
    }
    return super.sendCommand(command, stream);
  }
}

/**
 * A cluster connection whose commands time out as a single server's do. ioredis starts a
 * command's `commandTimeout` only once the command reaches a node; while no node can be
 * reached (the whole cluster down), the cluster holds commands in its own offline queue with
 * no deadline, so requests waited for the cluster to return instead of answering 503. Here
 * the deadline starts when the command is issued (a node's own timer is then the same one),
 * and a command that has failed is dropped when the cluster replays its queue, rather than
 * carried out after its request was told the service was unavailable.
 */
class FailFastCluster extends Cluster {
  private readonly failed = new WeakSet<Command>();

  override sendCommand(command: Command, stream?: Parameters<Cluster['sendCommand']>[1], node?: unknown): unknown {
    if (this.failed.has(command)) return command.promise;
    command.setTimeout(COMMAND_TIMEOUT_MS);
    // The promise rejects only on a final failure: the cluster retries redirections and lost
    // connections by replacing the command's reject, not through the promise.
    command.promise.catch(() => this.failed.add(command));
    return super.sendCommand(command, stream, node);
  }
}

/**
 * The messages ioredis rejects commands with when it has no usable connection (ioredis is
 * pinned exactly: test/store/ioredis-contract.test.ts provokes each from it).
 */
export const UNAVAILABLE_MESSAGES: ReadonlySet<string> = new Set([
  'Command timed out',
  "Stream isn't writeable and enableOfflineQueue options is false",
  'Connection is closed.',
]);

// Redis's own refusals for a reason of its state or configuration, not of the command: still
// loading, a script running, a failover (a replica that became read-only, a cluster without
// a master for the slot), out of memory, a failed save, an ACL that forbids the command.
const UNAVAILABLE_REPLIES = /^(LOADING|BUSY|MASTERDOWN|CLUSTERDOWN|TRYAGAIN|READONLY|NOREPLICAS|OOM|MISCONF|NOPERM)\b/;

/**
 * Whether Redis refused a command for want of memory (`maxmemory` reached under `noeviction`):
 * it still serves reads, so whatever only counts or stamps may go on without that write.
 */
export function isRedisFull(error: unknown): boolean {
  const candidate = error as { name?: string; message?: string } | null;
  return candidate?.name === 'ReplyError' && /^OOM\b/.test(candidate.message ?? '');
}

/**
 * Whether an error is Redis being out of reach or refusing to serve (the doors answer it with
 * 503): a read that failed must never pass for an empty answer, nor for a fault of the caller.
 */
export function isRedisUnavailable(error: unknown): boolean {
  const candidate = error as { name?: string; message?: string; originalError?: unknown } | null;
  if (!candidate || typeof candidate !== 'object') return false;
  if (candidate.originalError) return isRedisUnavailable(candidate.originalError);
  if (candidate.name === 'MaxRetriesPerRequestError') return true;
  if (candidate.name === 'ReplyError' && UNAVAILABLE_REPLIES.test(candidate.message ?? '')) return true;
  return candidate.message !== undefined && UNAVAILABLE_MESSAGES.has(candidate.message);
}
