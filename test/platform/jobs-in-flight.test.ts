import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeQueue } from '../../src/domain/completion/completion.queues';
import { COMPLETION_KIND } from '../../src/domain/completion/completion.types';
import { digitizeQueue, embedKnowledgeBaseQueue, rewriteQueue } from '../../src/domain/knowledge-base/knowledge-base.queues';
import { DOCUMENT_KIND, KNOWLEDGE_BASE_KIND } from '../../src/domain/knowledge-base/knowledge-base.types';
import type { InFlightRule } from '../../src/domain/shared/queued-work';
import { transcribeQueue } from '../../src/domain/transcription/transcript.queues';
import { TRANSCRIPT_KIND } from '../../src/domain/transcription/transcript.types';
import { embedVoiceQueue, splitVoiceQueue } from '../../src/domain/voice/voice.queues';
import { VOICE_KIND } from '../../src/domain/voice/voice.types';
import { deliverWebhookQueue } from '../../src/domain/webhooks/webhook.queues';
import { WEBHOOK_DELIVERY_KIND } from '../../src/domain/webhooks/webhook.types';
import type { AnyQueueDefinition } from '../../src/queues/queue-registry';
import { startOutboxDrainer } from '../../src/workers/outbox-drainer';
import { makeNoise, makeTempDir, removeDir } from '../support/audio';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

/**
 * Which job a record waits in is said once, by its kind's jobs (`RecordJobs.workOf`), and the
 * in-flight index and the reconciler read the same answer (`inFlight`). Here each kind's
 * triggers queue their jobs for real (no worker runs, so the jobs wait), and the answer must
 * name the job the trigger queued, rebuild its payload as queued (what the reconciler would
 * queue again), keep the record in the in-flight index while it waits, and end the work
 * through the failure write it carries.
 */

let dir: string;
let recording: string;
let api: TestApp;
let call: RestClient;

beforeAll(async () => {
  dir = await makeTempDir('jobs-in-flight-');
  recording = await makeNoise(join(dir, 'recording.wav'), { seconds: 12, amplitude: 0.2 });
  // No workers: every job waits in its queue, as queued.
  api = await startTestApp({ ROLE: 'api', ALLOW_PRIVATE_URLS: 'true', RECONCILE_INTERVAL_SECONDS: '3600' });
  call = restClient(api.url, await api.createKey('acme'));
});

afterAll(async () => {
  await api?.close();
  await removeDir(dir);
});

function ruleOf(kind: string): InFlightRule {
  const rules = api.app.services.inFlight.filter((rule) => rule.kind === kind);
  expect(rules).toHaveLength(1);
  return rules[0]!;
}

async function recordOf(kind: string, id: string): Promise<unknown> {
  const [record] = await api.app.services.platform.records.getMany(kind, [id]);
  expect(record).toBeTruthy();
  return record;
}

async function indexed(kind: string, id: string): Promise<boolean> {
  for await (const batch of api.app.services.platform.records.inFlightRecords()) if (batch.some((entry) => entry.kind === kind && entry.id === id)) return true;
  return false;
}

/** The record's claim names `queue`'s job that its trigger queued, with that job's payload when it rebuilds one. */
async function expectWaiting(kind: string, id: string, queue: AnyQueueDefinition, rebuilds: boolean) {
  const rule = ruleOf(kind);
  const claim = rule.claim(await recordOf(kind, id))!;
  expect(claim, `${kind} ${id} claims no work`).not.toBeNull();
  expect(claim.queue).toBe(queue);
  expect(rule.queues).toContain(queue);
  const job = await api.app.services.platform.queues.get(queue).getJob(queue.jobId(claim.key));
  expect(job, `${queue.name} has no job ${queue.jobId(claim.key)}`).toBeDefined();
  expect(['waiting', 'delayed', 'prioritized']).toContain(await job!.getState());
  if (rebuilds) expect(claim.payload).toEqual(queue.schema.parse(job!.data));
  else expect(claim.payload).toBeNull();
  expect(await indexed(kind, id)).toBe(true);
  return claim;
}

/** Ends the claim through its failure write: the record then claims nothing and leaves the index. */
async function endThroughClaim(kind: string, id: string): Promise<unknown> {
  const claim = ruleOf(kind).claim(await recordOf(kind, id))!;
  await claim.fail('Ended by the test');
  const record = await recordOf(kind, id);
  expect(ruleOf(kind).claim(record)).toBeNull();
  expect(await indexed(kind, id)).toBe(false);
  return record;
}

describe("a record's work in flight, as its jobs say it", () => {
  it('a voice: the split its record starts, then the embedding the split queues, then a new trigger', async () => {
    const created = await call('POST', '/api/voices/acme', { form: await multipart({ name: 'Ada' }, { file: recording }) });
    expect(created.status).toBe(201);
    const { voices, voicePipeline } = api.app.services;
    const voice = await voices.get('acme', 'Ada');
    // Created with a file, the voice splits, and its embedding waits for the split.
    expect(voice.embedding.status).toBe('in_progress');
    await expectWaiting(VOICE_KIND, voice.id, splitVoiceQueue, false);

    // What the split job records when it ends: the embedding waiting for it is queued.
    const sample = {
      index: 0,
      blobId: 'sample-of-the-test',
      sourceTimestamp: '00:00',
      sourceStartSeconds: 0,
      durationSeconds: 5,
      quality: null,
      speechSeconds: null,
    };
    expect(await voicePipeline.recordSplit(voice.id, voice.splitting.generation, [sample])).toBe(true);
    const first = await expectWaiting(VOICE_KIND, voice.id, embedVoiceQueue, true);

    expect((await call('POST', '/api/voices/acme/Ada/embed', { json: {} })).status).toBe(202);
    const second = await expectWaiting(VOICE_KIND, voice.id, embedVoiceQueue, true);
    expect(second.key).toEqual({ voiceId: voice.id, generation: first.key.generation + 1 });

    const ended = (await endThroughClaim(VOICE_KIND, voice.id)) as { embedding: { status: string; error: string } };
    expect(ended.embedding).toMatchObject({ status: 'failed', error: 'Ended by the test' });
  });

  it('a document: the digitize its batch queues, then the rewrite a trigger queues', async () => {
    expect((await call('POST', '/api/knowledgebases/acme', { form: await multipart({ name: 'Library' }) })).status).toBe(201);
    const batch = await call('POST', '/api/documents/acme/Library/batch', { json: { folder: 'Web', urls: ['http://127.0.0.1:9/a', 'http://127.0.0.1:9/b'] } });
    expect(batch.status).toBe(201);
    const [document] = (await api.app.services.knowledgeBases.getWithDocuments('acme', 'Library')).documents;
    await expectWaiting(DOCUMENT_KIND, document!.id, digitizeQueue, false);

    expect((await call('PUT', `/api/documents/acme/Library/${document!.id}/content/digitized`, { json: { content: 'Some text.' } })).status).toBe(200);
    const process = await call('POST', '/api/queue/process', { json: { document: { id: document!.id }, action: 'rewrite', partner: 'acme', kb: 'Library' } });
    expect(process.status, JSON.stringify(process.body)).toBe(202);
    await expectWaiting(DOCUMENT_KIND, document!.id, rewriteQueue, false);
    expect(await endThroughClaim(DOCUMENT_KIND, document!.id)).toMatchObject({ inQueues: [], processingError: 'Ended by the test' });
  });

  it('a knowledge base: its embedding run', async () => {
    expect((await call('POST', '/api/knowledgebases/acme', { form: await multipart({ name: 'Shelf' }) })).status).toBe(201);
    expect((await call('POST', '/api/embedding/acme/Shelf', { json: {} })).status).toBe(202);
    const kb = await api.app.services.knowledgeBases.get('acme', 'Shelf');
    await expectWaiting(KNOWLEDGE_BASE_KIND, kb.id, embedKnowledgeBaseQueue, true);
    expect(await endThroughClaim(KNOWLEDGE_BASE_KIND, kb.id)).toMatchObject({ embedding: { status: 'failed', error: 'Ended by the test' } });
  });

  it('a transcript and a completion: the job each submission queues', async () => {
    const transcript = await call('POST', '/v2/transcript', { form: await multipart({}, { audio: { path: recording, filename: 'audio.wav' } }) });
    const transcriptId = (transcript.body as { id: string }).id.split('/').at(-1)!;
    await expectWaiting(TRANSCRIPT_KIND, transcriptId, transcribeQueue, true);
    expect(await endThroughClaim(TRANSCRIPT_KIND, transcriptId)).toMatchObject({ status: 'error', error: 'Ended by the test' });

    const completion = await call('POST', '/v2/completions', { json: { input: { messages: [{ role: 'user', content: 'hello' }] } } });
    const completionId = (completion.body as { id: string }).id.split('/').at(-1)!;
    await expectWaiting(COMPLETION_KIND, completionId, completeQueue, true);
    expect(await endThroughClaim(COMPLETION_KIND, completionId)).toMatchObject({ state: 'failed', output: { error: 'Ended by the test' } });
  });

  it('a webhook delivery: the job its write left in the outbox, then a redelivery', async () => {
    const endpoint = await call('POST', '/api/webhooks/acme', { json: { url: 'http://127.0.0.1:9/hook', events: ['voice.updated'] } });
    expect(endpoint.status).toBe(201);
    const { platform, webhookJobs, webhookDeliveries } = api.app.services;
    // The workers' drainer hands the outbox on to the queue; this process runs none.
    const drainer = startOutboxDrainer(platform, (entry) => webhookJobs.addFromOutbox(entry));
    try {
      expect((await call('POST', '/api/voices/acme/empty', { json: { name: 'Hooked' } })).status).toBe(201);
      const [job] = await waitFor(
        () => platform.queues.get(deliverWebhookQueue).getJobs(['delayed', 'waiting', 'prioritized']),
        (jobs) => jobs.length > 0,
        10_000,
      );
      // What the delivery worker does first: the delivery's record, pending.
      expect(await webhookDeliveries.prepare(deliverWebhookQueue.schema.parse(job!.data))).not.toBeNull();
      const { deliveryId } = job!.data as { deliveryId: string };
      await expectWaiting(WEBHOOK_DELIVERY_KIND, deliveryId, deliverWebhookQueue, true);

      const redelivered = await call('POST', `/api/webhooks/acme/${(endpoint.body as { id: string }).id}/deliveries/${deliveryId}/redeliver`);
      expect(redelivered.status).toBe(202);
      const claim = await expectWaiting(WEBHOOK_DELIVERY_KIND, deliveryId, deliverWebhookQueue, true);
      expect(claim.key).toEqual({ deliveryId, redelivery: 1 });
      expect(await endThroughClaim(WEBHOOK_DELIVERY_KIND, deliveryId)).toMatchObject({ status: 'failed', error: 'Ended by the test' });
    } finally {
      await drainer.stop();
    }
  });

  it('covers every kind of record whose jobs a queue runs, one rule per kind', () => {
    const kinds = api.app.services.inFlight.map((rule) => rule.kind).sort();
    expect(kinds).toEqual([COMPLETION_KIND, DOCUMENT_KIND, KNOWLEDGE_BASE_KIND, TRANSCRIPT_KIND, VOICE_KIND, WEBHOOK_DELIVERY_KIND].sort());
  });
});
