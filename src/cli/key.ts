import { parseArgs } from 'node:util';
import { ApiKeyService } from '../auth/api-keys';
import { ConfigError, loadConfig } from '../config/config';
import { redisConnectionOf } from '../config/redis-connection';
import { describeRedis, findRedis, RedisUnreachable } from '../store/embedded-redis';
import { KeySpace } from '../store/keys';
import { connectCommands } from '../store/redis';

const USAGE = `Usage:
  npm run key -- create --partner <name> [--partner <name> ...] [--label <text>]
  npm run key -- list
  npm run key -- revoke <key or key id>

Keys are written to the Redis the service uses, found by the service's own rules:
REDIS_CLUSTER_NODES or REDIS_URL when set; else the embedded Redis of DATA_DIR while the
service runs it; else REDIS_DEFAULT_URL. The first line says which one.`;

/** Manages API keys in the service's Redis; `create` prints the new key as its last line. */
async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { partner: { type: 'string', multiple: true }, label: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, target] = positionals;
  if (values.help || command === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (!['create', 'list', 'revoke'].includes(command ?? '')) throw new UsageError(command ? `unknown command: ${command}` : 'a command is required');
  const config = loadConfig();
  const chosen = config.REDIS_CLUSTER_NODES
    ? { url: `redis://${config.REDIS_CLUSTER_NODES[0]}`, source: 'REDIS_CLUSTER_NODES' as const }
    : await findRedis({ url: process.env.REDIS_URL || undefined, defaultUrl: config.REDIS_DEFAULT_URL, dataDir: config.DATA_DIR });
  console.log(describeRedis(chosen, config.REDIS_PREFIX, config.DATA_DIR));
  const redis = connectCommands(redisConnectionOf({ ...config, REDIS_URL: chosen.url }));
  const apiKeys = new ApiKeyService(redis, new KeySpace(config.REDIS_PREFIX));
  try {
    switch (command) {
      case 'create': {
        const partners = (values.partner ?? []).map((partner) => partner.trim()).filter(Boolean);
        if (partners.length === 0) throw new UsageError('create needs at least one --partner');
        const { key, record } = await apiKeys.create(partners, values.label);
        console.log(`Created key ${record.id} for partners: ${record.partners.join(', ')}`);
        console.log('Store it now; it cannot be shown again.');
        console.log(key);
        return 0;
      }
      case 'list': {
        const records = await apiKeys.list();
        if (records.length === 0) console.log('No keys.');
        for (const record of records) {
          console.log(`${record.id}  ${record.createdAt}  partners=${record.partners.join(',')}${record.label ? `  label=${record.label}` : ''}`);
        }
        return 0;
      }
      case 'revoke': {
        if (!target) throw new UsageError('revoke needs the key or its id');
        const revoked = await apiKeys.revoke(target);
        console.log(revoked ? 'Revoked.' : 'No such key.');
        return revoked ? 0 : 1;
      }
      default:
        throw new UsageError(`unknown command: ${command}`);
    }
  } finally {
    redis.disconnect();
  }
}

class UsageError extends Error {}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) console.error(`${error.message}\n${USAGE}`);
    else if (error instanceof ConfigError || error instanceof RedisUnreachable) console.error(error.message);
    else console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
