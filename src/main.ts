import { ConfigError, loadConfig } from './config/config';
import { describeEngines, engineLogLine } from './config/engines';
import { redisConnectionOf } from './config/redis-connection';
import { checkTools, startApp, type RunningApp } from './app';
import { missingNames, toolsLogLine } from './domain/engines/audio-tools';
import { describeRedis, redisAtStart, RedisUnreachable, type RedisAtStart } from './store/embedded-redis';
import { checkRedisSettings, silenceBullmqEvictionWarnings } from './store/redis-settings';

/** Redis would lose data silently with the settings it has, and no setting says to go on. */
class RedisRefused extends Error {}

async function main(): Promise<void> {
  const config = loadConfig();
  // A cluster is never replaced by a local server: its connections wait for it on their own.
  const redis: RedisAtStart = config.REDIS_CLUSTER_NODES
    ? { url: `redis://${config.REDIS_CLUSTER_NODES[0]}`, source: 'REDIS_CLUSTER_NODES' }
    : await redisAtStart(
        {
          url: process.env.REDIS_URL || undefined,
          defaultUrl: config.REDIS_DEFAULT_URL,
          dataDir: config.DATA_DIR,
          unreachable: config.REDIS_UNREACHABLE_AT_START,
        },
        (line) => console.log(line),
      );
  // The embedded server goes when the service goes: 'exit' covers process.exit and a crash, the
  // signals below the rest. Only SIGKILL leaves it running, and the next start adopts it.
  process.once('exit', () => redis.embedded?.kill());
  // A signal during the start waits for the app to be up, then closes it as usual.
  let started: Promise<RunningApp | undefined> = Promise.resolve(undefined);
  let stopping = false;
  const stop = (signal: string) => {
    // `npm start` forwards the terminal's Ctrl-C to a process that got it already: a repeated
    // signal must not end the drain (nor leave the embedded Redis behind).
    if (stopping) return console.log(`${signal}: already draining`);
    stopping = true;
    console.log(`${signal}: draining`);
    void started
      .then((app) => app?.close())
      .then(
        () => 0,
        (error: unknown) => {
          console.error(error);
          return 1;
        },
      )
      .then(async (code) => {
        await redis.embedded?.stop();
        process.exit(code);
      });
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => stop(signal));
  console.log(describeRedis(redis, config.REDIS_PREFIX, config.DATA_DIR));
  const redisConfig = config.REDIS_CLUSTER_NODES ? config : { ...config, REDIS_URL: redis.url };
  const settings = await checkRedisSettings(redisConnectionOf(redisConfig), config.REDIS_ALLOW_EVICTION);
  console.log(settings.line);
  if (settings.refusal) throw new RedisRefused(settings.refusal);
  silenceBullmqEvictionWarnings();
  // Which engines do the work, or which variable would bring one: before the first request, not in its failure.
  const tools = await checkTools(config);
  console.log(toolsLogLine(tools));
  for (const engine of describeEngines(config, missingNames(tools))) console.log(engineLogLine(engine));
  const starting = startApp(redisConfig, tools);
  started = starting;
  const app = await starting;
  const role = config.ROLE === 'all' ? 'API and workers' : config.ROLE === 'api' ? 'API' : 'workers';
  console.log(`persona-platform (${role}) ${app.url ? `listening on ${app.url}` : 'running'}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof RedisUnreachable || error instanceof RedisRefused ? error.message : error);
  process.exit(1);
});
