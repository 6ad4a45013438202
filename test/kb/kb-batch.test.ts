import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

type Json = Record<string, any>;

let pages: Server;
let pagesUrl: string;
let app: TestApp;
let key: string;

beforeAll(async () => {
  pages = createServer((request, response) => {
    const page = /^\/p\/(\d+)$/.exec(request.url ?? '');
    if (!page) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('missing');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<html><head><title>Page ${page[1]}</title></head><body><p>Body of page ${page[1]}.</p></body></html>`);
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pagesUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  // Tiny pages make each job cheap; more concurrent jobs keep 1,000 of them quick on two cores.
  app = await startTestApp({ RATE_LIMIT_PER_MINUTE: '100000', ALLOW_PRIVATE_URLS: 'true', WORKER_CONCURRENCY: '16' });
  key = await app.createKey('acme');
});

afterAll(async () => {
  await app?.close();
  pages?.closeAllConnections();
  await new Promise<void>((resolve) => (pages ? pages.close(() => resolve()) : resolve()));
});

const call = (method: string, path: string, json?: unknown) => restClient(app.url, key)(method, path, json === undefined ? {} : { json });

describe('batch import', () => {
  it('imports 1,000 URLs, reporting invalid ones per item, and digitizes the rest', async () => {
    expect((await call('POST', '/api/knowledgebases/acme', { name: 'Crawl' })).status).toBe(201);
    const urls: unknown[] = [];
    for (let index = 0; index < 1000; index++) {
      if (index % 20 === 7) urls.push(`${pagesUrl}/missing/${index}`);
      else if (index % 20 === 13) urls.push(index % 40 === 13 ? `not a url ${index}` : `ftp://127.0.0.1/${index}`);
      else urls.push(`${pagesUrl}/p/${index}`);
    }
    urls[999] = 42;

    const batch = await call('POST', '/api/documents/acme/Crawl/batch', { folder: 'Crawled', urls, use_original_as_rewritten: true });
    expect(batch.status).toBe(201);
    expect(batch.body.summary).toEqual({ total: 1000, succeeded: 949, failed: 51 });
    expect(batch.body.results).toHaveLength(1000);
    expect(batch.body.results[0]).toEqual({ url: `${pagesUrl}/p/0`, status: 'success', document_id: expect.any(String) });
    expect(batch.body.results[13]).toEqual({ url: 'not a url 13', status: 'failed', document_id: null, error: 'must be an http or https URL' });
    expect(batch.body.results[33]).toMatchObject({ url: 'ftp://127.0.0.1/33', status: 'failed' });
    expect(batch.body.results[999]).toMatchObject({ status: 'failed', error: 'must be a URL string' });

    const documents = await waitFor(
      async () => (await call('GET', '/api/documents/acme/Crawl')).body.documents as Json[],
      (all) => all.every((document) => document.in_queues.length === 0),
      300_000,
    );
    expect(documents).toHaveLength(949);
    expect(documents.filter((document) => document.in_queues.length > 0)).toEqual([]);
    const failed = documents.filter((document) => document.processing_error);
    expect(failed).toHaveLength(50);
    expect(new Set(failed.map((document) => document.processing_error))).toEqual(new Set(['Download failed: HTTP 404']));
    expect(failed.every((document) => document.url.includes('/missing/'))).toBe(true);
    const page5 = documents.find((document) => document.url === `${pagesUrl}/p/5`);
    expect(page5).toMatchObject({ name: 'Page 5', file_original: 'original.html', file_digitized: 'digitized.md', file_rewritten: 'rewritten.md' });

    const stats = (await call('GET', '/api/kb-stats/acme/Crawl')).body;
    expect(stats).toMatchObject({ document_count: 949, digitized_count: 899, final_rewrite_count: 899, error_count: 50 });
    expect(stats.total_digitized_chars).toBe(documents.reduce((sum, document) => sum + document.digitized_char_count, 0));
    expect((await call('GET', '/api/folders/acme/Crawl')).body).toEqual([{ name: 'Crawled', document_count: 949 }]);

    expect((await call('DELETE', '/api/knowledgebases/acme/Crawl')).status).toBe(204);
    expect((await call('GET', `/api/document/acme/Crawl/${page5?.id}`)).status).toBe(404);
  });
});
