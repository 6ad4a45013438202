import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocx, buildPdf, makeTempDir, type TempDir } from '../support/documents';
import { buildLargeHtml, buildManyPagesPdf, buildNestedHtml, buildZipBombDocx } from '../support/hostile-documents';
import { startAppProcess } from '../support/app-process';
import { startKnowledgeBaseEnvironment, type KnowledgeBaseEnvironment } from '../support/kb-environment';
import { freePort } from '../support/redis-server';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { startTestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

type Json = Record<string, any>;

const MB = 1024 * 1024;
/** Low limits, so that hostile files of the audit's kinds can be small. */
const LIMITS = { DOCUMENT_PARSE_TIMEOUT_SECONDS: '5', DOCUMENT_DOCX_PART_MAX_MB: '1', DOCUMENT_HTML_MAX_MB: '0.5' };

let environment: KnowledgeBaseEnvironment;
let acme: RestClient;
let beta: RestClient;
let tmp: TempDir;

beforeAll(async () => {
  environment = await startKnowledgeBaseEnvironment({ env: LIMITS, pages: { '/huge': buildLargeHtml(MB) } });
  acme = restClient(environment.app.url, environment.key);
  beta = restClient(environment.app.url, await environment.app.createKey('beta'));
  tmp = await makeTempDir('kb-hostile-');
  await acme('POST', '/api/knowledgebases/acme', { form: await multipart({ name: 'Library' }) });
  await beta('POST', '/api/knowledgebases/beta', { form: await multipart({ name: 'Shelf' }) });
});

afterAll(async () => {
  await environment?.close();
  await tmp?.remove();
});

async function upload(call: RestClient, path: string, filename: string, data: Buffer | string): Promise<string> {
  const created = await call('POST', path, { form: await multipart({ type: 'file', folder: 'Inbox' }, { file: { filename, data: Buffer.from(data) } }) });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

function processed(call: RestClient, path: string): Promise<Json> {
  return waitFor(
    async () => (await call('GET', path)).body as Json,
    (document) => document.in_queues?.length === 0,
    60_000,
  );
}

/**
 * Asks /healthz every 100 ms, as a load balancer would, and watches this process's memory (the
 * service runs in it): the slowest answer, the failed ones and the largest growth of the RSS.
 */
function watchService(url: string): { stop(): Promise<{ slowestMs: number; failed: number; rssGrowthMb: number }> } {
  const idleRss = process.memoryUsage().rss;
  let slowestMs = 0;
  let failed = 0;
  let peakRss = idleRss;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const answer = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) }).then(
        (response) => response.status,
        () => 0,
      );
      slowestMs = Math.max(slowestMs, performance.now() - started);
      if (answer !== 200) failed += 1;
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { slowestMs, failed, rssGrowthMb: (peakRss - idleRss) / MB };
    },
  };
}

describe('hostile documents', () => {
  it("fail their own document at the time limit while the service answers and another partner's document is read", async () => {
    const pdf = buildManyPagesPdf(10_000);
    const service = watchService(environment.app.url);

    const hostile = await upload(acme, '/api/documents/acme/Library', 'pages.pdf', pdf);
    const fine = await upload(beta, '/api/documents/beta/Shelf', 'guide.docx', await buildDocx());
    const read = await processed(beta, `/api/document/beta/Shelf/${fine}`);
    const failed = await processed(acme, `/api/document/acme/Library/${hostile}`);
    const { slowestMs, failed: unanswered, rssGrowthMb } = await service.stop();

    expect(read).toMatchObject({ processing_error: null, file_digitized: 'digitized.md' });
    expect(failed).toMatchObject({ processing_error: 'Reading the document took longer than 5 s', file_digitized: null });
    expect(unanswered).toBe(0);
    expect(slowestMs).toBeLessThan(1_000);
    expect(rssGrowthMb).toBeLessThan(200);
  });

  it('fail a request that reads one with the reason, and /healthz answers meanwhile', async () => {
    const id = await upload(acme, '/api/documents/acme/Library', 'notes.txt', 'Some notes.');
    await processed(acme, `/api/document/acme/Library/${id}`);
    const service = watchService(environment.app.url);

    const answer = await acme('POST', `/api/documents/acme/Library/${id}/content/digitized`, {
      form: await multipart({}, { file: { filename: 'deep.html', data: Buffer.from(buildNestedHtml(3_000)) } }),
    });
    const { slowestMs, failed } = await service.stop();

    expect(answer).toMatchObject({ status: 415, body: { detail: 'Reading the document took longer than 5 s' } });
    expect(failed).toBe(0);
    expect(slowestMs).toBeLessThan(1_000);
  });

  it('stop a zip bomb at the part limit, and a page at the HTML limit whether fetched or uploaded', async () => {
    const bomb = await upload(acme, '/api/documents/acme/Library', 'bomb.docx', await buildZipBombDocx(64 * MB));
    const page = await upload(acme, '/api/documents/acme/Library', 'huge.html', buildLargeHtml(MB));
    const url = await acme('POST', '/api/documents/acme/Library', {
      form: await multipart({ type: 'url', folder: 'Inbox', url: `${environment.pagesUrl}/huge` }),
    });

    expect(await processed(acme, `/api/document/acme/Library/${bomb}`)).toMatchObject({
      processing_error: 'The DOCX document has a part (word/document.xml) larger than 1 MB unpacked',
    });
    expect(await processed(acme, `/api/document/acme/Library/${page}`)).toMatchObject({ processing_error: 'The HTML page is larger than 0.5 MB' });
    expect(await processed(acme, `/api/document/acme/Library/${url.body.id}`)).toMatchObject({ processing_error: 'Download too large: over 512 KB' });
  });

  it('are read in parser processes by the built service too (npm start)', async () => {
    const { redis } = environment.app;
    const port = await freePort();
    const shared = { REDIS_URL: redis.url, REDIS_PREFIX: `${redis.prefix}-built`, DATA_DIR: join(tmp.path, 'built-data') };
    const built = await startAppProcess({ ...shared, ...LIMITS, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' }, { via: 'npm' });
    // Keys are made through an API-only process of the same deployment, which runs no job itself.
    const keys = await startTestApp({ ...shared, ROLE: 'api' }, redis);
    try {
      const call = restClient(`http://127.0.0.1:${port}`, await keys.createKey('acme'));
      await call('POST', '/api/knowledgebases/acme', { form: await multipart({ name: 'Built' }) });
      const fine = await upload(call, '/api/documents/acme/Built', 'story.pdf', await buildPdf());
      const deep = await upload(call, '/api/documents/acme/Built', 'deep.html', buildNestedHtml(3_000));

      expect(await processed(call, `/api/document/acme/Built/${fine}`)).toMatchObject({ processing_error: null, file_digitized: 'digitized.md' });
      expect(await processed(call, `/api/document/acme/Built/${deep}`)).toMatchObject({ processing_error: 'Reading the document took longer than 5 s' });
    } finally {
      built.kill('SIGKILL');
      await keys.close();
    }
  });
});
