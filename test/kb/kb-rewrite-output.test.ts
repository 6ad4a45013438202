import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { execute, subscribe, wsClient } from '../support/graphql-client';
import { startKnowledgeBaseEnvironment, type KnowledgeBaseEnvironment } from '../support/kb-environment';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { expectNumbered, outputRuns, type SeenOutputEvent } from '../support/output-events';
import { waitFor } from '../support/wait-for';

/**
 * A rewrite streams on documentRewriteOutput (issue 33): the draft, then, from a reset, the
 * final text, then done with the output exactly the stored rewrite. The engine here answers
 * "# DRAFT" and "# FINAL" replies (test/support/kb-environment.ts).
 */

const DocumentRewriteOutput = graphql(`
  subscription DocumentRewriteOutput($partner: String!, $kb: String!, $id: ID!, $after: Int) {
    documentRewriteOutput(partner: $partner, kb: $kb, id: $id, after: $after) {
      seq
      text
      reset
      done
    }
  }
`);

const DocumentQuery = graphql(`
  query DocumentForOutput($partner: String!, $kb: String!, $id: ID!) {
    document(partner: $partner, kb: $kb, id: $id) {
      id
    }
  }
`);

let environment: KnowledgeBaseEnvironment;
let call: RestClient;
let client: Client;

beforeAll(async () => {
  environment = await startKnowledgeBaseEnvironment();
  call = restClient(environment.app.url, environment.key);
  client = wsClient(environment.app.url, environment.key);
  await call('POST', '/api/knowledgebases/acme', { form: await multipart({ name: 'Streams', expert_name: 'Ada Lovelace' }) });
});

afterAll(async () => {
  await client?.dispose();
  await environment?.close();
});

async function rewriteOutput(id: string, after?: number): Promise<SeenOutputEvent[]> {
  const stream = subscribe(client, DocumentRewriteOutput, { partner: 'acme', kb: 'Streams', id, after });
  return (await stream.untilComplete()).map((event) => event.documentRewriteOutput);
}

async function content(id: string, kind: 'draft' | 'rewritten'): Promise<string> {
  return (await call('GET', `/api/documents/acme/Streams/${id}/content/${kind}`)).body.content as string;
}

async function settled(id: string) {
  return waitFor(
    async () => (await call('GET', `/api/document/acme/Streams/${id}`)).body as { in_queues: string[]; processing_error: string | null },
    (document) => document.in_queues.length === 0,
  );
}

describe('documentRewriteOutput', () => {
  let id: string;
  let firstRun: SeenOutputEvent[];

  it('streams the draft, then from a reset the final text, then done: the output is the stored rewrite', async () => {
    // 100 tokens a second: each step's text comes in several events (40 ms coalescing windows).
    environment.engines.setBehaviour({ tokensPerSecond: 100 });
    const created = await call('POST', '/api/documents/acme/Streams', {
      form: await multipart(
        { type: 'file', folder: 'Notes', auto_rewrite: 'true' },
        { file: { filename: 'tides.txt', data: 'The tides follow the moon. Twice a day the sea rises and falls.', type: 'text/plain' } },
      ),
    });
    expect(created.status).toBe(201);
    id = created.body.id as string;
    firstRun = await rewriteOutput(id, 0).finally(() => environment.engines.setBehaviour({ tokensPerSecond: 0 }));
    expect((await settled(id)).processing_error).toBeNull();
    expectNumbered(firstRun, 1);
    const [draft, final, ...more] = outputRuns(firstRun);
    expect(more).toEqual([]);
    expect(draft).toBe(await content(id, 'draft'));
    expect(draft).toMatch(/^# DRAFT\n\nDRAFT of: /);
    expect(final).toBe(await content(id, 'rewritten'));
    expect(final).toMatch(/^# FINAL\n\nFINAL of: /);
    expect(firstRun.at(-1)).toMatchObject({ done: true, text: '' });
    // Each step was asked for as a stream, and reached readers in pieces.
    const steps = environment.engines.requests.filter(
      (request) => request.endpoint === 'chat' && request.messages?.some((message) => message.content.includes('Twice a day')),
    );
    expect(steps.map((request) => request.stream)).toEqual([true, true]);
    const finalAt = firstRun.findLastIndex((event) => event.reset);
    expect(finalAt).toBeGreaterThan(2);
    expect(firstRun.length - 1 - finalAt).toBeGreaterThan(2);
    // Finished: the snapshot, done, without `after`.
    expect(await rewriteOutput(id)).toEqual([{ seq: firstRun.at(-1)!.seq, text: final, reset: true, done: true }]);
  });

  it('goes on from the last seq when the document is rewritten again: a reader resumes after the last run', async () => {
    const last = firstRun.at(-1)!.seq;
    const queued = await call('POST', '/api/queue/process', {
      json: { document: { id }, action: 'rewrite', partner: 'acme', kb: 'Streams', person_name: 'Mary Somerville' },
    });
    expect(queued.status).toBe(202);
    const events = await rewriteOutput(id, last);
    await settled(id);
    expectNumbered(events, last + 1);
    // The trigger starts the new run with an empty reset; the job's draft and final follow.
    expect(events[0]).toEqual({ seq: last + 1, text: '', reset: true, done: false });
    expect(outputRuns(events).filter(Boolean)).toEqual([await content(id, 'draft'), await content(id, 'rewritten')]);
  });

  it('ends with what was written when the final step fails for good', async () => {
    environment.engines.setBehaviour({ failures: { chat: { status: 400, message: 'The prompt is too long', skip: 1 } } });
    try {
      const before = (await rewriteOutput(id)).at(-1)!.seq;
      await call('POST', '/api/queue/process', { json: { document: { id }, action: 'rewrite', partner: 'acme', kb: 'Streams' } });
      const events = await rewriteOutput(id, before);
      expect((await settled(id)).processing_error).toMatch(/The prompt is too long/);
      expectNumbered(events, before + 1);
      expect(outputRuns(events).at(-1)).toMatch(/^# DRAFT\n\nDRAFT of: /);
    } finally {
      environment.engines.setBehaviour({ failures: {} });
    }
  });

  it('refuses as document(partner, kb, id) does: FORBIDDEN for another partner, NOT_FOUND for no such document', async () => {
    const other = wsClient(environment.app.url, await environment.app.createKey('globex'));
    try {
      const query = await execute(environment.app.url, await environment.app.createKey('globex'), DocumentQuery, { partner: 'acme', kb: 'Streams', id });
      expect(query.errors?.[0]).toMatchObject({ message: 'Access denied', extensions: { code: 'FORBIDDEN' } });
      const denied = subscribe(other, DocumentRewriteOutput, { partner: 'acme', kb: 'Streams', id });
      await expect(denied.untilComplete(10_000)).rejects.toThrow(/Access denied.*FORBIDDEN/);
      for (const [kb, asked] of [
        ['Streams', '00000000-0000-4000-8000-000000000000'],
        ['Streams', 'not-an-id'],
        ['Nowhere', id],
      ] as const) {
        const missing = subscribe(client, DocumentRewriteOutput, { partner: 'acme', kb, id: asked });
        await expect(missing.untilComplete(10_000)).rejects.toThrow(/not found.*NOT_FOUND/);
      }
    } finally {
      await other.dispose();
    }
  });
});
