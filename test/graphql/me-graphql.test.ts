import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { execute } from '../support/graphql-client';
import { startTestApp, type TestApp } from '../support/test-app';

const MeQuery = graphql(`
  query Me {
    me {
      partners
      admin
    }
  }
`);

const ADMIN_KEY = 'admin-key-of-the-me-test';

describe('GraphQL me', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('names the partners the key reaches, sorted', async () => {
    const key = await app.createKey('zeta', 'acme');
    expect(await execute(app.url, key, MeQuery)).toEqual({ status: 200, data: { me: { partners: ['acme', 'zeta'], admin: false } } });
  });

  it('says when the key is the admin key, which reaches every partner', async () => {
    expect(await execute(app.url, ADMIN_KEY, MeQuery)).toEqual({ status: 200, data: { me: { partners: [], admin: true } } });
  });

  it('refuses a request without a key', async () => {
    const response = await execute(app.url, undefined, MeQuery);
    expect(response.errors).toEqual([expect.objectContaining({ message: 'Invalid API key' })]);
  });
});
