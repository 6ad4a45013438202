import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config';
import type { TestRedis } from '../support/redis-server';
import { startTestBackend } from '../support/test-app';

const run = promisify(execFile);

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 4000,
      REDIS_URL: 'redis://127.0.0.1:6379',
      DATA_DIR: './data',
      RATE_LIMIT_PER_MINUTE: 600,
      MAX_UPLOAD_MB: 100,
      ROLE: 'all',
      ALLOW_PRIVATE_URLS: false,
      COMPLETION_TTL_SECONDS: 1200,
    });
    expect(config.GPU_JOBS_URL).toBeUndefined();
  });

  it('names every invalid variable in one message', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', ROLE: 'both', REDIS_URL: 'http://x', ADMIN_API_KEY: 'short' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const variable of ['PORT', 'ROLE', 'REDIS_URL', 'ADMIN_API_KEY']) expect(message).toContain(variable);
  });
});

describe('engine limits', () => {
  it('default to times suited to each engine, a generous answer size and a retry window of minutes', () => {
    expect(loadConfig({})).toMatchObject({
      ASR_TIMEOUT_SECONDS: 600,
      LLM_TIMEOUT_SECONDS: 180,
      EMBEDDINGS_TIMEOUT_SECONDS: 60,
      ENGINE_MAX_ANSWER_MB: 16,
      GPU_JOBS_MAX_FILE_MB: 512,
      ENGINE_RETRY_WINDOW_SECONDS: 600,
      ENGINE_RETRY_BACKOFF_SECONDS: 5,
      JOB_TIMEOUT_SECONDS: 7200,
    });
  });

  it('stop the start on a bad value, naming it', () => {
    const bad = {
      ASR_TIMEOUT_SECONDS: '0',
      LLM_TIMEOUT_SECONDS: 'slow',
      EMBEDDINGS_TIMEOUT_SECONDS: '-1',
      ENGINE_MAX_ANSWER_MB: '0',
      GPU_JOBS_MAX_FILE_MB: 'big',
      ENGINE_RETRY_WINDOW_SECONDS: '-5',
      ENGINE_RETRY_BACKOFF_SECONDS: '61',
      JOB_TIMEOUT_SECONDS: 'forever',
    };
    for (const [variable, value] of Object.entries(bad)) expect(() => loadConfig({ [variable]: value }), variable).toThrow(new RegExp(`${variable}: `));
    expect(loadConfig({ ENGINE_RETRY_WINDOW_SECONDS: '0', ENGINE_RETRY_BACKOFF_SECONDS: '0.2' })).toMatchObject({
      ENGINE_RETRY_WINDOW_SECONDS: 0,
      ENGINE_RETRY_BACKOFF_SECONDS: 0.2,
    });
  });
});

describe('SAMPLE_LOUDNESS_LUFS', () => {
  it('levels curated samples to -23 LUFS unless told otherwise, within the range loudnorm takes', () => {
    expect(loadConfig({}).SAMPLE_LOUDNESS_LUFS).toBe(-23);
    expect(loadConfig({ SAMPLE_LOUDNESS_LUFS: '-16' }).SAMPLE_LOUDNESS_LUFS).toBe(-16);
    for (const value of ['-3', '-71', 'loud']) expect(() => loadConfig({ SAMPLE_LOUDNESS_LUFS: value }), value).toThrow(/SAMPLE_LOUDNESS_LUFS/);
  });
});

describe('the live subscription caps', () => {
  it('default to 100 a connection and 10000 a key, and refuse a value that is not a positive whole number by name', () => {
    const config = loadConfig({});
    expect([config.LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION, config.LIVE_MAX_SUBSCRIPTIONS_PER_KEY]).toEqual([100, 10_000]);
    for (const variable of ['LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION', 'LIVE_MAX_SUBSCRIPTIONS_PER_KEY']) {
      for (const value of ['0', '2.5', 'many']) expect(() => loadConfig({ [variable]: value }), value).toThrow(new RegExp(variable));
    }
  });
});

describe('REDIS_CLUSTER_NODES', () => {
  it('takes host:port entries separated by commas', () => {
    expect(loadConfig({ REDIS_CLUSTER_NODES: 'redis-a:7000, redis-b:7001,10.0.0.3:7002' }).REDIS_CLUSTER_NODES).toEqual([
      'redis-a:7000',
      'redis-b:7001',
      '10.0.0.3:7002',
    ]);
  });

  it('refuses an entry without a port, naming the variable', () => {
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'redis-a:7000,redis-b' })).toThrow(/REDIS_CLUSTER_NODES.*: each entry must be host:port/);
  });
});

describe('npm run key', () => {
  let redis: TestRedis;
  const env = () => ({ ...process.env, ...redis.env, REDIS_PREFIX: redis.prefix });
  const key = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'src/cli/key.ts', ...args], { env: env() });

  beforeAll(async () => {
    redis = await startTestBackend();
  });
  afterAll(async () => redis?.stop());

  it('creates a key scoped to partners (printed last), lists and revokes it', async () => {
    const created = await key('create', '--partner', 'acme', '--partner', 'beta', '--label', 'CMS');
    const lines = created.stdout.trim().split('\n');
    const apiKey = lines.at(-1)!;
    expect(apiKey).toMatch(/^pk_[A-Za-z0-9_-]{32}$/);
    expect(created.stdout).toContain('acme, beta');

    const listed = await key('list');
    expect(listed.stdout).toContain('partners=acme,beta');
    expect(listed.stdout).toContain('label=CMS');
    expect(listed.stdout).not.toContain(apiKey);

    expect((await key('revoke', apiKey)).stdout).toContain('Revoked.');
    await expect(key('revoke', apiKey)).rejects.toMatchObject({ code: 1 });
  });

  it('explains its usage when a partner is missing', async () => {
    await expect(key('create')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--partner') });
  });
});
