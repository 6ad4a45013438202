import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeNoise, makeTempDir, removeDir } from '../support/audio';
import { multipart, restClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A request over plain node:http, which (unlike fetch) leaves the body as the server sent
 * it. `firstChunkOnly` ends the request after the first bytes, for endless event streams.
 */
function rawRequest(url: string, options: { method?: string; headers?: Record<string, string>; body?: string; firstChunkOnly?: boolean }): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: options.method ?? 'GET', headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      const done = () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        if (options.firstChunkOnly) {
          done();
          outgoing.destroy();
        }
      });
      response.on('end', done);
    });
    outgoing.on('error', (error) => (options.firstChunkOnly ? undefined : reject(error)));
    outgoing.end(options.body);
  });
}

describe('compression of answers', () => {
  let app: TestApp;
  let key: string;
  let dir: string;

  beforeAll(async () => {
    app = await startTestApp();
    key = await app.createKey('acme');
    dir = await makeTempDir('compression-');
    const call = restClient(app.url, key);
    for (let index = 0; index < 12; index += 1) {
      expect((await call('POST', '/api/voices/acme/empty', { urlencoded: { name: `Voice number ${index}` } })).status).toBe(201);
    }
    const recording = await makeNoise(join(dir, 'recording.wav'), { seconds: 20, amplitude: 0.2 });
    expect((await call('POST', '/api/voices/acme', { form: await multipart({ name: 'Sampled' }, { file: recording }) })).status).toBe(201);
    await waitFor(
      async () => (await call('GET', '/api/voices/acme/Sampled')).body as { status: { splitting: string } },
      (voice) => voice.status.splitting !== 'in_progress',
      60_000,
    );
  });
  afterAll(async () => {
    await app?.close();
    if (dir) await removeDir(dir);
  });

  const get = (path: string, headers: Record<string, string> = {}) => rawRequest(`${app.url}${path}`, { headers: { 'x-api-key': key, ...headers } });

  it('gzips a large JSON list for a client that accepts it, and the JSON is unchanged', async () => {
    const plain = await get('/api/voices/acme');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const gzipped = await get('/api/voices/acme', { 'accept-encoding': 'gzip' });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(gunzipSync(gzipped.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    const brotli = await get('/api/voices/acme', { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotli.body).toString())).toEqual(JSON.parse(plain.body.toString()));
  });

  it('compresses a large GraphQL answer (application/graphql-response+json)', async () => {
    const answer = await rawRequest(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json', accept: 'application/graphql-response+json', 'accept-encoding': 'gzip' },
      body: JSON.stringify({ query: '{ voices(partner: "acme") { name preferredSampleIndex status { splitting embedding } } }' }),
    });
    expect(answer.headers['content-type']).toContain('application/graphql-response+json');
    expect(answer.headers['content-encoding'], `${answer.body.length} bytes`).toBe('gzip');
    expect(JSON.parse(gunzipSync(answer.body).toString()).data.voices).toHaveLength(13);
  });

  it('leaves a small JSON answer uncompressed', async () => {
    const small = await get('/api/voices/acme/Voice%20number%200', { 'accept-encoding': 'gzip, br' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString()).name).toBe('Voice number 0');
  });

  it('sends a sample (audio/ogg) and a ZIP bundle as they are, streamed', async () => {
    const sample = await get('/api/voices/acme/Sampled/samples/0', { 'accept-encoding': 'gzip, br' });
    expect(sample.status).toBe(200);
    expect(sample.headers['content-type']).toContain('audio/ogg');
    expect(sample.headers['content-encoding']).toBeUndefined();
    expect(sample.body.subarray(0, 4).toString()).toBe('OggS');
    const bundle = await get('/api/voices/acme/Sampled/samples-bundle', { 'accept-encoding': 'gzip, br' });
    expect(bundle.status).toBe(200);
    expect(bundle.headers['content-type']).toBe('application/zip');
    expect(bundle.headers['content-encoding']).toBeUndefined();
    expect(bundle.body.subarray(0, 2).toString()).toBe('PK');
  });

  it('streams server-sent events uncompressed and unbuffered', async () => {
    const events = await rawRequest(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json', accept: 'text/event-stream', 'accept-encoding': 'gzip, br' },
      body: JSON.stringify({ query: 'subscription { voiceUpdated(partner: "acme", name: "Sampled") { name } }' }),
      firstChunkOnly: true,
    });
    expect(events.headers['content-type']).toContain('text/event-stream');
    // graphql-yoga marks its event streams `none` for proxies; the point is no gzip or br.
    expect([undefined, 'none']).toContain(events.headers['content-encoding']);
    // The first snapshot arrives while the stream stays open: nothing holds it back.
    const first = events.body.toString();
    expect(first.includes('event: next') || first.startsWith(':')).toBe(true);
  });
});
