import { join } from 'node:path';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';
import type { Client } from 'graphql-ws';
import { fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config';
import { CompletionRepository } from '../../src/domain/completion/completion.repository';
import { COMPLETION_KIND } from '../../src/domain/completion/completion.types';
import { KNOWLEDGE_BASE_NAME_INDEX } from '../../src/domain/knowledge-base/knowledge-base.repository';
import { DOCUMENT_KIND, KNOWLEDGE_BASE_KIND } from '../../src/domain/knowledge-base/knowledge-base.types';
import { TranscriptRepository } from '../../src/domain/transcription/transcript.repository';
import { TRANSCRIPT_KIND } from '../../src/domain/transcription/transcript.types';
import { VOICE_NAME_INDEX } from '../../src/domain/voice/voice.repository';
import { VOICE_KIND } from '../../src/domain/voice/voice.types';
import { WebhookRepository } from '../../src/domain/webhooks/webhook.repository';
import { WEBHOOK_DELIVERY_KIND, WEBHOOK_ENDPOINT_KIND } from '../../src/domain/webhooks/webhook.types';
import { createPlatform, type Platform } from '../../src/platform';
import { partnerRecordId } from '../../src/store/keys';
import { startAppProcess, type AppProcess } from '../support/app-process';
import { makeTempDir, removeDir } from '../support/audio';
import { firstLayoutDocument, firstLayoutKnowledgeBase, firstLayoutVoice, pipelineState } from '../support/first-layout';
import { subscribe, wsClient } from '../support/graphql-client';
import { startTestRedis, type TestRedis } from '../support/redis-server';
import { restClient, type RestClient } from '../support/rest-client';
import { waitFor } from '../support/wait-for';

// Records as the builds before record layouts wrote them (layout 1), written as raw JSON under
// the app's keys while it runs, then read and changed through its doors. Each takes its shape
// from the commit that first stored its kind (git show <commit>:<its types file>), so it lacks
// every field added since.

let dir: string;
let redis: TestRedis;
let app: AppProcess;
let platform: Platform;
let url: string;
let key: string;
let keyId: string;
let call: RestClient;
let ws: Client;

const then = '2026-11-20T10:00:00.000Z';

async function put(kind: string, id: string, record: object): Promise<void> {
  await platform.redis.commands.set(platform.keys.recordKey(kind, id), JSON.stringify(record));
}

async function stored(kind: string, id: string): Promise<Record<string, any>> {
  return JSON.parse((await platform.redis.commands.get(platform.keys.recordKey(kind, id)))!) as Record<string, any>;
}

async function graphql(
  query: string,
  variables: Record<string, unknown> = {},
): Promise<{ data?: any; errors?: { message: string; extensions?: { code?: string } }[] }> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: any };
}

/** The first result of a subscription over graphql-ws: the snapshot it starts with. */
async function snapshot(query: string, variables: Record<string, unknown>): Promise<any> {
  const live = subscribe(ws, parse(query) as TypedDocumentNode<any, Record<string, unknown>>, variables);
  try {
    return await live.until(() => true, 15_000);
  } finally {
    live.dispose();
  }
}

function logLines(): Record<string, any>[] {
  return app
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, any>);
}

beforeAll(async () => {
  dir = await makeTempDir('previous-layout-');
  redis = await startTestRedis();
  const env = {
    PORT: '0',
    HOST: '127.0.0.1',
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
    DATA_DIR: join(dir, 'data'),
    LOG_LEVEL: 'info',
    RATE_LIMIT_PER_MINUTE: '100000',
  };
  platform = await createPlatform(loadConfig(env));
  const created = await platform.apiKeys.create(['acme', 'broken']);
  key = created.key;
  keyId = created.record.id;
  app = await startAppProcess(env);
  url = /listening on (http:\/\/\S+)/.exec(app.output())![1]!;
  call = restClient(url, key);
  ws = wsClient(url, key);
});

afterAll(async () => {
  await ws?.dispose();
  app?.kill('SIGTERM');
  await app?.exited;
  await platform?.close();
  await redis?.stop();
  await removeDir(dir);
});

describe('a voice of the first layout (5dde72b)', () => {
  const id = partnerRecordId('acme');
  const name = 'First Layout Voice';
  const testSample = { sampleIndex: 0, sentenceIndex: 0, filename: 'test_0_0.opus' };

  beforeAll(async () => {
    await put(
      VOICE_KIND,
      id,
      firstLayoutVoice(id, 'acme', name, {
        original: { blobId: 'original-blob', uploadBlobId: null, uploadedName: 'talk.wav', durationSeconds: 30 },
        samples: [
          { index: 0, blobId: 'sample-0', sourceTimestamp: '00:00', durationSeconds: 15 },
          { index: 1, blobId: 'sample-1', sourceTimestamp: '00:15', durationSeconds: 15 },
        ],
        splitting: pipelineState('completed', 1),
        embedding: pipelineState('completed', 1),
        embeddingInfo: {
          ttsType: 'vendor_tts_v2',
          lastUpdateStatus: 'success',
          lastUpdateTime: then,
          testSamples: [testSample],
          sampleScores: [{ sampleIndex: 0, score: 0.9 }],
        },
        embeddings: {
          vendor_tts_v2: {
            ttsType: 'vendor_tts_v2',
            engine: 'local',
            archiveBlobId: 'archive-blob',
            testSamples: [{ ...testSample, blobId: 'test-blob' }],
            sampleScores: [{ sampleIndex: 0, score: 0.9 }],
            completedAt: then,
          },
        },
        preferredSampleIndex: 0,
        version: 6,
      }),
    );
    await platform.redis.commands.hset(platform.keys.partnerKey(VOICE_NAME_INDEX, 'acme'), name, id);
  });

  const fields = 'name splitMode embeddingInfo { stale } progress { stage } samples { index sourceStart speechSeconds quality { score } }';
  const read = {
    name,
    splitMode: null,
    embeddingInfo: { stale: false },
    progress: null,
    samples: [0, 1].map((index) => ({ index, sourceStart: null, speechSeconds: null, quality: null })),
  };

  it('reads through REST, GraphQL and a subscription snapshot, with the defaults of what it lacks', async () => {
    const detail = await call('GET', `/api/voices/acme/${encodeURIComponent(name)}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ name, samples: [expect.anything(), expect.anything()] });
    expect(await graphql(`query { voice(partner: "acme", name: "${name}") { ${fields} } }`)).toEqual({ data: { voice: read } });
    expect(await snapshot(`subscription($name: String!) { voiceUpdated(partner: "acme", name: $name) { ${fields} } }`, { name })).toEqual({
      voiceUpdated: read,
    });
  });

  it('is written in the current layout, defaults included, by its first change', async () => {
    const renamed = await call('PUT', `/api/voices/acme/${encodeURIComponent(name)}/name`, { json: { name: 'Renamed Voice' } });
    expect(renamed.status).toBe(200);

    const record = await stored(VOICE_KIND, id);
    expect(record).toMatchObject({ name: 'Renamed Voice', schemaVersion: 2, version: 7, splitMode: null, retiredSampleBlobIds: [], progress: null });
    expect(record.samples[0]).toEqual({
      index: 0,
      blobId: 'sample-0',
      sourceTimestamp: '00:00',
      sourceStartSeconds: null,
      durationSeconds: 15,
      quality: null,
      speechSeconds: null,
    });
    expect(record.embeddings.vendor_tts_v2.sampleBlobIds).toBeNull();
  });
});

describe('a knowledge base and a document of the first layout (fb296ae), embedded before the retrieval index', () => {
  const kbId = partnerRecordId('acme');
  const documentId = crypto.randomUUID();
  const details = { documents: 1, chunks: 3, model: 'local-hash-384', split_level: 0, language: 'english' };

  beforeAll(async () => {
    const run = {
      lastUpdateTime: then,
      lastUpdateStatus: 'success',
      lastUpdateDetails: details,
      lastSuccessfulUpdateTime: then,
      lastSuccessfulDetails: details,
    };
    const embedding = { ...run, status: 'completed', generation: 1, blobId: 'json-lines-blob', startedRevision: 2, embeddedRevision: 2 };
    await put(KNOWLEDGE_BASE_KIND, kbId, firstLayoutKnowledgeBase(kbId, 'acme', 'Old Library', { version: 4 }, embedding));
    await platform.redis.commands.hset(platform.keys.partnerKey(KNOWLEDGE_BASE_NAME_INDEX, 'acme'), 'Old Library', kbId);
    await put(
      DOCUMENT_KIND,
      documentId,
      firstLayoutDocument(documentId, kbId, 'acme', 'Manual.pdf', {
        original: { blobId: 'original-pdf', format: 'pdf', filename: 'original.pdf', sourceName: 'Manual.pdf' },
        digitized: { blobId: 'digitized-text', chars: 1200 },
        generation: 1,
        isEmbedded: true,
        version: 3,
      }),
    );
    await platform.redis.commands.sadd(platform.keys.recordKey('kb-documents', kbId), documentId);
  });

  it('reads the knowledge base as needing a run: its embedding lives in a blob no build reads', async () => {
    expect((await call('GET', '/api/embedding/acme/Old%20Library')).body).toMatchObject({ status: 'completed', embedding_stale: true });
    const fields = 'embeddingStale progress { stage } lastSuccessfulDetails { chunks chunksTotal }';
    const status = { embeddingStale: true, progress: null, lastSuccessfulDetails: { chunks: 3, chunksTotal: null } };
    expect(await graphql(`query { knowledgeBase(partner: "acme", name: "Old Library") { embeddingStatus { ${fields} } } }`)).toEqual({
      data: { knowledgeBase: { embeddingStatus: status } },
    });
    expect(await snapshot(`subscription { knowledgeBaseEmbeddingUpdated(partner: "acme", kb: "Old Library") { ${fields} } }`, {})).toEqual({
      knowledgeBaseEmbeddingUpdated: status,
    });
  });

  it('reads the document through REST, GraphQL and a subscription snapshot', async () => {
    expect((await call('GET', `/api/document/acme/Old%20Library/${documentId}`)).body).toMatchObject({ id: documentId, name: 'Manual.pdf' });
    const read = { id: documentId, name: 'Manual.pdf', digitizedCharCount: 1200, progress: null };
    const fields = 'id name digitizedCharCount progress { stage }';
    expect(await graphql(`query($id: ID!) { document(partner: "acme", kb: "Old Library", id: $id) { ${fields} } }`, { id: documentId })).toEqual({
      data: { document: read },
    });
    expect(await snapshot(`subscription { documentUpdated(partner: "acme", kb: "Old Library") { ${fields} } }`, {})).toEqual({ documentUpdated: read });
  });

  it('writes both in the current layout at their first change, without the old blob', async () => {
    expect((await call('PUT', `/api/documents/acme/Old%20Library/${documentId}/name`, { json: { name: 'Handbook.pdf' } })).status).toBe(200);
    expect((await call('POST', '/api/folders/acme/Old%20Library', { json: { name: 'Research' } })).status).toBe(201);

    expect(await stored(DOCUMENT_KIND, documentId)).toMatchObject({ name: 'Handbook.pdf', schemaVersion: 2, wordTimings: null, progress: null });
    const kb = await stored(KNOWLEDGE_BASE_KIND, kbId);
    expect(kb).toMatchObject({ folders: ['Manual', 'Research'], schemaVersion: 2, progress: null });
    expect(kb.embedding).toMatchObject({ index: null, removedDocuments: [], embeddedRevision: null, lastSuccessfulDetails: details });
    expect(kb.embedding).not.toHaveProperty('blobId');
  });
});

describe('a transcript and a completion of the first layout (c5b40b3)', () => {
  const transcriptId = crypto.randomUUID();
  const completionId = crypto.randomUUID();

  beforeAll(async () => {
    await put(TRANSCRIPT_KIND, transcriptId, {
      id: transcriptId,
      keyId,
      status: 'completed',
      source: { kind: 'upload', blobId: 'upload-blob', filename: 'call.mp3' },
      options: { languageCode: 'en_us', languageAuto: false, fillerWords: false, formatText: true, boostedWords: [] },
      text: 'Hello there.',
      audioDuration: 2,
      error: null,
      createdAt: then,
      updatedAt: then,
      version: 3,
    });
    await put(COMPLETION_KIND, completionId, {
      id: completionId,
      keyId,
      state: 'completed',
      input: { messages: [{ role: 'user', content: 'Hi' }], audioFiles: {}, character: null, characterParams: {} },
      output: {
        message: { role: 'assistant', content: 'Hello!' },
        usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
        model: 'small',
        transcripts: {},
      },
      createdAt: then,
      updatedAt: then,
      finishedAt: then,
      version: 2,
    });
  });

  it('reads the transcript through REST, GraphQL and a subscription snapshot, its upload not kept', async () => {
    expect((await call('GET', `/v2/transcript/${transcriptId}`)).body).toMatchObject({ status: 'completed', text: 'Hello there.' });
    const read = { status: 'COMPLETED', text: 'Hello there.', audioUrl: null, progress: null };
    const fields = 'status text audioUrl progress { stage }';
    expect(await graphql(`query($id: ID!) { transcript(id: $id) { ${fields} } }`, { id: transcriptId })).toEqual({ data: { transcript: read } });
    expect(await snapshot(`subscription($id: ID!) { transcriptUpdated(id: $id) { ${fields} } }`, { id: transcriptId })).toEqual({ transcriptUpdated: read });
  });

  it('reads the completion through REST and GraphQL', async () => {
    expect((await call('GET', `/v2/completions/${completionId}`)).body).toMatchObject({ state: 'completed' });
    expect(
      await graphql(
        `
          query ($id: ID!) {
            completion(id: $id) {
              state
            }
          }
        `,
        { id: completionId },
      ),
    ).toEqual({ data: { completion: { state: 'COMPLETED' } } });
  });

  it('writes both in the current layout at their next change, defaults included', async () => {
    await new TranscriptRepository(platform.records).update(transcriptId, (transcript) => ({ ...transcript, updatedAt: new Date().toISOString() }));
    await new CompletionRepository(platform.records, 60).finish(completionId, (completion) => ({ ...completion, updatedAt: new Date().toISOString() }));

    expect(await stored(TRANSCRIPT_KIND, transcriptId)).toMatchObject({
      schemaVersion: 3,
      options: { speakerLabels: false, speakersExpected: null, speakerVoices: [] },
      source: { kind: 'upload', blobId: 'upload-blob', filename: 'call.mp3', keep: false, secret: null, contentType: 'application/octet-stream' },
      partners: [],
      webhook: null,
      progress: null,
    });
    expect(await stored(COMPLETION_KIND, completionId)).toMatchObject({ schemaVersion: 2, partners: [] });
  });
});

describe('a webhook endpoint and a delivery of the first layout (4c67489)', () => {
  it('reads the endpoint through REST and GraphQL, and the delivery, whose transcript key was not kept, with none', async () => {
    const endpointId = crypto.randomUUID();
    const deliveryId = crypto.randomUUID();
    // Disabled, so the writes of this file send it nothing.
    await put(WEBHOOK_ENDPOINT_KIND, endpointId, {
      id: endpointId,
      partner: 'acme',
      url: 'https://hooks.example.com/in',
      events: ['*'],
      description: null,
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      status: 'disabled',
      disabledReason: 'The receiver answered 410 Gone',
      createdAt: then,
      updatedAt: then,
      version: 2,
    });
    await platform.redis.commands.sadd(platform.keys.key('webhook-endpoints', 'acme'), endpointId);
    await put(WEBHOOK_DELIVERY_KIND, deliveryId, {
      id: deliveryId,
      messageId: `msg_${deliveryId}`,
      type: 'transcript.completed',
      target: { kind: 'transcript', transcriptId: crypto.randomUUID() },
      body: '{}',
      status: 'delivered',
      redelivery: 0,
      attempts: [{ redelivery: 0, attempt: 1, at: then, statusCode: 200, latencyMs: 12, error: null }],
      error: null,
      createdAt: then,
      updatedAt: then,
      version: 2,
    });

    expect((await call('GET', '/api/webhooks/acme')).body).toEqual([expect.objectContaining({ id: endpointId, status: 'disabled' })]);
    expect(await graphql('query { webhooks(partner: "acme") { id status } }')).toEqual({ data: { webhooks: [{ id: endpointId, status: 'DISABLED' }] } });
    expect((await new WebhookRepository(platform.records).delivery(deliveryId))?.target).toEqual({
      kind: 'transcript',
      transcriptId: expect.any(String),
      keyId: '',
    });
  });
});

describe('a record this build cannot read', () => {
  const cases = [
    { name: 'From The Future', fields: { schemaVersion: 9 }, reason: "written in layout 9, newer than this build's 2" },
    { name: 'Misshapen', fields: { splitting: pipelineState('paused', 1) }, reason: 'splitting.status: Invalid option' },
  ];

  beforeAll(async () => {
    for (const { name, fields } of cases) {
      const id = partnerRecordId('broken');
      await put(VOICE_KIND, id, firstLayoutVoice(id, 'broken', name, fields));
      await platform.redis.commands.hset(platform.keys.partnerKey(VOICE_NAME_INDEX, 'broken'), name, id);
    }
  });

  it.each(cases)('$name: answers 500 on REST and an internal error on GraphQL, logs why, and the process serves on', async ({ name, reason }) => {
    const path = `/api/voices/broken/${encodeURIComponent(name)}`;
    expect(await call('GET', path)).toMatchObject({ status: 500, body: { detail: 'Internal server error' } });
    const answer = await graphql(`query { voice(partner: "broken", name: "${name}") { name } }`);
    expect(answer).toEqual({ data: { voice: null }, errors: [expect.objectContaining({ extensions: { code: 'INTERNAL_SERVER_ERROR' } })] });
    expect((await call('PUT', `${path}/name`, { json: { name: `${name} 2` } })).status).toBe(500);

    // Each of the three is logged with the key and why: the two REST answers and the masked GraphQL error.
    const logged = await waitFor(
      async () => logLines().filter((line) => JSON.stringify(line).includes(reason)),
      (lines) => lines.length >= 3,
    );
    for (const line of logged) expect(JSON.stringify(line)).toMatch(/The record at \S+ cannot be read/);
    expect((await call('GET', '/api/voices/acme')).status).toBe(200);
  });
});
