import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { RedisClient } from '../../src/store/redis';

export interface CommandCounter {
  /** How many commands `connection` sent to Redis while `action` ran. */
  count(action: () => Promise<unknown>): Promise<number>;
  close(): void;
}

/**
 * Counts the commands of one connection through MONITOR. A server-wide counter such as
 * `total_commands_processed` also sees every other connection, and the commands a Lua script
 * runs inside (a rate-limit window that opens mid-test adds one), so it cannot show that a
 * read costs the same for few and for many records. Markers sent on the connection itself
 * reveal its address and fence the action: MONITOR reports commands in execution order.
 */
export async function countCommandsOf(connection: RedisClient, redisUrl: string): Promise<CommandCounter> {
  const client = new Redis(redisUrl);
  const monitor = await client.monitor();
  const seen: { args: string[]; source: string }[] = [];
  let arrived: (() => void) | null = null;
  monitor.on('monitor', (_time: string, args: string[], source: string) => {
    seen.push({ args, source });
    arrived?.();
  });
  const marker = async (text: string) => {
    await connection.echo(text);
    for (;;) {
      const found = seen.findIndex((entry) => entry.args[0]?.toLowerCase() === 'echo' && entry.args[1] === text);
      if (found >= 0) return found;
      await new Promise<void>((resolve) => {
        arrived = resolve;
      });
    }
  };
  return {
    async count(action) {
      const fence = randomUUID();
      const start = await marker(`start-${fence}`);
      await action();
      const end = await marker(`end-${fence}`);
      const source = seen[start]!.source;
      return seen.slice(start + 1, end).filter((entry) => entry.source === source).length;
    },
    close() {
      monitor.disconnect();
      client.disconnect();
    },
  };
}
