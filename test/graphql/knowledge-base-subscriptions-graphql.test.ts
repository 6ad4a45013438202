import { describe, expect, it } from 'vitest';
import { buildPdf } from '../support/documents';
import { execute, executeWithFiles, subscribe, wsClient } from '../support/graphql-client';
import { app, createKb, emptyDocument, key, tmp, useKnowledgeBaseEnvironment } from './knowledge-base-environment';
import {
  CreateDocument,
  DeleteKnowledgeBase,
  DocumentQuery,
  DocumentUpdated,
  EmbeddingUpdated,
  KnowledgeBaseQuery,
  StartEmbedding,
  UpdateDocumentContent,
} from './knowledge-base-operations';

useKnowledgeBaseEnvironment();

describe('subscriptions', () => {
  it('follows an uploaded PDF through digitize and rewrite without polling', async () => {
    await createKb('Library', 'Grace Hopper');
    await emptyDocument('Library', 'Existing', 'Shelf');
    const pdf = await tmp.write('keeper.pdf', await buildPdf());
    const client = wsClient(app.url, key);
    let id: string;
    try {
      const feed = subscribe(client, DocumentUpdated, { partner: 'acme', kb: 'Library' });
      const first = await feed.until(() => true);
      expect(first.documentUpdated).toMatchObject({ name: 'Existing', deleted: false });

      const created = await executeWithFiles(
        app.url,
        key,
        CreateDocument,
        { partner: 'acme', kb: 'Library', folder: 'Books', autoRewrite: true, modelTier: 'ECONOMY', file: null },
        { file: pdf },
      );
      expect(created.errors).toBeUndefined();
      id = created.data!.createDocument.id;
      expect(created.data!.createDocument).toMatchObject({
        type: 'FILE',
        name: 'keeper',
        fileOriginal: 'original.pdf',
        inQueues: ['DIGITIZE'],
        expertName: 'Grace Hopper',
      });

      const done = await feed.until((event) => event.documentUpdated.id === id && event.documentUpdated.fileRewritten !== null);
      const states = feed.events.map((event) => event.documentUpdated).filter((document) => document.id === id);
      const digitizing = states.findIndex((document) => document.inQueues.includes('DIGITIZE'));
      const rewriting = states.findIndex((document) => document.inQueues.includes('REWRITE'));
      expect(digitizing).toBe(0);
      expect(rewriting).toBeGreaterThan(digitizing);
      expect(states[rewriting]!.fileDigitized).toBe('digitized.md');
      expect(done.documentUpdated).toMatchObject({
        inQueues: [],
        fileRewrittenDraft: 'rewritten_draft.md',
        fileRewritten: 'rewritten.md',
        rewriteModel: 'cheap-model',
        modelTier: 'ECONOMY',
        processingError: null,
      });
      expect(done.documentUpdated.rewriteInputTokens).toBeGreaterThan(0);
      expect(done.documentUpdated.finalRewriteCharCount).toBeGreaterThan(0);

      // Progress of each job comes while it runs: pages extracted, then the rewrite's two steps.
      expect(done.documentUpdated.progress).toBeNull();
      const reports = states.slice(0, -1).flatMap((document) => (document.progress ? [document.progress] : []));
      const stages = reports.map((progress) => progress.stage).filter((stage, index, all) => stage !== all[index - 1]);
      expect(stages).toEqual(['extracting', 'draft', 'final']);
      const extracting = reports.filter((progress) => progress.stage === 'extracting');
      expect(extracting.at(-1)).toMatchObject({ done: extracting.at(-1)!.total, percent: 100 });
      expect(extracting[0]!.done).toBeLessThan(extracting.at(-1)!.done);
      expect(reports.find((progress) => progress.stage === 'final')).toMatchObject({ done: 1, total: 2, percent: 50 });
      feed.dispose();
    } finally {
      await client.dispose();
    }
    const rewritten = await execute(app.url, key, DocumentQuery, { partner: 'acme', kb: 'Library', id: id, kind: 'REWRITTEN' });
    expect(rewritten.data!.document!.content).toMatch(/^# FINAL/);
    const original = await execute(app.url, key, DocumentQuery, { partner: 'acme', kb: 'Library', id: id, kind: 'ORIGINAL' });
    expect(Buffer.from(original.data!.document!.content!, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('sees an embedding run start and finish', async () => {
    await createKb('Shelf');
    const text = await emptyDocument('Shelf', 'Tides', 'Sea');
    await emptyDocument('Shelf', 'Blank', 'Sea');
    const content = '# Tides\n\nThe moon pulls the sea.\n\n## Springs\n\nSpring tides follow full and new moons.\n';
    await execute(app.url, key, UpdateDocumentContent, { partner: 'acme', kb: 'Shelf', id: text.id, kind: 'REWRITTEN', content });
    const client = wsClient(app.url, key);
    try {
      const feed = subscribe(client, EmbeddingUpdated, { partner: 'acme', kb: 'Shelf' });
      const first = await feed.until(() => true);
      expect(first.knowledgeBaseEmbeddingUpdated).toMatchObject({ knowledgeBase: 'Shelf', status: 'IDLE', lastUpdateStatus: null, embeddingStale: true });
      const started = await execute(app.url, key, StartEmbedding, { partner: 'acme', kb: 'Shelf', splitLevel: 2, language: 'english' });
      expect(started.data!.startKnowledgeBaseEmbedding).toMatchObject({ status: 'IN_PROGRESS', splitLevel: 2, language: 'english' });
      expect(started.data!.startKnowledgeBaseEmbedding.externalJobId).toBeTruthy();
      await feed.until((event) => event.knowledgeBaseEmbeddingUpdated.status === 'IN_PROGRESS');
      const finished = await feed.until(
        (event) => event.knowledgeBaseEmbeddingUpdated.status === 'COMPLETED' || event.knowledgeBaseEmbeddingUpdated.status === 'FAILED',
      );
      expect(finished.knowledgeBaseEmbeddingUpdated).toMatchObject({
        status: 'COMPLETED',
        error: null,
        lastUpdateStatus: 'success',
        embeddingStale: false,
        lastSuccessfulDetails: { documents: 1, chunks: 2, model: 'embed-model', splitLevel: 2, language: 'english' },
        progress: null,
      });
      // Chunks embedded of the total, between IN_PROGRESS and COMPLETED.
      const run = feed.events.map((event) => event.knowledgeBaseEmbeddingUpdated);
      const reports = run.slice(0, -1).flatMap((status) => (status.progress ? [status.progress] : []));
      expect(reports.map(({ stage, done, total }) => ({ stage, done, total }))).toEqual([
        { stage: 'embedding', done: 0, total: 2 },
        { stage: 'embedding', done: 2, total: 2 },
      ]);
      const kb = await execute(app.url, key, KnowledgeBaseQuery, { partner: 'acme', name: 'Shelf' });
      expect(kb.data!.knowledgeBase!.stats.embeddedCount).toBe(1);
      expect(kb.data!.knowledgeBase!.embeddingInfo.lastUpdateStatus).toBe('success');

      await execute(app.url, key, DeleteKnowledgeBase, { partner: 'acme', name: 'Shelf' });
      await feed.until((event) => event.knowledgeBaseEmbeddingUpdated.deleted);
      await feed.untilComplete(5_000);
    } finally {
      await client.dispose();
    }
  });

  it('refuses a subscription to another partner and to a missing knowledge base', async () => {
    const client = wsClient(app.url, key);
    try {
      const forbidden = subscribe(client, DocumentUpdated, { partner: 'beta', kb: 'Notes' });
      expect(JSON.stringify(await forbidden.errorsSent(5_000))).toContain('Access denied');
      const missing = subscribe(client, EmbeddingUpdated, { partner: 'acme', kb: 'Ghost' });
      expect(JSON.stringify(await missing.errorsSent(5_000))).toContain('Knowledge base not found');
    } finally {
      await client.dispose();
    }
  });
});
