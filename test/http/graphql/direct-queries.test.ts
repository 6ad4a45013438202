import { fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, restClient } from '../../support/rest-client';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * JSON POST queries take a direct path (document checked once, compiled from its second
 * run); an Accept header with parameters still goes through yoga. Each answer must be
 * the same both ways, on the first run and on the compiled ones.
 */
const DIRECT = 'application/json';
const THROUGH_YOGA = 'application/json;q=1';

const QUERIES: { name: string; query: string; variables?: Record<string, unknown>; operationName?: string; extensions?: unknown }[] = [
  {
    name: 'a voice with fragments, aliases and __typename',
    query: `fragment Sample on VoiceSample { index duration }
      query Voice($partner: String!, $name: String!) {
        voice(partner: $partner, name: $name) { __typename name again: name samples { ...Sample } status { splitting embedding } preferredSampleIndex }
      }`,
    variables: { partner: 'acme', name: 'Direct' },
  },
  { name: 'a missing voice (null)', query: 'query { voice(partner: "acme", name: "Nobody") { name } }' },
  { name: 'the list, chosen by operation name', query: 'query A { voices(partner: "acme") { name } } query B { me { partners } }', operationName: 'A' },
  { name: 'another partner (an error)', query: 'query { voice(partner: "other", name: "Direct") { name } }' },
  { name: 'extensions that are not an object (an error)', query: '{ me { partners } }', extensions: 'persisted' },
  {
    name: 'a variable of the wrong type (an error)',
    query: 'query V($name: String!) { voice(partner: "acme", name: $name) { name } }',
    variables: { name: 7 },
  },
];

describe('GraphQL JSON POST queries', () => {
  let app: TestApp;
  let key: string;

  beforeAll(async () => {
    app = await startTestApp();
    key = await app.createKey('acme');
    const created = await restClient(app.url, key)('POST', '/api/voices/acme/empty', { form: await multipart({ name: 'Direct' }) });
    expect(created.status).toBe(201);
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = async (accept: string, body: object) => {
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept, 'x-api-key': key },
      body: JSON.stringify(body),
    });
    return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
  };

  for (const { name, ...body } of QUERIES) {
    it(`answers ${name} as yoga does, on its first and compiled runs`, async () => {
      const expected = await post(THROUGH_YOGA, body);
      for (let run = 1; run <= 3; run++) expect(await post(DIRECT, body)).toEqual(expected);
    });
  }

  it('answers with data and no errors where it should', async () => {
    const answer = JSON.parse((await post(DIRECT, { query: QUERIES[0]!.query, variables: QUERIES[0]!.variables })).body);
    expect(answer).toEqual({
      data: {
        voice: {
          __typename: 'Voice',
          name: 'Direct',
          again: 'Direct',
          samples: [],
          status: { splitting: 'IDLE', embedding: 'IDLE' },
          preferredSampleIndex: null,
        },
      },
    });
  });
});
