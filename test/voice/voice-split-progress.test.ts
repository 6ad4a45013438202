import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import type { SplitProgressSubscription } from '../gql/graphql';
import { makeTempDir, removeDir, renderLavfi } from '../support/audio';
import { subscribe, wsClient } from '../support/graphql-client';
import { multipart, restClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';

const SplitProgress = graphql(`
  subscription SplitProgress($partner: String!, $name: String!) {
    voiceUpdated(partner: $partner, name: $name) {
      status {
        splitting
      }
      sampleCount
      progress {
        stage
        done
        total
        percent
      }
    }
  }
`);

type Event = SplitProgressSubscription['voiceUpdated'];
const MINUTES = 10;

/**
 * The split of a long recording reports from its first second: converting the original
 * (seconds of the total), measuring the samples, then writing them. 16 kHz WAV keeps the
 * 10-minute upload at 19 MB; its conversion is what takes the time.
 */
describe('progress of the whole split of a 10-minute recording', () => {
  let app: TestApp;
  let dir: string;
  let events: Event[];

  beforeAll(async () => {
    app = await startTestApp();
    const key = await app.createKey('acme');
    dir = await makeTempDir('split-progress-');
    const recording = await renderLavfi(join(dir, 'long.wav'), `aevalsrc='0.4*sin(2*PI*220*t)*lt(mod(t\\,4)\\,3)':s=16000:d=${MINUTES * 60}`, {
      sampleRate: 16_000,
    });
    const client = wsClient(app.url, key);
    try {
      const created = await restClient(app.url, key)('POST', '/api/voices/acme', { form: await multipart({ name: 'Long' }, { file: recording }) });
      expect(created.status).toBe(201);
      const feed = subscribe(client, SplitProgress, { partner: 'acme', name: 'Long' });
      await feed.until((event) => event.voiceUpdated.status.splitting !== 'IN_PROGRESS', 120_000);
      events = feed.events.map((event) => event.voiceUpdated);
      feed.dispose();
    } finally {
      await client.dispose();
    }
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    if (dir) await removeDir(dir);
  });

  const reports = (stage: string) => events.flatMap((event) => (event.progress?.stage === stage ? [event.progress] : []));

  it('reports seconds converted of the total, rising while the original converts', () => {
    const converting = reports('converting');
    expect(converting.length).toBeGreaterThanOrEqual(3);
    for (const report of converting) expect(report.total).toBe(MINUTES * 60);
    const done = converting.map((report) => report.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(new Set(done).size).toBeGreaterThanOrEqual(3);
    expect(done[0]!).toBeLessThan(MINUTES * 60 * 0.5);
  });

  it('then measures the samples and writes them, each stage rising to its total', () => {
    expect(events.at(-1)!.status.splitting).toBe('COMPLETED');
    expect(events.at(-1)!.sampleCount).toBe(25);
    const order = events.flatMap((event) => (event.progress ? [event.progress.stage] : [])).filter((stage, index, all) => stage !== all[index - 1]);
    expect(order).toEqual(['converting', 'analyzing', 'splitting']);
    expect(reports('splitting').at(-1)).toMatchObject({ done: 25, total: 25, percent: 100 });
    expect(reports('analyzing').at(-1)!.total).toBe(25 * 15);
  });
});
