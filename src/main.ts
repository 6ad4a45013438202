import { ConfigError, loadConfig } from './config/config';
import { describeEngines, engineLogLine } from './config/engines';
import { checkTools, startApp } from './app';
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
  // The embedded server is a child of this process: it goes when the service goes, however it ends.
  process.once('exit', () => redis.embedded?.kill());
  console.log(describeRedis(redis, config.REDIS_PREFIX, config.DATA_DIR));
  const redisConfig = config.REDIS_CLUSTER_NODES ? config : { ...config, REDIS_URL: redis.url };
  const settings = await checkRedisSettings(redisConfig, config.REDIS_ALLOW_EVICTION);
  console.log(settings.line);
  if (settings.refusal) throw new RedisRefused(settings.refusal);
  silenceBullmqEvictionWarnings();
  // Which engines do the work, or which variable would bring one: before the first request, not in its failure.
  const tools = await checkTools(config);
  console.log(toolsLogLine(tools));
  for (const engine of describeEngines(config, missingNames(tools))) console.log(engineLogLine(engine));
  const app = await startApp(redisConfig, tools);
  const role = config.ROLE === 'all' ? 'API and workers' : config.ROLE === 'api' ? 'API' : 'workers';
  console.log(`persona-platform (${role}) ${app.url ? `listening on ${app.url}` : 'running'}`);

  const stop = (signal: string) => {
    console.log(`${signal}: draining`);
    app
      .close()
      .then(() => redis.embedded?.stop())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof RedisUnreachable || error instanceof RedisRefused ? error.message : error);
  process.exit(1);
});
