import { describe, expect, it } from 'vitest';
import { ARTICLE } from '../support/documents';
import { execute, executeWithFiles, subscribe, wsClient } from '../support/graphql-client';
import { app, createKb, emptyDocument, engines, key, pagesUrl, tmp, useKnowledgeBaseEnvironment } from './knowledge-base-environment';
import {
  BulkRewriteFolder,
  BulkRewriteKnowledgeBase,
  CreateDocument,
  CreateDocumentsBatch,
  CreateFolder,
  CreateKnowledgeBase,
  DeleteDocument,
  DeleteFolder,
  DeleteKnowledgeBase,
  DocumentQuery,
  DocumentUpdated,
  KnowledgeBaseQuery,
  KnowledgeBasesQuery,
  QueueProcessing,
  RenameDocument,
  StartEmbedding,
  UpdateDocumentContent,
  UpdateDocumentType,
  UpdateDocumentUrl,
  UploadDocumentContent,
} from './knowledge-base-operations';

useKnowledgeBaseEnvironment();

describe('queries and access', () => {
  it('reads a knowledge base with its documents, folders, stats and embedding info', async () => {
    const kb = await createKb('Notes', 'Ada Lovelace');
    expect(kb).toMatchObject({ name: 'Notes', expertName: 'Ada Lovelace', userEmail: null, documents: [], embeddingInfo: { embeddingStale: false } });
    expect((await execute(app.url, key, CreateFolder, { partner: 'acme', kb: 'Notes', name: 'Empty' })).data!.createFolder).toEqual({
      name: 'Empty',
      documentCount: 0,
    });
    const first = await emptyDocument('Notes', 'First', 'Drafts');
    const second = await emptyDocument('Notes', 'Second', 'Drafts');
    await emptyDocument('Notes', 'Third', 'Final');
    const written = await execute(app.url, key, UpdateDocumentContent, {
      partner: 'acme',
      kb: 'Notes',
      id: first.id,
      kind: 'DIGITIZED',
      content: 'héllo wörld',
    });
    expect(written.data!.updateDocumentContent).toMatchObject({ digitizedCharCount: 11, fileDigitized: 'digitized.md', fileRewritten: null });
    await execute(app.url, key, UpdateDocumentContent, { partner: 'acme', kb: 'Notes', id: second.id, kind: 'REWRITTEN', content: '# Done' });

    const result = await execute(app.url, key, KnowledgeBaseQuery, { partner: 'acme', name: 'Notes' });
    expect(result.errors).toBeUndefined();
    const notes = result.data!.knowledgeBase!;
    expect(notes.documents.map((document) => document.name)).toEqual(['First', 'Second', 'Third']);
    expect(notes.documents[0]).toMatchObject({
      folder: 'Drafts',
      type: 'FILE',
      inQueues: [],
      expertName: 'Ada Lovelace',
      modelTier: 'STANDARD',
      autoRewrite: false,
      isEmbedded: false,
      digitizedCharCount: 11,
      fileOriginal: null,
      deleted: false,
    });
    expect(notes.folders).toEqual([
      { name: 'Empty', documentCount: 0 },
      { name: 'Drafts', documentCount: 2 },
      { name: 'Final', documentCount: 1 },
    ]);
    expect(notes.stats).toEqual({
      documentCount: 3,
      digitizedCount: 1,
      draftRewriteCount: 0,
      finalRewriteCount: 1,
      totalDigitizedChars: 11,
      totalFinalRewriteChars: 6,
      errorCount: 0,
      embeddedCount: 0,
    });
    expect(notes.embeddingInfo).toEqual({ lastSuccessfulUpdateTime: null, lastUpdateStatus: null, embeddingStale: true });
    expect(notes.embeddingStatus).toEqual({ status: 'IDLE', splitLevel: 0, language: 'english' });

    const list = await execute(app.url, key, KnowledgeBasesQuery, { partner: 'acme' });
    expect(list.data!.knowledgeBases.find((item) => item.name === 'Notes')).toMatchObject({ stats: { documentCount: 3 } });

    const one = await execute(app.url, key, DocumentQuery, { partner: 'acme', kb: 'Notes', id: first.id, kind: 'DIGITIZED' });
    expect(one.data!.document).toMatchObject({ name: 'First', content: 'héllo wörld' });
    const noDraft = await execute(app.url, key, DocumentQuery, { partner: 'acme', kb: 'Notes', id: first.id, kind: 'DRAFT' });
    expect(noDraft.data!.document!.content).toBeNull();
    const elsewhere = await execute(app.url, key, DocumentQuery, { partner: 'acme', kb: 'Nowhere', id: first.id, kind: 'DIGITIZED' });
    expect(elsewhere.data!.document).toBeNull();
    const unknown = await execute(app.url, key, DocumentQuery, { partner: 'acme', kb: 'Notes', id: 'not-an-id', kind: 'DIGITIZED' });
    expect(unknown.data!.document).toBeNull();
    expect((await execute(app.url, key, KnowledgeBaseQuery, { partner: 'acme', name: 'Nowhere' })).data!.knowledgeBase).toBeNull();
  });

  it('refuses another partner and anonymous callers', async () => {
    const other = await execute(app.url, key, KnowledgeBaseQuery, { partner: 'beta', name: 'Notes' });
    expect(other.errors![0]).toMatchObject({ message: 'Access denied', extensions: { code: 'FORBIDDEN' } });
    const anonymous = await execute(app.url, undefined, KnowledgeBasesQuery, { partner: 'acme' });
    expect(anonymous.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
    const betaKey = await app.createKey('beta');
    const mutation = await execute(app.url, betaKey, DeleteKnowledgeBase, { partner: 'acme', name: 'Notes' });
    expect(mutation.errors![0]!.extensions!.code).toBe('FORBIDDEN');
    expect((await execute(app.url, key, KnowledgeBaseQuery, { partner: 'acme', name: 'Notes' })).data!.knowledgeBase).not.toBeNull();
  });
});

describe('mutations', () => {
  it('validates with the REST rules and reports every failing parameter', async () => {
    const blank = await execute(app.url, key, CreateKnowledgeBase, { partner: 'acme', name: '  ' });
    expect(blank.errors![0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', errors: { name: ['must not be empty'] } } });
    await createKb('Checks');
    const duplicate = await execute(app.url, key, CreateKnowledgeBase, { partner: 'acme', name: 'Checks' });
    expect(duplicate.errors![0]!.extensions!.code).toBe('CONFLICT');
    const embedding = await execute(app.url, key, StartEmbedding, { partner: 'acme', kb: 'Checks', splitLevel: 9, language: 'x1$' });
    expect(Object.keys(embedding.errors![0]!.extensions!.errors!).sort()).toEqual(['language', 'split_level']);
    const noUrl = await execute(app.url, key, CreateDocument, { partner: 'acme', kb: 'Checks', folder: 'F' });
    expect(noUrl.errors![0]!.extensions!.errors).toEqual({ url: ['is required when type is url'] });
    const badUrl = await execute(app.url, key, CreateDocument, { partner: 'acme', kb: 'Checks', folder: 'F', url: 'ftp://example.com/a' });
    expect(badUrl.errors![0]!.extensions!.errors).toEqual({ url: ['must be an http or https URL'] });
    const noFile = await execute(app.url, key, CreateDocument, { partner: 'acme', kb: 'Checks', folder: 'F', type: 'FILE' });
    expect(noFile.errors![0]!.extensions!.errors).toEqual({ file: ['is required when type is file'] });
    const emptyBatch = await execute(app.url, key, CreateDocumentsBatch, { partner: 'acme', kb: 'Checks', folder: 'F', urls: [] });
    expect(emptyBatch.errors![0]!.extensions!.errors).toEqual({ urls: ['must contain at least one URL'] });
    const missingKb = await execute(app.url, key, CreateFolder, { partner: 'acme', kb: 'Nowhere', name: 'F' });
    expect(missingKb.errors![0]).toMatchObject({ message: 'Knowledge base not found', extensions: { code: 'NOT_FOUND' } });
    const missingDocument = await execute(app.url, key, RenameDocument, { partner: 'acme', kb: 'Checks', id: 'nope', name: 'X' });
    expect(missingDocument.errors![0]).toMatchObject({ message: 'Document not found', extensions: { code: 'NOT_FOUND' } });
  });

  it('renames, retypes, re-points, uploads content, bulk-rewrites and deletes', async () => {
    await createKb('Edits');
    const document = await emptyDocument('Edits', 'Blank', 'Inbox');
    const renamed = await execute(app.url, key, RenameDocument, { partner: 'acme', kb: 'Edits', id: document.id.toUpperCase(), name: 'Named' });
    expect(renamed.data!.renameDocument.name).toBe('Named');
    const toUrl = await execute(app.url, key, UpdateDocumentType, { partner: 'acme', kb: 'Edits', id: document.id, type: 'URL' });
    expect(toUrl.errors![0]!.extensions!.errors).toEqual({ url: ['is required when type is url'] });
    const retyped = await execute(app.url, key, UpdateDocumentType, { partner: 'acme', kb: 'Edits', id: document.id, type: 'URL', url: `${pagesUrl}/missing` });
    expect(retyped.data!.updateDocumentType).toEqual({ type: 'URL', url: `${pagesUrl}/missing` });
    const repointed = await execute(app.url, key, UpdateDocumentUrl, { partner: 'acme', kb: 'Edits', id: document.id, url: `${pagesUrl}/article` });
    expect(repointed.data!.updateDocumentUrl.url).toBe(`${pagesUrl}/article`);

    const markdown = await tmp.write('final.md', '# Final\n\nWritten by hand.\n');
    const uploaded = await executeWithFiles(
      app.url,
      key,
      UploadDocumentContent,
      { partner: 'acme', kb: 'Edits', id: document.id, kind: 'REWRITTEN', file: null as unknown as File },
      { file: markdown },
    );
    expect(uploaded.errors).toBeUndefined();
    expect(uploaded.data!.uploadDocumentContent).toEqual({
      finalRewriteCharCount: 26,
      fileRewritten: 'rewritten.md',
      content: '# Final\n\nWritten by hand.\n',
    });

    const noText = await execute(app.url, key, QueueProcessing, { partner: 'acme', kb: 'Edits', id: document.id, action: 'REWRITE' });
    expect(noText.errors![0]!.extensions!.errors).toEqual({ document: ['the document has no digitized content to rewrite'] });
    const skipped = await execute(app.url, key, BulkRewriteFolder, { partner: 'acme', kb: 'Edits', folder: 'Inbox' });
    expect(skipped.data!.bulkRewriteFolder).toEqual({
      queuedCount: 0,
      skippedCount: 1,
      queued: [],
      skipped: [{ documentId: document.id, reason: 'already rewritten' }],
    });
    const missingFolder = await execute(app.url, key, BulkRewriteFolder, { partner: 'acme', kb: 'Edits', folder: 'Nope' });
    expect(missingFolder.errors![0]!.message).toBe('Folder not found');

    await execute(app.url, key, UpdateDocumentContent, { partner: 'acme', kb: 'Edits', id: document.id, kind: 'DIGITIZED', content: 'Tides follow the moon.' });
    const client = wsClient(app.url, key);
    try {
      const feed = subscribe(client, DocumentUpdated, { partner: 'acme', kb: 'Edits' });
      const bulk = await execute(app.url, key, BulkRewriteKnowledgeBase, { partner: 'acme', kb: 'Edits', contentType: 'BOOK' });
      expect(bulk.data!.bulkRewriteKnowledgeBase).toEqual({ queuedCount: 0, skippedCount: 1 });
      const queued = await execute(app.url, key, QueueProcessing, { partner: 'acme', kb: 'Edits', id: document.id, action: 'REWRITE', personName: 'Ann' });
      expect(queued.data!.queueDocumentProcessing.inQueues).toEqual(['REWRITE']);
      const done = await feed.until((event) => event.documentUpdated.inQueues.length === 0 && event.documentUpdated.rewriteModel !== null);
      expect(done.documentUpdated).toMatchObject({ rewriteModel: 'big-model', fileRewrittenDraft: 'rewritten_draft.md', processingError: null });
      const prompts = engines.requests.filter(
        (request) => request.endpoint === 'chat' && request.messages?.some((message) => message.content.includes('Tides follow the moon.')),
      );
      expect(prompts[0]!.messages![0]!.content).toContain('Ann');

      expect((await execute(app.url, key, DeleteDocument, { partner: 'acme', kb: 'Edits', id: document.id })).data!.deleteDocument).toBe(true);
      const gone = await feed.until((event) => event.documentUpdated.deleted);
      expect(gone.documentUpdated.id).toBe(document.id);
      feed.dispose();
    } finally {
      await client.dispose();
    }
    const again = await execute(app.url, key, DeleteDocument, { partner: 'acme', kb: 'Edits', id: document.id });
    expect(again.errors![0]!.message).toBe('Document not found');

    await emptyDocument('Edits', 'Doomed', 'Trash');
    expect((await execute(app.url, key, DeleteFolder, { partner: 'acme', kb: 'Edits', name: 'Trash' })).data!.deleteFolder).toBe(true);
    const afterFolder = await execute(app.url, key, KnowledgeBaseQuery, { partner: 'acme', name: 'Edits' });
    expect(afterFolder.data!.knowledgeBase!.documents).toEqual([]);
    expect(afterFolder.data!.knowledgeBase!.folders.map((folder) => folder.name)).toEqual(['Inbox']);
    expect((await execute(app.url, key, DeleteKnowledgeBase, { partner: 'acme', name: 'Edits' })).data!.deleteKnowledgeBase).toBe(true);
    expect((await execute(app.url, key, KnowledgeBaseQuery, { partner: 'acme', name: 'Edits' })).data!.knowledgeBase).toBeNull();
  });

  it('creates URL documents one by one and in a batch, digitizing pages from a local server', async () => {
    await createKb('Web');
    const client = wsClient(app.url, key);
    try {
      const feed = subscribe(client, DocumentUpdated, { partner: 'acme', kb: 'Web' });
      const created = await execute(app.url, key, CreateDocument, { partner: 'acme', kb: 'Web', folder: 'Pages', url: `${pagesUrl}/article` });
      expect(created.data!.createDocument).toMatchObject({ type: 'URL', name: 'article', inQueues: ['DIGITIZE'] });
      const id = created.data!.createDocument.id;
      const digitized = await feed.until((event) => event.documentUpdated.id === id && event.documentUpdated.inQueues.length === 0);
      expect(digitized.documentUpdated).toMatchObject({ name: ARTICLE.title, fileDigitized: 'digitized.md', originalFormat: 'html', processingError: null });
      const text = await execute(app.url, key, DocumentQuery, { partner: 'acme', kb: 'Web', id, kind: 'DIGITIZED' });
      expect(text.data!.document!.content).toContain(ARTICLE.paragraphs[0]);

      const batch = await execute(app.url, key, CreateDocumentsBatch, {
        partner: 'acme',
        kb: 'Web',
        folder: 'Batch',
        urls: [`${pagesUrl}/article`, 'not a url', `${pagesUrl}/gone`],
      });
      expect(batch.data!.createDocumentsBatch.summary).toEqual({ total: 3, succeeded: 2, failed: 1 });
      const [ok, bad, missing] = batch.data!.createDocumentsBatch.results;
      expect(ok).toMatchObject({ status: 'SUCCESS', error: null });
      expect(bad).toMatchObject({ url: 'not a url', status: 'FAILED', documentId: null, error: 'must be an http or https URL' });
      const failed = await feed.until((event) => event.documentUpdated.id === missing!.documentId && event.documentUpdated.processingError !== null);
      expect(failed.documentUpdated.inQueues).toEqual([]);
      feed.dispose();
    } finally {
      await client.dispose();
    }
  });
});
