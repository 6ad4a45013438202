import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configSchema, loadConfig } from '../../src/config/config';

// No Docker engine runs in the tests. This reads docker-compose.yml as Compose does for the
// commands the README documents: anchors merged, services chosen by their profiles (an explicit
// --profile replaces COMPOSE_PROFILES, which comes from .env unless --env-file names another
// file), ${VAR:-default} filled in. Then it holds each command to what the README says it runs.

interface ComposeService {
  profiles?: string[];
  environment?: Record<string, string | number | boolean | null>;
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { disable?: boolean };
  deploy?: { replicas?: number };
  ports?: string[];
  entrypoint?: string[];
}

const compose = parse(readFileSync('docker-compose.yml', 'utf8'), { merge: true }) as { services: Record<string, ComposeService> };

function readEnvFile(path: string): Record<string, string> {
  return Object.fromEntries(
    readFileSync(path, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/** `${NAME}`, `${NAME:-default}` (unset or empty) and `${NAME-default}` (unset), as Compose fills them. */
function interpolate(value: string, variables: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?:(:?-)([^}]*))?\}/g, (_, name: string, operator: string | undefined, fallback: string) => {
    const set = variables[name];
    if (operator === ':-') return set ? set : fallback;
    if (operator === '-') return set ?? fallback;
    return set ?? '';
  });
}

interface Command {
  envFile?: string;
  profiles?: string[];
}

/** The services a `docker compose [--env-file F] [--profile P ...] up` starts, variables filled in. */
function servicesStartedBy(command: Command): Map<string, ComposeService & { env: Record<string, string> }> {
  const variables = readEnvFile(command.envFile ?? '.env');
  const active = command.profiles ?? (variables.COMPOSE_PROFILES ?? '').split(',').map((profile) => profile.trim());
  const started = new Map<string, ComposeService & { env: Record<string, string> }>();
  for (const [name, declared] of Object.entries(compose.services)) {
    if (declared.profiles && !declared.profiles.some((profile) => active.includes(profile))) continue;
    const service = JSON.parse(interpolate(JSON.stringify(declared), variables)) as ComposeService;
    const env = Object.fromEntries(Object.entries(service.environment ?? {}).map(([key, value]) => [key, String(value ?? '')]));
    started.set(name, { ...service, env });
  }
  return started;
}

const dependenciesOf = (service: ComposeService) => (Array.isArray(service.depends_on) ? service.depends_on : Object.keys(service.depends_on ?? {}));
const ourServices = (started: ReturnType<typeof servicesStartedBy>) =>
  [...started].filter(([name]) => name === 'app' || name.startsWith('api') || name === 'worker');

const documented: [string, Command][] = [
  ['docker compose up', {}],
  ['docker compose --profile scale up', { profiles: ['scale'] }],
  ['docker compose --env-file ai.env up', { envFile: 'ai.env' }],
  ['docker compose --env-file ai.env --profile scale --profile ai up', { envFile: 'ai.env', profiles: ['scale', 'ai'] }],
];

describe('docker-compose.yml', () => {
  it('runs the service in one process with local blobs on a plain `docker compose up`', () => {
    const started = servicesStartedBy({});
    expect([...started.keys()].sort()).toEqual(['app', 'redis']);
    const config = loadConfig(started.get('app')!.env);
    expect(config).toMatchObject({ ROLE: 'all', BLOB_STORE: 'local', DATA_DIR: '/data', REDIS_URL: 'redis://redis:6379' });
  });

  it('runs two API and two worker processes on MinIO, and not the one-process app, with `--profile scale`', () => {
    const started = servicesStartedBy({ profiles: ['scale'] });
    expect([...started.keys()].sort()).toEqual(['api-1', 'api-2', 'minio', 'minio-bucket', 'redis', 'worker']);
    const minio = started.get('minio')!.env;
    const bucket = started.get('minio-bucket')!.entrypoint!.at(-1);
    for (const name of ['api-1', 'api-2', 'worker']) {
      const config = loadConfig(started.get(name)!.env);
      expect(config).toMatchObject({
        ROLE: name === 'worker' ? 'worker' : 'api',
        BLOB_STORE: 's3',
        S3_ENDPOINT: 'http://minio:9000',
        S3_FORCE_PATH_STYLE: true,
      });
      expect(`minio/${config.S3_BUCKET}`).toBe(bucket);
      expect([config.S3_ACCESS_KEY_ID, config.S3_SECRET_ACCESS_KEY]).toEqual([minio.MINIO_ROOT_USER, minio.MINIO_ROOT_PASSWORD]);
      expect(started.get(name)!.depends_on).toMatchObject({ 'minio-bucket': { condition: 'service_completed_successfully' } });
    }
    expect(started.get('worker')!.deploy?.replicas).toBe(2);
    // A worker serves no HTTP: the image's /healthz check would mark it unhealthy forever.
    expect(started.get('worker')!.healthcheck?.disable).toBe(true);
    expect(started.get('worker')!.ports).toBeUndefined();
    const hostPorts = ['api-1', 'api-2'].map((name) => started.get(name)!.ports![0]!.split(':')[0]);
    expect(new Set(hostPorts).size).toBe(2);
  });

  it('wires the one-process service to the local AI servers with `--env-file ai.env`', () => {
    const started = servicesStartedBy({ envFile: 'ai.env' });
    expect([...started.keys()].sort()).toEqual(['app', 'asr', 'llm', 'llm-models', 'redis']);
    expect(loadConfig(started.get('app')!.env)).toMatchObject({ ASR_BASE_URL: 'http://asr:8000/v1', LLM_BASE_URL: 'http://llm:11434/v1' });
  });

  it.each(documented)('`%s` depends only on services it starts and sets only variables the service reads', (_, command) => {
    const started = servicesStartedBy(command);
    for (const [name, service] of started) {
      for (const dependency of dependenciesOf(service)) expect(started.has(dependency), `${name} depends on ${dependency}`).toBe(true);
    }
    const known = Object.keys(configSchema.shape);
    for (const [name, service] of ourServices(started)) {
      expect(
        Object.keys(service.env).filter((variable) => !known.includes(variable)),
        name,
      ).toEqual([]);
      expect(() => loadConfig(service.env), name).not.toThrow();
    }
  });
});
