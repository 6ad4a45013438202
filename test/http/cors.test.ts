import { fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config';
import { makeNoise, makeTempDir, removeDir } from '../support/audio';
import { multipart, restClient, type RestAnswer, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';

const ORIGIN = 'http://frontend.example:5173';

describe('CORS_ORIGINS', () => {
  it('defaults to any origin and takes a comma-separated list', () => {
    expect(loadConfig({}).CORS_ORIGINS).toEqual(['*']);
    expect(loadConfig({ CORS_ORIGINS: 'https://app.example.com, http://localhost:5173' }).CORS_ORIGINS).toEqual([
      'https://app.example.com',
      'http://localhost:5173',
    ]);
  });

  it('refuses an entry that is not an origin', () => {
    expect(() => loadConfig({ CORS_ORIGINS: 'https://app.example.com/path' })).toThrow(ConfigError);
    expect(() => loadConfig({ CORS_ORIGINS: 'app.example.com' })).toThrow(/CORS_ORIGINS/);
  });
});

describe('CORS on every door, any origin', () => {
  let app: TestApp;
  let key: string;
  let call: RestClient;
  let dir: string;

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_PER_MINUTE: '3', MAX_UPLOAD_MB: '0.05' });
    key = await app.createKey('acme');
    call = restClient(app.url, key);
    dir = await makeTempDir();
  });
  afterAll(async () => {
    await app?.close();
    await removeDir(dir);
  });

  const preflight = (path: string, method: string) =>
    call('OPTIONS', path, {
      key: null,
      headers: { origin: ORIGIN, 'access-control-request-method': method, 'access-control-request-headers': 'x-api-key, content-type' },
    });

  it.each([
    ['/api/voices/acme', 'POST'],
    ['/api/voices/acme/Some%20voice', 'DELETE'],
    ['/api/knowledge-bases/acme', 'GET'],
    ['/v2/transcript', 'POST'],
    ['/graphql', 'POST'],
  ])('answers a preflight to %s without a key', async (path, method) => {
    const response = await preflight(path, method);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain(method);
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-api-key');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('puts the headers on a 401 from REST and from GraphQL, exposing Retry-After and X-Request-Id', async () => {
    const rest = await call('GET', '/api/voices/acme', { key: null, headers: { origin: ORIGIN } });
    expect(rest.status).toBe(401);
    expect(rest.headers.get('access-control-allow-origin')).toBe('*');
    expect(rest.headers.get('access-control-expose-headers')).toBe('Retry-After, X-Request-Id');
    expect(rest.body).toEqual({ detail: 'Invalid API key' });

    const v2 = await call('GET', '/v2/transcript/00000000-0000-0000-0000-000000000000', { key: null, headers: { origin: ORIGIN } });
    expect(v2.status).toBe(401);
    expect(v2.headers.get('access-control-allow-origin')).toBe('*');

    const graphql = await call('POST', '/graphql', { key: 'pk_bad', headers: { origin: ORIGIN }, json: { query: '{ contentTypes }' } });
    expect(graphql.status).toBe(401);
    expect(graphql.headers.get('access-control-allow-origin')).toBe('*');
    expect(graphql.headers.getSetCookie()).toEqual([]);
  });

  it('puts the headers on 403, 413 and 422 answers', async () => {
    const forbidden = await call('GET', '/api/voices/beta', { headers: { origin: ORIGIN } });
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get('access-control-allow-origin')).toBe('*');

    const big = await makeNoise(`${dir}/big.wav`, { seconds: 5 });
    const tooLarge = await call('POST', '/api/voices/acme', { headers: { origin: ORIGIN }, form: await multipart({ name: 'Big' }, { file: big }) });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get('access-control-allow-origin')).toBe('*');

    const invalid = await call('POST', '/api/voices/acme', { headers: { origin: ORIGIN }, form: await multipart({}) });
    expect(invalid.status).toBe(422);
    expect(invalid.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('puts the headers on a 429 and lets the browser read Retry-After', async () => {
    const limited = await app.createKey('acme');
    let last: RestAnswer | undefined;
    for (let i = 0; i < 4; i++) {
      last = await call('POST', '/graphql', { key: limited, headers: { origin: ORIGIN }, json: { query: '{ contentTypes }' } });
    }
    expect(last?.status).toBe(429);
    expect(last?.headers.get('access-control-allow-origin')).toBe('*');
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('puts the headers on a GraphQL event stream', async () => {
    // The stream stays open, so only its headers are read before it is aborted.
    const controller = new AbortController();
    const response = await fetch(`${app.url}/graphql?query=${encodeURIComponent('subscription { voicesUpdated(partner: "acme") { name } }')}`, {
      headers: { origin: ORIGIN, accept: 'text/event-stream', 'x-api-key': await app.createKey('acme') },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    controller.abort();
  });

  it("sends one Access-Control-Allow-Origin, not yoga's as well", async () => {
    const response = await call('POST', '/graphql', { key: null, headers: { origin: ORIGIN }, json: { query: '{ contentTypes }' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('CORS limited to listed origins', () => {
  let app: TestApp;
  let call: RestClient;

  beforeAll(async () => {
    app = await startTestApp({ CORS_ORIGINS: `${ORIGIN},https://other.example` });
    call = restClient(app.url);
  });
  afterAll(async () => app?.close());

  it('names a listed origin and leaves an unlisted one without the header', async () => {
    const listed = await call('GET', '/api/voices/acme', { headers: { origin: ORIGIN } });
    expect(listed.status).toBe(401);
    expect(listed.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(listed.headers.get('vary')).toContain('Origin');

    const unlisted = await call('POST', '/graphql', { headers: { origin: 'https://evil.example' }, json: { query: '{ contentTypes }' } });
    expect(unlisted.headers.get('access-control-allow-origin')).toBeNull();
  });
});
