import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECENT_TRANSCRIPTS_KEPT } from '../../src/domain/transcription/transcript.repository';
import { TRANSCRIPT_KIND } from '../../src/domain/transcription/transcript.types';
import { transcribeQueue } from '../../src/domain/transcription/transcript.queues';
import { graphql } from '../gql';
import { execute } from '../support/graphql-client';
import { restClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';

const RecentTranscripts = graphql(`
  query RecentTranscripts($first: Int) {
    recentTranscripts(first: $first) {
      id
      status
    }
  }
`);

const SubmitRecentTranscript = graphql(`
  mutation SubmitRecentTranscript($input: SubmitTranscriptInput!) {
    submitTranscript(input: $input) {
      id
    }
  }
`);

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ ALLOW_PRIVATE_URLS: 'true' });
  // Nothing needs transcribing here: listed transcripts simply stay queued.
  await app.app.services.platform.queues.get(transcribeQueue).pause();
});

afterAll(async () => {
  await app?.close();
});

async function submitByRest(key: string, name: string): Promise<string> {
  const answer = await restClient(app.url, key)('POST', '/v2/transcript', { json: { audio_url: `http://127.0.0.1:9/${name}.wav` } });
  expect(answer.status).toBe(200);
  return (answer.body as { id: string }).id;
}

async function recent(key: string, first?: number) {
  const answer = await execute(app.url, key, RecentTranscripts, first === undefined ? {} : { first });
  expect(answer.errors).toBeUndefined();
  return answer.data!.recentTranscripts.map((transcript) => transcript.id);
}

describe('recentTranscripts', () => {
  it("lists the key's transcripts from REST and GraphQL, newest first, and never another key's", async () => {
    const key = await app.createKey('acme');
    const samePartner = await app.createKey('acme');
    const first = await submitByRest(key, 'one');
    const foreign = await submitByRest(samePartner, 'foreign');
    const second = (await execute(app.url, key, SubmitRecentTranscript, { input: { audioUrl: 'http://127.0.0.1:9/two.wav' } })).data!.submitTranscript.id;
    const third = await submitByRest(key, 'three');

    expect(await recent(key)).toEqual([third, second, first]);
    expect(await recent(key, 2)).toEqual([third, second]);
    expect(await recent(samePartner)).toEqual([foreign]);
    expect(await recent(await app.createKey('acme'))).toEqual([]);
    const listed = await execute(app.url, key, RecentTranscripts, { first: 1 });
    expect(listed.data!.recentTranscripts).toEqual([{ id: third, status: 'QUEUED' }]);
  });

  it('skips a transcript whose record expired and drops it from the list', async () => {
    const key = await app.createKey('acme');
    const kept = await submitByRest(key, 'kept');
    const expiring = await submitByRest(key, 'expiring');
    const { records, redis } = app.app.services.platform;
    // A zero expiry removes the record the way retention does.
    await records.expire(TRANSCRIPT_KIND, expiring.split('/').at(-1)!, 0);

    expect(await recent(key)).toEqual([kept]);
    const keyId = (await app.app.services.platform.apiKeys.verify(key))!.keyId;
    expect(await redis.commands.zrange(records.keys.key('recent-transcripts', keyId), 0, -1)).toEqual([kept.split('/').at(-1)]);
  });

  it(`keeps only the ${RECENT_TRANSCRIPTS_KEPT} newest`, async () => {
    const key = await app.createKey('acme');
    const submitted: string[] = [];
    for (let index = 0; index <= RECENT_TRANSCRIPTS_KEPT; index++) submitted.push(await submitByRest(key, `take-${index}`));

    const listed = await recent(key, RECENT_TRANSCRIPTS_KEPT);
    expect(listed).toEqual(submitted.slice(1).reverse());
    // The oldest is no longer listed but still answers by id.
    const oldest = await restClient(app.url, key)('GET', submitted[0]!);
    expect(oldest.status).toBe(200);
  });

  it('refuses a count outside 1 to the bound', async () => {
    const key = await app.createKey('acme');
    for (const first of [0, RECENT_TRANSCRIPTS_KEPT + 1]) {
      const answer = await execute(app.url, key, RecentTranscripts, { first });
      expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(answer.errors?.[0]?.extensions?.errors).toEqual({ first: [`must be between 1 and ${RECENT_TRANSCRIPTS_KEPT}`] });
    }
  });
});
