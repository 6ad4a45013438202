import { parseArgs } from 'node:util';
import { ApiKeyService } from '../auth/api-keys';
import { ConfigError, loadConfig } from '../config/config';
import { KeySpace } from '../store/keys';
import { connectCommands } from '../store/redis';

const USAGE = `Usage:
  npm run key -- create --partner <name> [--partner <name> ...] [--label <text>]
  npm run key -- list
  npm run key -- revoke <key or key id>`;

/** Manages API keys in the configured Redis; `create` prints the new key as its last line. */
async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { partner: { type: 'string', multiple: true }, label: { type: 'string' } },
  });
  const [command, target] = positionals;
  const config = loadConfig();
  const redis = connectCommands(config);
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
        throw new UsageError(command ? `unknown command: ${command}` : 'a command is required');
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
    else if (error instanceof ConfigError) console.error(error.message);
    else console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
