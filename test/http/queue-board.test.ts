import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSine, makeTempDir, removeDir } from '../support/audio';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

const ADMIN_KEY = 'admin-key-for-the-queue-board';

interface BoardJob {
  id: string;
  failedReason?: string;
  processedOn?: number;
  finishedOn?: number;
}
interface BoardQueue {
  name: string;
  counts: Record<string, number>;
  jobs: BoardJob[];
}

describe('queue administration at /admin/queues', () => {
  let app: TestApp;
  let admin: RestClient;
  let partner: RestClient;
  let dir: string;

  beforeAll(async () => {
    // No ASR_BASE_URL: a transcript's job fails for good, with a reason.
    app = await startTestApp({ ADMIN_API_KEY: ADMIN_KEY });
    admin = restClient(app.url, ADMIN_KEY);
    partner = restClient(app.url, await app.createKey('acme'));
    dir = await makeTempDir('queue-board-');
  });
  afterAll(async () => {
    await app?.close();
    if (dir) await removeDir(dir);
  });

  const queues = async (query = '') => ((await admin('GET', `/admin/queues/api/queues${query}`)).body as { queues: BoardQueue[] }).queues;

  it('refuses a missing or wrong key (401, asking a browser for Basic auth) and a partner key (403)', async () => {
    for (const path of ['/admin/queues', '/admin/queues/api/queues', '/admin/queues/static/favicon-32x32.png']) {
      const missing = await admin('GET', path, { key: null });
      expect(missing.status, path).toBe(401);
      expect(missing.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
      expect((await admin('GET', path, { key: 'pk_not-a-key' })).status, path).toBe(401);
      expect((await partner('GET', path)).status, path).toBe(403);
    }
  });

  it('serves the board to the admin key, in a header or as the Basic auth password, from the service alone', async () => {
    const page = await admin('GET', '/admin/queues');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = page.bytes.toString();
    expect(html).toContain('static/js/');
    expect(html).not.toMatch(/(src|href)="https?:\/\//);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    const script = /src="(static\/js\/main[^"]+)"/.exec(html)![1]!;
    expect((await admin('GET', `/admin/queues/${script}`)).status).toBe(200);

    const basic = `Basic ${Buffer.from(`admin:${ADMIN_KEY}`).toString('base64')}`;
    expect((await admin('GET', '/admin/queues', { key: null, headers: { authorization: basic } })).status).toBe(200);
    const wrongPassword = `Basic ${Buffer.from('admin:wrong-password').toString('base64')}`;
    expect((await admin('GET', '/admin/queues', { key: null, headers: { authorization: wrongPassword } })).status).toBe(401);
  });

  it('lists all eight queues', async () => {
    expect((await queues()).map((queue) => queue.name).sort()).toEqual([
      'complete',
      'kb-digitize',
      'kb-embed',
      'kb-rewrite',
      'transcribe',
      'voice-embed',
      'voice-split',
      'webhook-deliver',
    ]);
  });

  it('shows a failed job with its reason and retries it: the job runs again', async () => {
    const audio = await makeSine(join(dir, 'tone.wav'), { seconds: 2 });
    const created = await partner('POST', '/v2/transcript', { form: await multipart({}, { audio: { path: audio, filename: 'tone.wav' } }) });
    expect(created.status).toBe(200);
    const failedJob = async () => (await queues('?activeQueue=transcribe&status=failed')).find((queue) => queue.name === 'transcribe')!.jobs[0];
    const failed = await waitFor(failedJob, (job) => job !== undefined, 30_000);
    expect(failed!.failedReason).toContain('not configured');

    const retried = await admin('PUT', `/admin/queues/api/queues/transcribe/${encodeURIComponent(failed!.id)}/retry`);
    expect(retried.status).toBe(204);
    const job = async () => {
      const all = await queues('?activeQueue=transcribe&status=latest');
      return all.find((queue) => queue.name === 'transcribe')!.jobs.find((each) => each.id === failed!.id);
    };
    const again = await waitFor(
      job,
      (each) => each !== undefined && each.processedOn !== undefined && each.processedOn > failed!.processedOn! && each.finishedOn !== undefined,
      30_000,
    );
    expect(again!.processedOn).toBeGreaterThan(failed!.processedOn!);
  });
});
