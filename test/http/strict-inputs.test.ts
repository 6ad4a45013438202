import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Inputs parsed strictly, once: what an outside property-based run found the doors taking
 * loosely. Every answer goes through the shared REST client, which holds it to the OpenAPI
 * document.
 */

let app: TestApp;
let call: RestClient;
let documentId: string;

beforeAll(async () => {
  app = await startTestApp({ ALLOW_PRIVATE_URLS: 'true' });
  call = restClient(app.url, await app.createKey('acme'));
  expect((await call('POST', '/api/knowledgebases/acme', { json: { name: 'Library' } })).status).toBe(201);
  const created = await call('POST', '/api/documents/acme/Library/empty', { json: { name: 'Notes', folder: 'Manual', type: 'file' } });
  documentId = created.body.id;
  await call('PUT', `/api/documents/acme/Library/${documentId}/content/digitized`, { json: { content: 'Some text.' } });
  expect((await call('POST', '/api/voices/acme/empty', { json: { name: 'Alice' } })).status).toBe(201);
});

afterAll(async () => app?.close());

describe('a JSON body that is not an object', () => {
  it('is refused, not read as no parameters', async () => {
    const embedding = await call('POST', '/api/embedding/acme/Library', { json: [null, null] });
    expect(embedding.status).toBe(422);
    expect(embedding.body).toEqual({ detail: 'body: must be a JSON object' });
    const rewrite = await call('POST', '/api/bulk/rewrite/kb/acme/Library', { json: -5 });
    expect(rewrite.status).toBe(422);
    expect(rewrite.body).toEqual({ detail: 'body: must be a JSON object' });
    // Nothing started.
    expect((await call('GET', '/api/embedding/acme/Library')).body.status).toBe('idle');
  });
});

describe('a JSON array or null where one value is expected', () => {
  it('is refused with the field named, not unwrapped', async () => {
    const renamed = await call('PUT', '/api/voices/acme/Alice/name', { json: { name: ['Bob', 'Carol'] } });
    expect(renamed.status).toBe(422);
    expect(renamed.body.detail).toMatch(/^name: /);
    expect((await call('GET', '/api/voices/acme/Alice')).status).toBe(200);
  });

  it('still takes a form field given twice, the last one winning, as legacy clients send it', async () => {
    const renamed = await call('PUT', '/api/voices/acme/Alice/name', { urlencoded: 'name=Bob&name=Alice2' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Alice2');
    expect((await call('PUT', '/api/voices/acme/Alice2/name', { json: { name: 'Alice' } })).status).toBe(200);
  });
});

describe('file parts', () => {
  it('refuses a second file where one is expected, storing nothing', async () => {
    const form = await multipart({}, { file: { data: 'first', filename: 'a.txt', type: 'text/plain' } });
    form.append('file', new Blob(['second'], { type: 'text/plain' }), 'b.txt');
    const answer = await call('POST', `/api/documents/acme/Library/${documentId}/content/digitized`, { form });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ detail: 'file: send one file' });
    expect((await call('GET', `/api/documents/acme/Library/${documentId}/content/digitized`)).body.content).toBe('Some text.');
  });

  it('refuses a value sent as a file', async () => {
    const form = await multipart({}, { split_level: { data: '2', filename: 'level.txt', type: 'text/plain' } });
    const answer = await call('POST', '/api/embedding/acme/Library', { form });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ detail: 'split_level: must be a form value, not a file' });
  });

  it('takes a JSON value sent as a multipart part typed application/json', async () => {
    const form = await multipart({ partner: 'acme', kb: 'Library', action: 'rewrite' });
    form.append('document', new Blob([JSON.stringify({ id: documentId })], { type: 'application/json' }));
    const answer = await call('POST', '/api/queue/process', { form });
    expect(answer.status).toBe(202);
    expect(answer.body.document.id).toBe(documentId);
  });
});

describe('errors that name their place', () => {
  it('reports a bad path parameter as the parameter, not the body', async () => {
    const answer = await call('GET', '/api/voices/acme/Alice/samples/first');
    expect(answer.status).toBe(422);
    expect(answer.body.detail).toMatch(/^index: /);
  });

  it('says what was wrong with a /v2 body that is not JSON', async () => {
    const answer = await call('POST', '/v2/transcript', { headers: { 'content-type': 'application/json' }, raw: '{"audio_url":' });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message: 'The given data was invalid.', errors: { body: ['Request body is not valid JSON'] } });
  });

  it('answers an unknown method with 404, whatever its body', async () => {
    const answer = await call('PATCH', '/api/voices/acme/Alice', { json: { name: 'x' } });
    expect(answer.status).toBe(404);
    const query = await call('QUERY', '/v2/transcript', { headers: { 'content-type': 'application/json' }, raw: '{"audio_url":' });
    expect(query.status).toBe(404);
  });
});

describe('a JSON value sent as a multipart field typed application/json', () => {
  /** A multipart body written by hand: fetch's FormData gives every typed part a file name. */
  function rawForm(parts: { name: string; value: string; type?: string }[]): { headers: Record<string, string>; raw: string } {
    const boundary = 'json-field-boundary';
    const body = parts
      .map(
        (part) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n${part.value}\r\n`,
      )
      .join('');
    return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, raw: `${body}--${boundary}--\r\n` };
  }

  it('is read as that value, as curl -F "document={...};type=application/json" sends it', async () => {
    const form = rawForm([
      { name: 'partner', value: 'acme' },
      { name: 'kb', value: 'Library' },
      { name: 'action', value: 'rewrite' },
      { name: 'document', value: JSON.stringify({ id: documentId }), type: 'application/json' },
    ]);
    const answer = await call('POST', '/api/queue/process', form);
    expect(answer.status).toBe(202);
    expect(answer.body.document.id).toBe(documentId);
  });

  it('that is not JSON is a 4xx in the API format', async () => {
    const form = rawForm([
      { name: 'partner', value: 'acme' },
      { name: 'kb', value: 'Library' },
      { name: 'document', value: '{"id":', type: 'application/json' },
    ]);
    const answer = await call('POST', '/api/queue/process', form);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ detail: expect.any(String) });
  });
});
