import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { ARTICLE, buildPdf, makeTempDir, type TempDir } from '../support/documents';
import { execute, executeWithFiles, subscribe, wsClient } from '../support/graphql-client';
import { waitFor } from '../support/wait-for';
import type { OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { startKnowledgeBaseEnvironment, type KnowledgeBaseEnvironment } from '../support/kb-environment';
import { countCommandsOf } from '../support/redis-commands';
import { startTestApp, type TestApp } from '../support/test-app';

export const DocumentFields = graphql(`
  fragment DocumentFields on Document {
    id
    name
    folder
    type
    url
    fileOriginal
    fileDigitized
    fileRewrittenDraft
    fileRewritten
    originalFormat
    userEmail
    inQueues
    expertName
    autoRewrite
    modelTier
    useOriginalAsRewritten
    rewriteModel
    rewriteInputTokens
    rewriteOutputTokens
    rewriteCompletedAt
    processingError
    isEmbedded
    digitizedCharCount
    draftRewriteCharCount
    finalRewriteCharCount
    progress {
      stage
      done
      total
      percent
      updatedAt
    }
    deleted
  }
`);

const KnowledgeBaseQuery = graphql(`
  query KnowledgeBase($partner: String!, $name: String!) {
    knowledgeBase(partner: $partner, name: $name) {
      name
      expertName
      documents {
        ...DocumentFields
      }
      folders {
        name
        documentCount
      }
      stats {
        documentCount
        digitizedCount
        draftRewriteCount
        finalRewriteCount
        totalDigitizedChars
        totalFinalRewriteChars
        errorCount
        embeddedCount
      }
      embeddingInfo {
        lastSuccessfulUpdateTime
        lastUpdateStatus
        embeddingStale
      }
      embeddingStatus {
        status
        splitLevel
        language
      }
    }
  }
`);

const KnowledgeBasesQuery = graphql(`
  query KnowledgeBases($partner: String!) {
    knowledgeBases(partner: $partner) {
      name
      documents {
        id
      }
      stats {
        documentCount
      }
    }
  }
`);

const DocumentQuery = graphql(`
  query Document($partner: String!, $kb: String!, $id: ID!, $kind: DocumentContentKind!) {
    document(partner: $partner, kb: $kb, id: $id) {
      ...DocumentFields
      content(kind: $kind)
    }
  }
`);

const CreateKnowledgeBase = graphql(`
  mutation CreateKnowledgeBase($partner: String!, $name: String!, $expertName: String, $userEmail: String) {
    createKnowledgeBase(partner: $partner, name: $name, expertName: $expertName, userEmail: $userEmail) {
      name
      expertName
      userEmail
      documents {
        id
      }
      embeddingInfo {
        embeddingStale
      }
    }
  }
`);

const DeleteKnowledgeBase = graphql(`
  mutation DeleteKnowledgeBase($partner: String!, $name: String!) {
    deleteKnowledgeBase(partner: $partner, name: $name)
  }
`);

const CreateFolder = graphql(`
  mutation CreateFolder($partner: String!, $kb: String!, $name: String!) {
    createFolder(partner: $partner, kb: $kb, name: $name) {
      name
      documentCount
    }
  }
`);

const DeleteFolder = graphql(`
  mutation DeleteFolder($partner: String!, $kb: String!, $name: String!) {
    deleteFolder(partner: $partner, kb: $kb, name: $name)
  }
`);

const CreateDocument = graphql(`
  mutation CreateDocument(
    $partner: String!
    $kb: String!
    $folder: String!
    $type: DocumentType
    $file: Upload
    $url: String
    $name: String
    $autoRewrite: Boolean
    $modelTier: ModelTier
  ) {
    createDocument(
      partner: $partner
      kb: $kb
      folder: $folder
      type: $type
      file: $file
      url: $url
      name: $name
      autoRewrite: $autoRewrite
      modelTier: $modelTier
    ) {
      ...DocumentFields
    }
  }
`);

const CreateDocumentsBatch = graphql(`
  mutation CreateDocumentsBatch($partner: String!, $kb: String!, $folder: String!, $urls: [String!]!) {
    createDocumentsBatch(partner: $partner, kb: $kb, folder: $folder, urls: $urls) {
      summary {
        total
        succeeded
        failed
      }
      results {
        url
        status
        documentId
        error
      }
    }
  }
`);

const CreateEmptyDocument = graphql(`
  mutation CreateEmptyDocument($partner: String!, $kb: String!, $name: String!, $folder: String!, $type: DocumentType!, $url: String) {
    createEmptyDocument(partner: $partner, kb: $kb, name: $name, folder: $folder, type: $type, url: $url) {
      ...DocumentFields
    }
  }
`);

const RenameDocument = graphql(`
  mutation RenameDocument($partner: String!, $kb: String!, $id: ID!, $name: String!) {
    renameDocument(partner: $partner, kb: $kb, id: $id, name: $name) {
      name
    }
  }
`);

const UpdateDocumentType = graphql(`
  mutation UpdateDocumentType($partner: String!, $kb: String!, $id: ID!, $type: DocumentType!, $url: String) {
    updateDocumentType(partner: $partner, kb: $kb, id: $id, type: $type, url: $url) {
      type
      url
    }
  }
`);

const UpdateDocumentUrl = graphql(`
  mutation UpdateDocumentUrl($partner: String!, $kb: String!, $id: ID!, $url: String!) {
    updateDocumentUrl(partner: $partner, kb: $kb, id: $id, url: $url) {
      url
    }
  }
`);

const DeleteDocument = graphql(`
  mutation DeleteDocument($partner: String!, $kb: String!, $id: ID!, $force: Boolean) {
    deleteDocument(partner: $partner, kb: $kb, id: $id, force: $force)
  }
`);

const UpdateDocumentContent = graphql(`
  mutation UpdateDocumentContent($partner: String!, $kb: String!, $id: ID!, $kind: DocumentContentKind!, $content: String!) {
    updateDocumentContent(partner: $partner, kb: $kb, id: $id, kind: $kind, content: $content) {
      digitizedCharCount
      finalRewriteCharCount
      fileDigitized
      fileRewritten
    }
  }
`);

const UploadDocumentContent = graphql(`
  mutation UploadDocumentContent($partner: String!, $kb: String!, $id: ID!, $kind: DocumentContentKind!, $file: Upload!) {
    uploadDocumentContent(partner: $partner, kb: $kb, id: $id, kind: $kind, file: $file) {
      finalRewriteCharCount
      fileRewritten
      content(kind: $kind)
    }
  }
`);

const QueueProcessing = graphql(`
  mutation QueueProcessing($partner: String!, $kb: String!, $id: ID!, $action: ProcessAction, $contentType: RewriteContentType, $personName: String) {
    queueDocumentProcessing(partner: $partner, kb: $kb, id: $id, action: $action, contentType: $contentType, personName: $personName) {
      id
      inQueues
    }
  }
`);

const BulkRewriteFolder = graphql(`
  mutation BulkRewriteFolder($partner: String!, $kb: String!, $folder: String!, $skipRewritten: Boolean) {
    bulkRewriteFolder(partner: $partner, kb: $kb, folder: $folder, skipRewritten: $skipRewritten) {
      queuedCount
      skippedCount
      queued
      skipped {
        documentId
        reason
      }
    }
  }
`);

const BulkRewriteKnowledgeBase = graphql(`
  mutation BulkRewriteKnowledgeBase($partner: String!, $kb: String!, $contentType: RewriteContentType) {
    bulkRewriteKnowledgeBase(partner: $partner, kb: $kb, contentType: $contentType) {
      queuedCount
      skippedCount
    }
  }
`);

const StartEmbedding = graphql(`
  mutation StartEmbedding($partner: String!, $kb: String!, $splitLevel: Int, $language: String) {
    startKnowledgeBaseEmbedding(partner: $partner, kb: $kb, splitLevel: $splitLevel, language: $language) {
      status
      splitLevel
      language
      externalJobId
    }
  }
`);

const DocumentUpdated = graphql(`
  subscription DocumentUpdated($partner: String!, $kb: String!) {
    documentUpdated(partner: $partner, kb: $kb) {
      ...DocumentFields
    }
  }
`);

const EmbeddingUpdated = graphql(`
  subscription EmbeddingUpdated($partner: String!, $kb: String!) {
    knowledgeBaseEmbeddingUpdated(partner: $partner, kb: $kb) {
      knowledgeBase
      status
      error
      lastUpdateStatus
      lastSuccessfulUpdateTime
      lastSuccessfulDetails {
        documents
        chunks
        model
        splitLevel
        language
      }
      embeddingStale
      progress {
        stage
        done
        total
        percent
        updatedAt
      }
      deleted
    }
  }
`);

let environment: KnowledgeBaseEnvironment;
let engines: OpenAiCompatibleServer;
let pagesUrl: string;
let app: TestApp;
let key: string;
let tmp: TempDir;

beforeAll(async () => {
  environment = await startKnowledgeBaseEnvironment();
  ({ app, engines, pagesUrl, key } = environment);
  tmp = await makeTempDir('kb-graphql-');
});

afterAll(async () => {
  await environment?.close();
  await tmp?.remove();
});

async function createKb(name: string, expertName?: string) {
  const created = await execute(app.url, key, CreateKnowledgeBase, { partner: 'acme', name, expertName });
  expect(created.errors).toBeUndefined();
  return created.data!.createKnowledgeBase;
}

async function emptyDocument(kb: string, name: string, folder: string) {
  const created = await execute(app.url, key, CreateEmptyDocument, { partner: 'acme', kb, name, folder, type: 'FILE' });
  expect(created.errors).toBeUndefined();
  return created.data!.createEmptyDocument;
}

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
      await waitFor(
        async () => feed.completed,
        (done) => done,
        5_000,
      );
    } finally {
      await client.dispose();
    }
  });

  it('refuses a subscription to another partner and to a missing knowledge base', async () => {
    const client = wsClient(app.url, key);
    try {
      const forbidden = subscribe(client, DocumentUpdated, { partner: 'beta', kb: 'Notes' });
      await waitFor(
        async () => forbidden.errors.length,
        (count) => count > 0,
        5_000,
      );
      expect(JSON.stringify(forbidden.errors)).toContain('Access denied');
      const missing = subscribe(client, EmbeddingUpdated, { partner: 'acme', kb: 'Ghost' });
      await waitFor(
        async () => missing.errors.length,
        (count) => count > 0,
        5_000,
      );
      expect(JSON.stringify(missing.errors)).toContain('Knowledge base not found');
    } finally {
      await client.dispose();
    }
  });
});

describe('batching', () => {
  it('reads a knowledge base with its documents in the same number of Redis commands for 5 and for 200 documents', async () => {
    const api = await startTestApp({ ROLE: 'api', RATE_LIMIT_PER_MINUTE: '100000' });
    const counter = await countCommandsOf(api.app.services.platform.redis.commands, api.redis.url);
    try {
      const apiKey = await api.createKey('load');
      await execute(api.url, apiKey, CreateKnowledgeBase, { partner: 'load', name: 'Big' });
      const costOfQuery = async () => {
        let count = 0;
        const commands = await counter.count(
          async () => {
            const result = await execute(api.url, apiKey, KnowledgeBaseQuery, { partner: 'load', name: 'Big' });
            expect(result.errors).toBeUndefined();
            count = result.data!.knowledgeBase!.documents.length;
          },
          { withoutRateLimit: true },
        );
        return { count, commands };
      };
      const addDocuments = async (count: number, from: number) => {
        const urls = Array.from({ length: count }, (_, index) => `http://127.0.0.1:9/page-${from + index}`);
        const batch = await execute(api.url, apiKey, CreateDocumentsBatch, { partner: 'load', kb: 'Big', folder: `f${from % 3}`, urls });
        expect(batch.data!.createDocumentsBatch.summary.succeeded).toBe(count);
      };
      await addDocuments(5, 0);
      await costOfQuery();
      const few = await costOfQuery();
      await addDocuments(195, 5);
      const many = await costOfQuery();
      expect(few.count).toBe(5);
      expect(many.count).toBe(200);
      expect(few.commands).toBeGreaterThan(0);
      expect(many.commands).toBe(few.commands);

      const busy = (await execute(api.url, apiKey, KnowledgeBaseQuery, { partner: 'load', name: 'Big' })).data!.knowledgeBase!.documents[0]!;
      expect(busy.inQueues).toEqual(['DIGITIZE']);
      const refused = await execute(api.url, apiKey, DeleteDocument, { partner: 'load', kb: 'Big', id: busy.id, force: false });
      expect(refused.errors![0]).toMatchObject({ message: 'Document is currently being processed', extensions: { code: 'CONFLICT' } });
    } finally {
      counter.close();
      await api.close();
    }
  });
});
