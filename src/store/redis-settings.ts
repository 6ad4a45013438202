import { Cluster, type Redis } from 'ioredis';
import { connectCommands, type RedisConnectionSettings } from './redis';

/** What one Redis server says about keeping the data it is given. */
interface NodeSettings {
  node: string;
  /** Its maxmemory-policy; null when it says neither through CONFIG nor through INFO. */
  policy: string | null;
  /** Whether it writes an append-only file; null when it does not say. */
  aof: boolean | null;
  /** Whether it saves snapshots (`save` not empty); null when it does not say (INFO does not). */
  rdb: boolean | null;
}

export interface RedisSettingsCheck {
  /** The one line the start-up log shows. */
  line: string;
  /** Why the service must not start on this Redis; absent when it may. */
  refusal?: string;
}

/**
 * Reads, once at start, whether the Redis in use (every master of a Cluster) keeps what it is
 * given: a policy that evicts keys drops records, name indexes and queued jobs without an error
 * under memory pressure, where `noeviction` refuses the write (a 503) and loses nothing. Such a
 * Redis is refused unless `allowEviction` (REDIS_ALLOW_EVICTION) says to go on. A Redis that
 * cannot be asked (unreachable, every command refused) is said so and not refused.
 */
export async function checkRedisSettings(connection: RedisConnectionSettings, allowEviction: boolean): Promise<RedisSettingsCheck> {
  const client = connectCommands(connection);
  let nodes: NodeSettings[];
  try {
    await client.ping();
    const servers = client instanceof Cluster ? client.nodes('master') : [client];
    nodes = await Promise.all(servers.map((server) => readNode(server)));
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    return { line: `Redis settings could not be checked (${code ?? message ?? 'unknown error'}): make sure its maxmemory-policy is noeviction.` };
  } finally {
    client.disconnect();
  }
  const evicting = nodes.filter((node) => node.policy !== null && node.policy !== 'noeviction');
  const line = `Redis settings${nodes.length > 1 ? ` (${nodes.length} masters)` : ''}: ${describe(nodes)}`;
  if (evicting.length === 0) {
    const unknown = nodes.some((node) => node.policy === null);
    return { line: unknown ? `${line}; whether it evicts keys could not be checked: make sure its maxmemory-policy is noeviction` : line };
  }
  if (allowEviction) return { line: `${line}; keys may be evicted under memory pressure (REDIS_ALLOW_EVICTION=true)` };
  const where = evicting.map((node) => `${node.node} (maxmemory-policy ${node.policy})`).join(', ');
  return {
    line,
    refusal:
      `Redis ${where} evicts keys under memory pressure: records, indexes and queued jobs would vanish without an error. ` +
      'Set its maxmemory-policy to noeviction, or set REDIS_ALLOW_EVICTION=true to start anyway.',
  };
}

async function readNode(server: Redis): Promise<NodeSettings> {
  const [policy, appendonly, save] = await Promise.all([
    configValue(server, 'maxmemory-policy'),
    configValue(server, 'appendonly'),
    configValue(server, 'save'),
  ]);
  let info: Map<string, string> | null = null;
  if (policy === null || appendonly === null) info = await infoFields(server);
  const aofEnabled = info?.get('aof_enabled');
  return {
    node: `${server.options.host}:${server.options.port}`,
    policy: policy ?? info?.get('maxmemory_policy') ?? null,
    aof: appendonly !== null ? appendonly === 'yes' : aofEnabled !== undefined ? aofEnabled === '1' : null,
    rdb: save !== null ? save.trim() !== '' : null,
  };
}

/** A CONFIG GET value; null where the server refuses CONFIG (managed services rename or forbid it). */
async function configValue(server: Redis, name: string): Promise<string | null> {
  try {
    const reply = (await server.config('GET', name)) as string[];
    return reply[1] ?? null;
  } catch (error) {
    if (isRefusal(error)) return null;
    throw error;
  }
}

async function infoFields(server: Redis): Promise<Map<string, string> | null> {
  try {
    const text = await server.info();
    const fields = new Map<string, string>();
    for (const line of text.split(/\r?\n/)) {
      const match = /^(\w+):(.*)$/.exec(line);
      if (match) fields.set(match[1]!, match[2]!);
    }
    return fields;
  } catch (error) {
    if (isRefusal(error)) return null;
    throw error;
  }
}

const isRefusal = (error: unknown) => (error as { name?: string } | null)?.name === 'ReplyError';

/** `maxmemory-policy noeviction, persistence aof`: once when every node says the same, else per node. */
function describe(nodes: readonly NodeSettings[]): string {
  const each = nodes.map((node) => `maxmemory-policy ${node.policy ?? 'not known'}, persistence ${persistence(node)}`);
  if (new Set(each).size === 1) return each[0]!;
  return nodes.map((node, index) => `${node.node} ${each[index]}`).join('; ');
}

function persistence(node: NodeSettings): string {
  if (node.aof === null && node.rdb === null) return 'not known';
  const kinds = [node.aof && 'aof', node.rdb && 'rdb'].filter(Boolean).join('+');
  if (node.rdb === null) return `${kinds || 'no aof'}, rdb not known`;
  if (node.aof === null) return `${kinds || 'no rdb'}, aof not known`;
  return kinds || 'off (a restart of Redis loses every record and job)';
}

/** The start of the warning BullMQ prints with console.warn on each connection to an evicting Redis. */
export const BULLMQ_EVICTION_WARNING = 'IMPORTANT! Eviction policy is';

/**
 * BullMQ reads the eviction policy on every connection it opens and prints its own warning for
 * each (24 lines in the first 8 s of one process); the start-up check has said it once, in the
 * log's words. Only that warning is dropped; BullMQ's other warnings still print.
 */
export function silenceBullmqEvictionWarnings(): void {
  const warn = console.warn.bind(console);
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith(BULLMQ_EVICTION_WARNING)) return;
    warn(...args);
  };
}
