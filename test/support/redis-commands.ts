import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { RedisClient } from '../../src/store/redis';

export interface CommandCounter {
  /**
   * How many commands `connection` sent to Redis while `action` ran. `withoutRateLimit` leaves
   * out the rate limit's reservations, whose number depends on how busy the key was just
   * before (they grow with a busy key), not on what the action read.
   */
  count(action: () => Promise<unknown>, options?: { withoutRateLimit?: boolean }): Promise<number>;
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
  // What `redis.monitor()` does, with the error listener in place before MONITOR is sent:
  // ioredis marks the connection as monitoring one step after Redis acknowledges MONITOR, and
  // a line of another client's traffic that arrives in between (a connection's INFO ready
  // check) has no command to answer, so it is reported as an error (which made monitor()
  // reject) and dropped. Counting starts at this helper's own fence, later, so that error
  // costs nothing; any other is thrown.
  const monitor = new Redis(redisUrl, { monitor: true, lazyConnect: true });
  monitor.on('error', (error: Error) => {
    if (!error.message.startsWith('Command queue state error')) throw error;
  });
  const monitoring = new Promise<void>((resolve) => monitor.once('monitoring', () => resolve()));
  await monitor.connect();
  await monitoring;
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
    async count(action, options = {}) {
      const fence = randomUUID();
      const start = await marker(`start-${fence}`);
      await action();
      const end = await marker(`end-${fence}`);
      const source = seen[start]!.source;
      return seen.slice(start + 1, end).filter((entry) => entry.source === source && !(options.withoutRateLimit && isRateLimitReservation(entry.args))).length;
    },
    close() {
      monitor.disconnect();
    },
  };
}

/** The rate limiter's script call: its one key is the subject's window, `<prefix>:ratelimit:...`. */
function isRateLimitReservation(args: string[]): boolean {
  const command = args[0]?.toLowerCase();
  return (command === 'evalsha' || command === 'eval') && (args[3]?.includes(':ratelimit:') ?? false);
}
