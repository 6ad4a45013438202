import { fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeNoise, makeTempDir, removeDir } from '../support/audio';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';

const ADMIN_KEY = 'front-door-admin-key-0123456789';

let app: TestApp;
let call: RestClient;
let dir: string;

beforeAll(async () => {
  app = await startTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  call = restClient(app.url, await app.createKey('acme'));
  dir = await makeTempDir('front-door-');
});
afterAll(async () => {
  await app?.close();
  await removeDir(dir);
});

describe('the front door', () => {
  it('answers / with a short page linking the console, GraphQL and the REST reference', async () => {
    const response = await fetch(`${app.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await response.text();
    for (const link of ['/console', '/graphql', '/docs']) expect(page).toContain(`href="${link}"`);
  });

  it("serves every HTML page, GraphiQL included, with the console's protective headers, and every answer nosniff", async () => {
    // Every GET route without parameters, as a browser asks for it (the queue board wants the admin key).
    const paths = app.app.http!.routes.filter((route) => route.method === 'GET' && !/[:*]/.test(route.url)).map((route) => route.url);
    const pages: string[] = [];
    for (const path of new Set(paths)) {
      const response = await fetch(`${app.url}${path}`, { headers: { accept: 'text/html', 'x-api-key': ADMIN_KEY } });
      await response.arrayBuffer();
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      if (!response.headers.get('content-type')?.startsWith('text/html')) continue;
      pages.push(path);
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(response.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
    }
    expect(pages).toEqual(expect.arrayContaining(['/', '/console', '/graphql', '/docs', '/admin/queues']));
    // GraphiQL runs its own inline script, allowed by its hash, and nothing else.
    const graphiql = await fetch(`${app.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(graphiql.headers.get('content-security-policy')).toMatch(/script-src 'sha256-[A-Za-z0-9+/]+=*';/);
    expect(graphiql.headers.get('content-security-policy')).not.toContain('unsafe-eval');
    await graphiql.arrayBuffer();
    for (const asset of ['/docs/assets/swagger-ui-bundle.js', '/admin/queues/static/favicon-32x32.png', '/console/console.js']) {
      const response = await fetch(`${app.url}${asset}`, { headers: { 'x-api-key': ADMIN_KEY } });
      await response.arrayBuffer();
      expect(response.status, asset).toBe(200);
      expect(response.headers.get('x-content-type-options'), asset).toBe('nosniff');
    }
  });

  it('serves a favicon at /favicon.ico and /favicon.svg', async () => {
    for (const path of ['/favicon.ico', '/favicon.svg']) {
      const response = await fetch(`${app.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml');
      expect(await response.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    }
  });

  it('names no jsonSchemaDialect in /openapi.json, so Swagger UI shows no warning', async () => {
    const document = (await (await fetch(`${app.url}/openapi.json`)).json()) as Record<string, unknown>;
    expect(document.openapi).toBe('3.1.0');
    expect(document).not.toHaveProperty('jsonSchemaDialect');
  });

  it("refuses graphql-sse's single connection mode with a message saying what to use", async () => {
    for (const method of ['PUT', 'DELETE']) {
      const response = await fetch(`${app.url}/graphql`, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, POST, OPTIONS');
      const body = (await response.json()) as { errors: { message: string }[] };
      expect(body.errors[0]!.message).toMatch(/single connection mode \(PUT \/graphql\) is not supported: use its distinct connections mode .* or graphql-ws/);
    }
  });
});

describe('the documented 415 is what the service answers', () => {
  type Operation = { responses: Record<string, unknown> };
  let paths: Record<string, Record<string, Operation>>;

  beforeAll(async () => {
    paths = ((await (await fetch(`${app.url}/openapi.json`)).json()) as { paths: typeof paths }).paths;
  });

  it('unreadable audio for a voice is a 422, and 415 is not documented there', async () => {
    const noise = join(dir, 'not-audio.wav');
    await writeFile(noise, 'this is text, not a recording\n'.repeat(20));
    const refused = await call('POST', '/api/voices/acme', { form: await multipart({ name: 'Unreadable' }, { file: noise }) });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toMatch(/not readable audio/);
    expect(Object.keys(paths['/api/voices/{partner}']!.post!.responses)).not.toContain('415');
    expect(Object.keys(paths['/api/voices/{partner}/{voice}/samples']!.post!.responses)).not.toContain('415');
    // And a readable recording is still taken.
    const tone = await makeNoise(join(dir, 'noise.wav'), { seconds: 1 });
    expect((await call('POST', '/api/voices/acme', { form: await multipart({ name: 'Readable' }, { file: tone }) })).status).toBe(201);
  });

  it('a document of a kind the service cannot read is a 415, as documented', async () => {
    expect((await call('POST', '/api/knowledgebases/acme', { form: await multipart({ name: 'Strict' }) })).status).toBe(201);
    const unsupported = await call('POST', '/api/documents/acme/Strict', {
      form: await multipart({ type: 'file', folder: 'f' }, { file: { filename: 'blob.bin', data: Buffer.from([0, 1, 2, 3, 0, 255]) } }),
    });
    expect(unsupported.status).toBe(415);
    expect(Object.keys(paths['/api/documents/{partner}/{kb}']!.post!.responses)).toContain('415');
  });
});
