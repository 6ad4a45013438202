import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import type { DocumentsPageQuery, TranscriptsPageQuery, VoicesPageQuery } from '../gql/graphql';
import { execute, type GraphqlResponse } from '../support/graphql-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { VoiceRepository } from '../../src/domain/voice/voice.repository';
import { KnowledgeBaseRepository } from '../../src/domain/knowledge-base/knowledge-base.repository';
import { TranscriptRepository } from '../../src/domain/transcription/transcript.repository';
import { createKnowledgeBaseInput, emptyDocumentInput } from '../../src/domain/knowledge-base/knowledge-base.inputs';
import type { TranscriptRecord, TranscriptStatus } from '../../src/domain/transcription/transcript.types';
import { DEFAULT_TRANSCRIPT_OPTIONS } from '../../src/domain/transcription/transcript.types';

const VoicesPage = graphql(`
  query VoicesPage($partner: String!, $first: Int, $after: String, $last: Int, $before: String, $status: ProcessingStatus) {
    voicesConnection(partner: $partner, first: $first, after: $after, last: $last, before: $before, status: $status) {
      edges {
        cursor
        node {
          name
          status {
            overall
          }
        }
      }
      pageInfo {
        hasNextPage
        hasPreviousPage
        startCursor
        endCursor
      }
    }
  }
`);

const VoicesList = graphql(`
  query VoicesList($partner: String!) {
    voices(partner: $partner) {
      name
    }
  }
`);

const TranscriptsPage = graphql(`
  query TranscriptsPage($first: Int, $after: String, $status: TranscriptStatus) {
    transcriptsConnection(first: $first, after: $after, status: $status) {
      edges {
        node {
          id
          status
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

const DocumentsPage = graphql(`
  query DocumentsPage($partner: String!, $kb: String!, $first: Int, $after: String, $folder: String, $state: DocumentState) {
    knowledgeBase(partner: $partner, name: $kb) {
      documents {
        name
      }
      documentsConnection(first: $first, after: $after, folder: $folder, state: $state) {
        edges {
          node {
            name
            folder
            state
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`);

const VOICES = 1000;
/** Every seventh voice has failed embedding; the rest are idle. */
const failedAt = (index: number) => index % 7 === 3;
const voiceName = (index: number) => `voice-${String(index).padStart(4, '0')}`;

let app: TestApp;
let key: string;

beforeAll(async () => {
  app = await startTestApp();
  key = await app.createKey('acme');
  // Straight through the domain: a thousand voices need no thousand uploads.
  const { voices, platform } = app.app.services;
  const repository = new VoiceRepository(platform.records);
  for (let start = 0; start < VOICES; start += 100) {
    await Promise.all(
      Array.from({ length: 100 }, async (_unused, offset) => {
        const index = start + offset;
        const voice = await voices.create('acme', { name: voiceName(index) });
        if (failedAt(index))
          await repository.update(voice, (current) => ({ ...current, embedding: { ...current.embedding, status: 'failed', error: 'no samples' } }));
      }),
    );
  }
}, 120_000);

afterAll(async () => {
  await app?.close();
});

type Voices = { name: string; status: string; cursor: string }[];

/** Walks a connection to its end, one request a page; every page's names and whether it said more follow. */
async function walkVoices(variables: { first?: number; last?: number; status?: 'FAILED' | 'IDLE' }): Promise<{ names: string[]; pages: number }> {
  const names: string[] = [];
  let cursor: string | null | undefined = null;
  let pages = 0;
  for (;;) {
    const backward = variables.last !== undefined;
    const answer: GraphqlResponse<VoicesPageQuery> = await execute(app.url, key, VoicesPage, {
      partner: 'acme',
      ...variables,
      ...(backward ? { before: cursor } : { after: cursor }),
    });
    expect(answer.errors).toBeUndefined();
    const { edges, pageInfo } = answer.data!.voicesConnection;
    pages += 1;
    const page: Voices = edges.map((edge) => ({ name: edge.node.name, status: edge.node.status.overall, cursor: edge.cursor }));
    if (variables.status) expect(page.every((voice) => voice.status === variables.status)).toBe(true);
    if (backward) names.unshift(...page.map((voice) => voice.name));
    else names.push(...page.map((voice) => voice.name));
    const more = backward ? pageInfo.hasPreviousPage : pageInfo.hasNextPage;
    if (!more) break;
    cursor = backward ? pageInfo.startCursor : pageInfo.endCursor;
    expect(pages).toBeLessThan(VOICES + 1);
  }
  return { names, pages };
}

const allNames = Array.from({ length: VOICES }, (_unused, index) => voiceName(index));

describe('GraphQL voicesConnection over 1,000 voices', () => {
  it('walks every voice forward, in name order, without a gap or a duplicate', async () => {
    const { names, pages } = await walkVoices({ first: 100 });
    expect(pages).toBe(10);
    expect(names).toEqual(allNames);
  });

  it('walks them backward too, and pages of an odd size end where the list does', async () => {
    expect((await walkVoices({ last: 100 })).names).toEqual(allNames);
    const odd = await walkVoices({ first: 33 });
    expect(odd.names).toEqual(allNames);
    expect(odd.pages).toBe(Math.ceil(VOICES / 33));
  });

  it('filters by status across pages: only the failed ones, all of them', async () => {
    const failed = allNames.filter((_name, index) => failedAt(index));
    const { names } = await walkVoices({ first: 10, status: 'FAILED' });
    expect(names).toEqual(failed);
    expect((await walkVoices({ first: 100, status: 'IDLE' })).names).toEqual(allNames.filter((_name, index) => !failedAt(index)));
  });

  it('keeps a cursor valid when its own voice is deleted, and its neighbours in place when others are added', async () => {
    const first = await execute(app.url, key, VoicesPage, { partner: 'acme', first: 5 });
    const cursor = first.data!.voicesConnection.pageInfo.endCursor!;
    expect(first.data!.voicesConnection.edges.map((edge) => edge.node.name)).toEqual(allNames.slice(0, 5));
    const { voices } = app.app.services;
    await voices.delete('acme', voiceName(4));
    await voices.create('acme', { name: 'voice-0000a' });
    try {
      const next = await execute(app.url, key, VoicesPage, { partner: 'acme', first: 3, after: cursor });
      expect(next.data!.voicesConnection.edges.map((edge) => edge.node.name)).toEqual(allNames.slice(5, 8));
      expect(next.data!.voicesConnection.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
    } finally {
      await voices.delete('acme', 'voice-0000a');
      await voices.create('acme', { name: voiceName(4) });
    }
  });

  it('keeps the plain voices list whole for existing clients', async () => {
    const answer = await execute(app.url, key, VoicesList, { partner: 'acme' });
    expect(answer.data!.voices.map((voice) => voice.name)).toEqual(allNames);
  });

  it('refuses a foreign cursor, a page over 100, and first with last, naming the argument', async () => {
    const refusals = [
      { after: 'not-a-cursor', message: 'after' },
      { first: 101, message: 'first' },
      { first: 5, last: 5, message: 'last' },
    ];
    for (const { message, ...variables } of refusals) {
      const answer = await execute(app.url, key, VoicesPage, { partner: 'acme', ...variables });
      expect(answer.errors?.[0]?.message).toMatch(new RegExp(`^${message}:`));
      expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
  });

  it('is refused for a partner the key does not reach', async () => {
    const other = await app.createKey('beta');
    const answer = await execute(app.url, other, VoicesPage, { partner: 'acme', first: 1 });
    expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('GraphQL transcriptsConnection', () => {
  it("pages through the key's transcripts newest first, filtered by status, and only the key's own", async () => {
    const { platform } = app.app.services;
    const repository = new TranscriptRepository(platform.records);
    const own = await platform.apiKeys.admit(key, '127.0.0.1');
    const otherKey = await app.createKey('acme');
    const other = await platform.apiKeys.admit(otherKey, '127.0.0.1');
    const statuses: TranscriptStatus[] = ['queued', 'completed', 'error'];
    const created: { id: string; status: TranscriptStatus }[] = [];
    for (let index = 0; index < 25; index += 1) {
      const id = crypto.randomUUID();
      const status = statuses[index % 3]!;
      const at = new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString();
      const record: Omit<TranscriptRecord, 'version'> = {
        id,
        keyId: own.keyId,
        status,
        source: { kind: 'url', url: 'https://example.com/a.mp3' },
        options: DEFAULT_TRANSCRIPT_OPTIONS,
        text: null,
        audioDuration: null,
        error: status === 'error' ? 'failed' : null,
        progress: null,
        createdAt: at,
        updatedAt: at,
        partners: [],
        webhook: null,
      };
      await repository.create(record);
      await repository.listAsRecent(own.keyId, id);
      created.push({ id: `/v2/transcript/${id}`, status });
    }
    const foreign = crypto.randomUUID();
    await repository.create({ ...(await repository.get(created[0]!.id.split('/').at(-1)!))!, id: foreign, keyId: other.keyId });
    await repository.listAsRecent(other.keyId, foreign);

    const walk = async (status?: 'COMPLETED') => {
      const ids: string[] = [];
      let after: string | null | undefined = null;
      for (;;) {
        const answer: GraphqlResponse<TranscriptsPageQuery> = await execute(app.url, key, TranscriptsPage, { first: 4, after, status });
        expect(answer.errors).toBeUndefined();
        const { edges, pageInfo } = answer.data!.transcriptsConnection;
        ids.push(...edges.map((edge) => edge.node.id));
        if (!pageInfo.hasNextPage) return ids;
        after = pageInfo.endCursor;
      }
    };
    const newestFirst = [...created].reverse();
    expect(await walk()).toEqual(newestFirst.map((transcript) => transcript.id));
    expect(await walk('COMPLETED')).toEqual(newestFirst.filter((transcript) => transcript.status === 'completed').map((transcript) => transcript.id));
  });
});

describe('GraphQL KnowledgeBase.documentsConnection', () => {
  it('pages through the documents oldest first, by folder and state, beside the plain list', async () => {
    const { knowledgeBases, documents, platform } = app.app.services;
    await knowledgeBases.create('acme', createKnowledgeBaseInput.parse({ name: 'handbook' }));
    await knowledgeBases.createFolder('acme', 'handbook', 'guides');
    await knowledgeBases.createFolder('acme', 'handbook', 'notes');
    const repository = new KnowledgeBaseRepository(platform.records);
    const names: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      const name = `doc-${String(index).padStart(2, '0')}`;
      const folder = index % 2 === 0 ? 'guides' : 'notes';
      const document = await documents.createEmptyDocument('acme', 'handbook', emptyDocumentInput.parse({ name, folder, type: 'file' }));
      if (index % 4 === 0) await repository.updateDocument(document.kbId, document.id, (current) => ({ ...current, processingError: 'unreadable' }));
      names.push(name);
    }
    const walk = async (filter: { folder?: string; state?: 'FAILED' | 'READY' }) => {
      const found: string[] = [];
      let after: string | null | undefined = null;
      for (;;) {
        const answer: GraphqlResponse<DocumentsPageQuery> = await execute(app.url, key, DocumentsPage, {
          partner: 'acme',
          kb: 'handbook',
          first: 2,
          after,
          ...filter,
        });
        expect(answer.errors).toBeUndefined();
        const { documents: list, documentsConnection } = answer.data!.knowledgeBase!;
        expect(list.map((document) => document.name)).toEqual(names);
        found.push(...documentsConnection.edges.map((edge) => edge.node.name));
        if (!documentsConnection.pageInfo.hasNextPage) return found;
        after = documentsConnection.pageInfo.endCursor;
      }
    };
    expect(await walk({})).toEqual(names);
    expect(await walk({ folder: 'guides' })).toEqual(names.filter((_name, index) => index % 2 === 0));
    expect(await walk({ state: 'FAILED' })).toEqual(names.filter((_name, index) => index % 4 === 0));
    expect(await walk({ folder: 'notes', state: 'READY' })).toEqual(names.filter((_name, index) => index % 2 === 1));
  });
});
