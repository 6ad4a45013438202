import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobSettingsOf } from '../../src/app';
import { loadConfig } from '../../src/config/config';
import type { AnyQueueDefinition } from '../../src/queues/queue-registry';
import { jobKinds } from '../../src/workers';
import { restClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A queue is declared once: its definition in a `*.queues.ts` of the domain, beside the jobs of
 * the records that wait in it (whose `workOf` the in-flight index and the reconciler read), and
 * its processor in the job kinds of src/workers/index.ts, which everything that lists queues reads.
 */

const ADMIN_KEY = 'admin-key-for-the-queue-registry';
const METRICS_TOKEN = 'metrics-token-for-the-queue-registry';

function isQueueDefinition(value: unknown): value is AnyQueueDefinition {
  const candidate = value as Partial<AnyQueueDefinition> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.name === 'string' &&
    typeof candidate.jobId === 'function' &&
    typeof candidate.lane === 'function'
  );
}

/** Every queue definition a `*.queues.ts` file under src exports. */
async function definedQueues(): Promise<AnyQueueDefinition[]> {
  const src = resolve(__dirname, '../../src');
  const modules = await Promise.all(
    readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.queues.ts'))
      .map((file) => import(resolve(src, file)) as Promise<Record<string, unknown>>),
  );
  return [...new Set(modules.flatMap((module) => Object.values(module).filter(isQueueDefinition)))];
}

describe('the one list of queues', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ ADMIN_API_KEY: ADMIN_KEY, METRICS_TOKEN });
  });
  afterAll(async () => app?.close());

  it('registers every defined queue, once, with its processor, and under the jobs of one kind of record', async () => {
    const defined = (await definedQueues()).map((queue) => queue.name).sort();
    const kinds = jobKinds(app.app.services, jobSettingsOf(loadConfig(app.env)));
    expect(kinds.map((kind) => kind.queue.name).sort()).toEqual(defined);
    for (const kind of kinds) expect(kind.processor.queue).toBe(kind.queue);
    // The reconciler covers a queue through the rule of the records that wait in it.
    const waitedIn = app.app.services.inFlight.flatMap((rule) => rule.queues);
    expect(waitedIn.map((queue) => queue.name).sort()).toEqual(defined);
    expect(new Set(waitedIn)).toEqual(new Set(kinds.map((kind) => kind.queue)));
  });

  it('shows every registered queue on the queue board and in the metrics', async () => {
    const names = jobKinds(app.app.services, jobSettingsOf(loadConfig(app.env)))
      .map((kind) => kind.queue.name)
      .sort();
    const board = await restClient(app.url, ADMIN_KEY)('GET', '/admin/queues/api/queues');
    expect((board.body as { queues: { name: string }[] }).queues.map((queue) => queue.name).sort()).toEqual(names);
    const metrics = await (await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const measured = [...new Set([...metrics.matchAll(/^queue_jobs\{queue="([^"]+)",state="waiting"\}/gm)].map((match) => match[1]))].sort();
    expect(measured).toEqual(names);
  });
});
