import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let key: string;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  key = await app.createKey('acme');
});
afterAll(async () => app?.close());

const BOUNDARY = 'hostile-boundary';
const part = (name: string, value: string, filename?: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n\r\n${value}\r\n`;

/** Bodies no multipart route may answer with a 5xx or a 2xx. */
const hostile: Record<string, { contentType: string; body: string }> = {
  'a missing boundary': { contentType: 'multipart/form-data', body: part('name', 'x') },
  'a truncated body': {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `${part('name', 'x')}--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\n\r\nRIFF`,
  },
  'too many fields': {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `${Array.from({ length: 1000 }, (_, index) => part(`field${index}`, 'x')).join('')}--${BOUNDARY}--\r\n`,
  },
  'too many files': {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `${Array.from({ length: 1000 }, (_, index) => part(String(index), 'x', `f${index}.txt`)).join('')}--${BOUNDARY}--\r\n`,
  },
};

/** A request whose bytes are exactly `body` (fetch would fix up a broken multipart body). */
function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; headers: Record<string, unknown>; json: unknown }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let json: unknown = text;
        try {
          json = JSON.parse(text);
        } catch {
          // left as text: the assertion on the shape reports it
        }
        resolve({ status: response.statusCode ?? 0, headers: response.headers, json });
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** The error shape of the API a path belongs to. */
function expectDialect(path: string, json: unknown) {
  if (path.startsWith('/graphql')) {
    expect(json).toMatchObject({ errors: [{ message: expect.any(String) }] });
  } else if (path.startsWith('/v2')) {
    const body = json as { error?: unknown; message?: unknown; errors?: unknown };
    expect(typeof body.error === 'string' || (typeof body.message === 'string' && typeof body.errors === 'object')).toBe(true);
  } else {
    expect(json).toEqual({ detail: expect.any(String) });
  }
}

const concretePath = (url: string) =>
  url.replace(':partner', 'acme').replace(/:[a-z_]+/g, (param) => (param === ':type' ? 'original' : param === ':index' ? '0' : `x${param.slice(1)}`));

describe('hostile multipart bodies', () => {
  it('are answered with a 4xx in the API format on every route that takes a body', async () => {
    const routes = (app.app.http?.routes ?? []).filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method) && /^\/(api|v2|graphql)/.test(route.url));
    // The three APIs' body-taking routes, plus /graphql: the walk must see them all.
    expect(routes.length).toBeGreaterThanOrEqual(22);
    const failures: string[] = [];
    for (const route of routes) {
      const path = concretePath(route.url);
      for (const [name, { contentType, body }] of Object.entries(hostile)) {
        const answer = await send(`${app.url}${path}`, route.method, { 'content-type': contentType, 'x-api-key': key }, body);
        if (answer.status < 400 || answer.status >= 500)
          failures.push(`${route.method} ${route.url} with ${name}: ${answer.status} ${JSON.stringify(answer.json).slice(0, 200)}`);
        else expectDialect(path, answer.json);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('GraphQL transport errors', () => {
  const cases: Record<string, { contentType: string; body: string }> = {
    'bad JSON': { contentType: 'application/json', body: '{"query": ' },
    'an empty body': { contentType: 'application/json', body: '' },
    'a wrong content type': { contentType: 'text/plain', body: '{ contentTypes }' },
    'an oversized body': {
      contentType: 'application/json',
      body: JSON.stringify({ query: '{ contentTypes }', variables: { padding: 'x'.repeat(11 * 1024 * 1024) } }),
    },
  };
  for (const [name, { contentType, body }] of Object.entries(cases)) {
    it(`answers ${name} with a 4xx in GraphQL's error format`, async () => {
      const answer = await send(`${app.url}/graphql`, 'POST', { 'content-type': contentType }, body);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expectDialect('/graphql', answer.json);
    });
  }
});
