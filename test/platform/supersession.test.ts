import { join } from 'node:path';
import type { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedKnowledgeBaseQueue, rewriteQueue } from '../../src/domain/knowledge-base/knowledge-base.queues';
import { splitVoiceQueue } from '../../src/domain/voice/voice.queues';
import { makeSine, makeTempDir, removeDir } from '../support/audio';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Work is superseded one way for every record kind: a trigger queues the job of the new
 * generation and takes the previous generation's job off its queue while it still waits. No
 * workers run here, so every job waits and the queues can be read as they are.
 */

let app: TestApp;
let call: RestClient;
let dir: string;

beforeAll(async () => {
  app = await startTestApp({ ROLE: 'api' });
  call = restClient(app.url, await app.createKey('acme'));
  dir = await makeTempDir();
});

afterAll(async () => {
  await app?.close();
  await removeDir(dir);
});

/** The ids of the jobs that wait in a queue (parked for their turn, or ready). */
async function waitingJobIds(queue: Queue): Promise<string[]> {
  const jobs = await queue.getJobs(['waiting', 'delayed', 'prioritized']);
  return jobs.map((job) => job.id!).sort();
}

describe('a trigger that supersedes waiting work', () => {
  it('leaves one split of a voice waiting: the newest', async () => {
    const recording = join(dir, 'voice.wav');
    await makeSine(recording, { seconds: 3 });
    expect((await call('POST', '/api/voices/acme', { form: await multipart({ name: 'Ada' }, { file: recording }) })).status).toBe(201);
    for (const seconds of ['5', '6']) {
      expect((await call('POST', '/api/voices/acme/Ada/split', { json: { sample_duration: seconds } })).status).toBe(202);
    }
    const voice = (await app.app.services.voices.find('acme', 'Ada'))!;
    expect(voice.splitting.generation).toBe(3);
    expect(await waitingJobIds(app.app.services.platform.queues.get(splitVoiceQueue))).toEqual([splitVoiceQueue.jobId({ voiceId: voice.id, generation: 3 })]);
  });

  it('leaves one rewrite of a document waiting: the newest', async () => {
    expect((await call('POST', '/api/knowledgebases/acme', { json: { name: 'Library' } })).status).toBe(201);
    const created = await call('POST', '/api/documents/acme/Library/empty', { json: { name: 'Notes', folder: 'Manual', type: 'file' } });
    const documentId = created.body.id as string;
    await call('PUT', `/api/documents/acme/Library/${documentId}/content/digitized`, { json: { content: 'Some text.' } });
    for (let round = 0; round < 3; round++) {
      expect(
        (await call('POST', '/api/queue/process', { json: { partner: 'acme', kb: 'Library', document: { id: documentId }, action: 'rewrite' } })).status,
      ).toBe(202);
    }
    const document = (await app.app.services.knowledgeBases.getDocuments([documentId]))[0]!;
    expect(await waitingJobIds(app.app.services.platform.queues.get(rewriteQueue))).toEqual([
      rewriteQueue.jobId({ documentId, generation: document.generation }),
    ]);
  });

  it('leaves one embedding run of a knowledge base waiting: the newest', async () => {
    for (let round = 0; round < 3; round++) expect((await call('POST', '/api/embedding/acme/Library', { json: {} })).status).toBe(202);
    const kb = (await app.app.services.knowledgeBases.list('acme')).find((each) => each.name === 'Library')!;
    expect(await waitingJobIds(app.app.services.platform.queues.get(embedKnowledgeBaseQueue))).toEqual([
      embedKnowledgeBaseQueue.jobId({ kbId: kb.id, generation: kb.embedding.generation }),
    ]);
  });
});
