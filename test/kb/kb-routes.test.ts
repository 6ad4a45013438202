import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormData } from 'undici';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { readZip } from '../support/zip';

let app: TestApp;
let key: string;
let otherKey: string;
let call: RestClient;

beforeAll(async () => {
  // An API-only process: queued work stays queued, so every state seen here is deterministic.
  app = await startTestApp({ RATE_LIMIT_PER_MINUTE: '100000', ROLE: 'api' });
  key = await app.createKey('acme');
  call = restClient(app.url, key);
  otherKey = await app.createKey('globex');
});
afterAll(async () => app?.close());

type Json = Record<string, any>;

async function createKb(name: string, extra: Record<string, string> = {}) {
  const created = await call('POST', '/api/knowledgebases/acme', { form: await multipart({ name, ...extra }) });
  expect(created.status).toBe(201);
  return created.body as Json;
}

async function createEmpty(kb: string, values: Record<string, unknown>) {
  return call('POST', `/api/documents/acme/${encodeURIComponent(kb)}/empty`, { json: values });
}

describe('knowledge base REST', () => {
  it('lists content types without a key', async () => {
    const response = await call('GET', '/api/content_types', { key: null });
    expect(response).toEqual({ status: 200, body: ['auto', 'article', 'video', 'book'] });
  });

  it('creates, lists and deletes knowledge bases with their defaults', async () => {
    const created = await createKb('Handbook', { expert_name: 'Ada Lovelace', user_email: 'ada@example.com' });
    expect(created).toMatchObject({
      name: 'Handbook',
      expert_name: 'Ada Lovelace',
      user_email: 'ada@example.com',
      documents: [],
      embedding_info: { last_successful_update_time: null, last_update_status: null, embedding_stale: false },
    });
    const duplicate = await call('POST', '/api/knowledgebases/acme', { form: await multipart({ name: 'Handbook' }) });
    expect(duplicate).toEqual({ status: 409, body: { detail: "Knowledge base 'Handbook' already exists" } });

    const document = await createEmpty('Handbook', { name: 'Notes', folder: 'General', type: 'file' });
    expect(document.status).toBe(201);
    expect(document.body).toMatchObject({ expert_name: 'Ada Lovelace', user_email: 'ada@example.com', in_queues: [] });

    const list = await call('GET', '/api/knowledgebases/acme');
    expect(list.status).toBe(200);
    const handbook = (list.body as Json[]).find((kb) => kb.name === 'Handbook');
    expect(handbook?.documents.map((doc: Json) => doc.name)).toEqual(['Notes']);
    expect(handbook?.embedding_info.embedding_stale).toBe(true);

    expect((await call('DELETE', '/api/knowledgebases/acme/Handbook')).status).toBe(204);
    expect(await call('DELETE', '/api/knowledgebases/acme/Handbook')).toEqual({ status: 404, body: { detail: 'Knowledge base not found' } });
    expect((await call('GET', `/api/document/acme/Handbook/${document.body.id}`)).status).toBe(404);
    const recreated = await createKb('Handbook');
    expect(recreated.documents).toEqual([]);
  });

  it('manages folders with document counts', async () => {
    await createKb('Folders');
    const created = await call('POST', '/api/folders/acme/Folders', { json: { name: 'Research' } });
    expect(created).toEqual({ status: 201, body: { name: 'Research', document_count: 0 } });
    expect(await call('POST', '/api/folders/acme/Folders', { json: { name: 'Research' } })).toEqual({
      status: 409,
      body: { detail: "Folder 'Research' already exists" },
    });
    // A document in a folder nobody created makes that folder, as legacy clients expect.
    await createEmpty('Folders', { name: 'a', folder: 'Research', type: 'file' });
    await createEmpty('Folders', { name: 'b', folder: 'Auto', type: 'file' });
    const listed = await call('GET', '/api/folders/acme/Folders');
    expect(listed).toEqual({
      status: 200,
      body: [
        { name: 'Research', document_count: 1 },
        { name: 'Auto', document_count: 1 },
      ],
    });
    expect((await call('DELETE', '/api/folders/acme/Folders/Research')).status).toBe(204);
    expect(await call('DELETE', '/api/folders/acme/Folders/Research')).toEqual({ status: 404, body: { detail: 'Folder not found' } });
    const documents = await call('GET', '/api/documents/acme/Folders');
    expect(documents.body.documents.map((doc: Json) => doc.name)).toEqual(['b']);
    expect((await call('GET', '/api/folders/acme/Missing')).body).toEqual({ detail: 'Knowledge base not found' });
  });

  it('creates documents, updates and reads them, with content of every kind', async () => {
    await createKb('Docs', { expert_name: 'Default Expert' });
    const file = await call('POST', '/api/documents/acme/Docs', {
      form: await multipart(
        { type: 'file', folder: 'Inbox', name: 'Field notes', model_tier: 'economy' },
        { file: { filename: '../../etc/notes.md', data: '# Notes\n\nHello there.', type: 'text/markdown' } },
      ),
    });
    expect(file.status).toBe(201);
    expect(file.body).toMatchObject({
      name: 'Field notes',
      folder: 'Inbox',
      type: 'file',
      url: null,
      file_original: 'original.md',
      file_digitized: null,
      in_queues: ['digitize'],
      expert_name: 'Default Expert',
      auto_rewrite: false,
      model_tier: 'economy',
      is_embedded: false,
      processing_error: null,
    });
    const id = file.body.id as string;

    const url = await call('POST', '/api/documents/acme/Docs', {
      form: await multipart({ type: 'url', folder: 'Inbox', url: 'http://127.0.0.1:9/some-page.html' }),
    });
    expect(url.status).toBe(201);
    expect(url.body).toMatchObject({ type: 'url', url: 'http://127.0.0.1:9/some-page.html', name: 'some-page.html', file_original: null });

    const renamed = await call('PUT', `/api/documents/acme/Docs/${id}/name`, { form: await multipart({ name: '../evil' }) });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('../evil');
    const typed = await call('PUT', `/api/documents/acme/Docs/${id}/type`, { json: { type: 'url', url: 'https://example.com/a' } });
    expect(typed.body).toMatchObject({ type: 'url', url: 'https://example.com/a' });
    const relinked = await call('PUT', `/api/documents/acme/Docs/${id}/url?url=${encodeURIComponent('https://example.com/b')}`);
    expect(relinked.body.url).toBe('https://example.com/b');

    const original = await call('GET', `/api/documents/acme/Docs/${id}/content/original`);
    expect(original.body).toEqual({ content: '# Notes\n\nHello there.', encoding: 'utf-8', filename: 'original.md' });
    expect(await call('GET', `/api/documents/acme/Docs/${id}/content/rewritten`)).toEqual({ status: 404, body: { detail: 'Content not found' } });

    const put = await call('PUT', `/api/documents/acme/Docs/${id}/content/digitized`, { form: await multipart({ content: 'Digitized ünïcode' }) });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ file_digitized: 'digitized.md', digitized_char_count: 17 });
    await call('PUT', `/api/documents/acme/Docs/${id}/content/draft`, { json: { content: 'Draft text' } });
    const uploaded = await call('POST', `/api/documents/acme/Docs/${id}/content/rewritten`, {
      form: await multipart({}, { file: { filename: 'final.txt', data: 'Final rewritten text', type: 'text/plain' } }),
    });
    expect(uploaded.body).toMatchObject({
      file_rewritten: 'rewritten.md',
      final_rewrite_char_count: 20,
      file_rewritten_draft: 'rewritten_draft.md',
      draft_rewrite_char_count: 10,
    });
    expect((await call('GET', `/api/documents/acme/Docs/${id}/content/draft`)).body.content).toBe('Draft text');
    expect((await call('GET', `/api/documents/acme/Docs/${id}/content/digitized`)).body.content).toBe('Digitized ünïcode');

    const one = await call('GET', `/api/document/acme/Docs/${id}`);
    expect(one.body).toMatchObject({ id, name: '../evil', file_rewritten: 'rewritten.md' });

    const stats = await call('GET', '/api/kb-stats/acme/Docs');
    expect(stats.body).toEqual({
      document_count: 2,
      digitized_count: 1,
      draft_rewrite_count: 1,
      final_rewrite_count: 1,
      total_digitized_chars: 17,
      total_draft_rewrite_chars: 10,
      total_final_rewrite_chars: 20,
      error_count: 0,
      embedded_count: 0,
    });

    const data = await call('GET', '/api/kb-data/acme/Docs');
    expect(data.body.folders).toEqual([{ name: 'Inbox', document_count: 2 }]);
    expect(data.body.documents).toHaveLength(2);
    expect(data.body.embedding_info.embedding_stale).toBe(true);

    const zipResponse = await call('GET', '/api/documents/acme/Docs/rewritten-bundle');
    expect(zipResponse.status).toBe(200);
    expect(zipResponse.headers.get('content-type')).toBe('application/zip');
    const entries = await readZip(zipResponse.bytes);
    expect([...entries].map(([name, content]) => [name, content.toString('utf8')])).toEqual([['Inbox/__evil.md', 'Final rewritten text']]);
  });

  it('stores an upload of several MiB byte for byte', async () => {
    // Larger than the span after which the server frees the chunks it has written: a chunk
    // lost, repeated or freed too soon would show in the text read back.
    await createKb('Large');
    const text = Array.from({ length: 160_000 }, (_, line) => `${line} ${'abcdefghij'.repeat(line % 7)}`).join('\n');
    expect(Buffer.byteLength(text)).toBeGreaterThan(5 * 1024 * 1024);
    const created = await call('POST', '/api/documents/acme/Large', {
      form: await multipart({ type: 'file', folder: 'Inbox', name: 'Long notes' }, { file: { filename: 'long.md', data: text, type: 'text/markdown' } }),
    });
    expect(created.status).toBe(201);
    const original = await call('GET', `/api/documents/acme/Large/${created.body.id}/content/original`);
    expect(original.body.content.length).toBe(text.length);
    expect(original.body.content === text).toBe(true);
  });

  it('deletes documents, refusing force=false while processing', async () => {
    await createKb('Deleting');
    const busy = await call('POST', '/api/documents/acme/Deleting', { form: await multipart({ type: 'url', folder: 'f', url: 'http://127.0.0.1:9/x' }) });
    expect(busy.body.in_queues).toEqual(['digitize']);
    const refused = await call('DELETE', `/api/documents/acme/Deleting/${busy.body.id}?force=false`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/being processed/);

    const idle = await createEmpty('Deleting', { name: 'idle', folder: 'f', type: 'file' });
    expect((await call('DELETE', `/api/documents/acme/Deleting/${idle.body.id}?force=false`)).status).toBe(204);
    expect((await call('DELETE', `/api/documents/acme/Deleting/${busy.body.id}`)).status).toBe(204);
    expect(await call('GET', `/api/document/acme/Deleting/${busy.body.id}`)).toEqual({ status: 404, body: { detail: 'Document not found' } });
    expect((await call('GET', '/api/documents/acme/Deleting')).body.documents).toEqual([]);
  });

  it('refuses bad input with a detail that names the parameter', async () => {
    await createKb('Strict');
    const cases: [string, string, { json?: unknown; form?: FormData }, number, RegExp][] = [
      ['POST', '/api/knowledgebases/acme', { form: await multipart({ name: '' }) }, 422, /^name:/],
      ['POST', '/api/knowledgebases/acme', { form: await multipart({ name: 'a\u0000b' }) }, 422, /^name: must not contain control characters/],
      ['POST', '/api/knowledgebases/acme', { form: await multipart({ name: 'x'.repeat(10_240) }) }, 422, /^name: must be at most 255/],
      ['POST', '/api/folders/acme/Strict', { json: {} }, 422, /^name: is required/],
      ['POST', '/api/documents/acme/Strict', { form: await multipart({ type: 'book', folder: 'f' }) }, 422, /^type: must be one of file, url/],
      ['POST', '/api/documents/acme/Strict', { form: await multipart({ type: 'url', folder: 'f' }) }, 422, /^url: is required/],
      ['POST', '/api/documents/acme/Strict', { form: await multipart({ type: 'url', folder: 'f', url: 'file:///etc/passwd' }) }, 422, /^url: must be an http/],
      ['POST', '/api/documents/acme/Strict', { form: await multipart({ type: 'file', folder: 'f' }) }, 422, /^file: is required/],
      [
        'POST',
        '/api/documents/acme/Strict',
        { form: await multipart({ type: 'url', folder: 'f', url: 'https://a.example', auto_rewrite: 'maybe' }) },
        422,
        /^auto_rewrite: must be true or false/,
      ],
      [
        'POST',
        '/api/documents/acme/Strict',
        { form: await multipart({ type: 'url', folder: 'f', url: 'https://a.example', model_tier: 'premium' }) },
        422,
        /^model_tier:/,
      ],
      ['POST', '/api/documents/acme/Strict/empty', { json: { name: 'n', type: 'file' } }, 422, /^folder: is required/],
      ['POST', '/api/documents/acme/Strict/batch', { json: { folder: 'f', urls: 'https://a.example' } }, 422, /^urls:/],
      [
        'POST',
        '/api/documents/acme/Strict/batch',
        { json: { folder: 'f', urls: Array.from({ length: 1001 }, (_, i) => `https://a.example/${i}`) } },
        422,
        /^urls: must contain at most 1000/,
      ],
      ['POST', '/api/embedding/acme/Strict', { form: await multipart({ split_level: '7' }) }, 422, /^split_level: must be between 0 and 6/],
      ['POST', '/api/embedding/acme/Strict', { form: await multipart({ split_level: 'two' }) }, 422, /^split_level: must be an integer/],
      ['POST', '/api/bulk/rewrite/kb/acme/Strict', { json: { content_type: 'poem' } }, 422, /^content_type: must be one of/],
      ['POST', '/api/queue/process', { json: { partner: 'acme', kb: 'Strict', document: { id: 'nope' } } }, 422, /^document/],
      ['POST', '/api/queue/process', { json: { partner: 'acme', kb: 'Strict' } }, 422, /^document/],
      [
        'GET',
        '/api/documents/acme/Strict/00000000-0000-4000-8000-000000000000/content/summary',
        {},
        422,
        /must be one of original, digitized, draft, rewritten/,
      ],
    ];
    for (const [method, path, options, status, detail] of cases) {
      const response = await call(method, path, options);
      expect({ path, status: response.status }).toEqual({ path, status });
      expect(response.body.detail).toMatch(detail);
    }
    const unsupported = await call('POST', '/api/documents/acme/Strict', {
      form: await multipart({ type: 'file', folder: 'f' }, { file: { filename: 'blob.bin', data: Buffer.from([0, 1, 2, 3, 0, 255]) } }),
    });
    expect(unsupported.status).toBe(415);
    expect((await call('GET', '/api/documents/acme/Strict')).body.documents).toEqual([]);
  });

  it('answers 404 for unknown knowledge bases, folders and documents', async () => {
    await createKb('Present');
    const missingDoc = '00000000-0000-4000-8000-000000000000';
    const cases: [string, string, unknown, string][] = [
      ['GET', '/api/documents/acme/Absent', undefined, 'Knowledge base not found'],
      ['GET', '/api/kb-stats/acme/Absent', undefined, 'Knowledge base not found'],
      ['GET', '/api/embedding/acme/Absent', undefined, 'Knowledge base not found'],
      ['POST', '/api/documents/acme/Absent/empty', { name: 'n', folder: 'f', type: 'file' }, 'Knowledge base not found'],
      ['GET', `/api/document/acme/Present/${missingDoc}`, undefined, 'Document not found'],
      ['GET', '/api/document/acme/Present/not-a-uuid', undefined, 'Document not found'],
      ['PUT', `/api/documents/acme/Present/${missingDoc}/name`, { name: 'x' }, 'Document not found'],
      ['DELETE', `/api/documents/acme/Present/${missingDoc}`, undefined, 'Document not found'],
      ['GET', `/api/documents/acme/Present/${missingDoc}/content/original`, undefined, 'Document not found'],
      ['POST', '/api/bulk/rewrite/folder/acme/Present/Nowhere', {}, 'Folder not found'],
      ['DELETE', '/api/folders/acme/Present/Nowhere', undefined, 'Folder not found'],
      ['POST', '/api/queue/process', { partner: 'acme', kb: 'Present', document: { id: missingDoc } }, 'Document not found'],
    ];
    for (const [method, path, json, detail] of cases) {
      expect({ path, ...(await call(method, path, { json })) }).toEqual({ path, status: 404, body: { detail } });
    }
  });

  it("refuses another partner's key and a missing key", async () => {
    await createKb('Private');
    for (const [method, path] of [
      ['GET', '/api/knowledgebases/acme'],
      ['GET', '/api/documents/acme/Private'],
      ['DELETE', '/api/knowledgebases/acme/Private'],
      ['POST', '/api/embedding/acme/Private'],
    ] as const) {
      expect(await call(method, path, { key: otherKey })).toEqual({ status: 403, body: { detail: 'Access denied' } });
      expect(await call(method, path, { key: null })).toEqual({ status: 401, body: { detail: 'Invalid API key' } });
    }
    const queued = await call('POST', '/api/queue/process', {
      key: otherKey,
      json: { partner: 'acme', kb: 'Private', document: { id: '00000000-0000-4000-8000-000000000000' } },
    });
    expect(queued.status).toBe(403);
    expect((await call('GET', '/api/documents/acme/Private')).status).toBe(200);
  });

  it('reports and starts embedding', async () => {
    await createKb('Embed');
    const status = await call('GET', '/api/embedding/acme/Embed');
    expect(status.body).toMatchObject({
      status: 'idle',
      last_successful_update_time: null,
      last_update_time: null,
      last_update_status: null,
      last_update_details: null,
      last_successful_details: null,
      external_job_id: null,
      embedding_stale: false,
    });
    const started = await call('POST', '/api/embedding/acme/Embed', { form: await multipart({ split_level: '2' }) });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'in_progress', split_level: 2, language: 'english' });
    expect(started.body.external_job_id).toEqual(expect.any(String));
  });
});
