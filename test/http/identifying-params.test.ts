import { afterAll, beforeAll, describe, expect, it } from 'vitest';
const IDENTIFYING_PARAMS = ['partner', 'kb', 'voice', 'document', 'folder', 'id', 'doc_id'];
import { multipart, restClient, type RestAnswer, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A parameter that names a tenant or a resource arrives as one value, in every place and
 * encoding: an outside audit queued globex's request on acme's document by sending `partner`
 * twice, the check reading one value and the handler the other.
 */

let app: TestApp;
let acme: RestClient;
let globex: RestClient;
let documentId: string;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  acme = restClient(app.url, await app.createKey('acme'));
  globex = restClient(app.url, await app.createKey('globex'));
  expect((await acme('POST', '/api/knowledgebases/acme', { json: { name: 'Library' } })).status).toBe(201);
  const created = await acme('POST', '/api/documents/acme/Library/empty', { json: { name: 'Notes', folder: 'Manual', type: 'file' } });
  documentId = created.body.id;
  await acme('PUT', `/api/documents/acme/Library/${documentId}/content/digitized`, { json: { content: 'Some text.' } });
  expect((await globex('POST', '/api/knowledgebases/globex', { json: { name: 'Library' } })).status).toBe(201);
});

afterAll(async () => app?.close());

function expectRefused(answer: RestAnswer, param: string) {
  expect(answer.status).toBe(422);
  if (answer.body.detail !== undefined) expect(answer.body).toEqual({ detail: `${param}: must be given once` });
  else expect(answer.body.errors).toEqual({ [param]: ['must be given once'] });
}

/** Queued, acme's rewrite would fail at once for want of an LLM and say so on the document. */
async function acmeDocumentUntouched() {
  await new Promise((resolve) => setTimeout(resolve, 200));
  const document = await acme('GET', `/api/document/acme/Library/${documentId}`);
  expect(document.body).toMatchObject({ in_queues: [], processing_error: null });
}

describe("the audit's request: globex names acme twice on /api/queue/process", () => {
  const fields = () => ({ kb: 'Library', document: documentId, action: 'rewrite' });

  it('is refused in a multipart body, and nothing is queued', async () => {
    const answer = await globex('POST', '/api/queue/process', { form: await multipart({ partner: ['globex', 'acme'], ...fields() }) });
    expectRefused(answer, 'partner');
    expect(JSON.stringify(answer.body)).not.toContain(documentId);
    await acmeDocumentUntouched();
  });

  it('is refused in an urlencoded body', async () => {
    const body = new URLSearchParams([['partner', 'globex'], ['partner', 'acme'], ...Object.entries(fields())]).toString();
    expectRefused(await globex('POST', '/api/queue/process', { urlencoded: body }), 'partner');
    await acmeDocumentUntouched();
  });

  it('is refused in the query string, and in the query and the body at once', async () => {
    expectRefused(await globex('POST', '/api/queue/process?partner=globex&partner=acme', { json: fields() }), 'partner');
    expectRefused(await globex('POST', '/api/queue/process?partner=globex', { json: { ...fields(), partner: 'acme' } }), 'partner');
    await acmeDocumentUntouched();
  });

  it('is refused when a JSON part and a form field both carry it', async () => {
    const form = await multipart({ partner: 'globex', ...fields() });
    form.append('partner', new Blob([JSON.stringify('acme')], { type: 'application/json' }), 'partner.json');
    expectRefused(await globex('POST', '/api/queue/process', { form }), 'partner');
    await acmeDocumentUntouched();
  });

  it('checks the partner as the handler reads it, and still refuses acme alone', async () => {
    expect((await globex('POST', '/api/queue/process', { json: { ...fields(), partner: 'acme' } })).status).toBe(403);
    // The handler trims a name; the check reads the same trimmed name.
    expect((await globex('POST', '/api/queue/process', { json: { ...fields(), partner: ' acme ' } })).status).toBe(403);
    await acmeDocumentUntouched();
  });
});

interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

/** A value for each path parameter that reaches one of acme's resources. */
function concretePath(path: string): string {
  const values: Record<string, string> = {
    partner: 'acme',
    kb: 'Library',
    doc_id: documentId,
    folder: 'Manual',
    voice: 'Alice',
    index: '0',
    type: 'digitized',
  };
  return path.replace(/\{([a-z_]+)\}/g, (_match, name: string) => values[name] ?? `some-${name}`);
}

describe('every route that takes an identifying parameter', () => {
  it('refuses it repeated in the query string, naming it', async () => {
    const document = (await acme('GET', '/openapi.json')).body as { paths: Record<string, Record<string, Operation>> };
    const tried: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const names = new Set((operation.parameters ?? []).map((parameter) => parameter.name));
        for (const content of Object.values(operation.requestBody?.content ?? {}))
          for (const name of Object.keys(content.schema?.properties ?? {})) names.add(name);
        for (const name of IDENTIFYING_PARAMS.filter((param) => names.has(param))) {
          const url = `${concretePath(path)}?${name}=acme&${name}=globex`;
          const answer = await acme(method.toUpperCase(), url);
          expect({ route: `${method} ${path}`, status: answer.status }).toEqual({ route: `${method} ${path}`, status: 422 });
          expectRefused(answer, name);
          tried.push(`${method} ${path} ${name}`);
        }
      }
    }
    // The document's routes are all here: the voice, knowledge base, /v2 and webhook routes.
    expect(tried.length).toBeGreaterThan(40);
    expect(tried).toContain('post /api/queue/process partner');
    expect(tried).toContain('get /v2/transcript/{id} id');
  });

  it('refuses a path parameter given again in the query with another value', async () => {
    expectRefused(await acme('GET', '/api/voices/acme?partner=globex'), 'partner');
    expectRefused(await acme('GET', `/api/document/acme/Library/${documentId}?kb=Other`), 'kb');
    // The same value again changes nothing.
    expect((await acme('GET', '/api/knowledgebases/acme?partner=acme')).status).toBe(200);
  });

  it('refuses one a body repeats, in each body encoding', async () => {
    const path = '/api/documents/acme/Library/empty';
    expectRefused(await acme('POST', path, { urlencoded: 'name=Other&type=file&folder=Manual&folder=Secret' }), 'folder');
    expectRefused(await acme('POST', path, { form: await multipart({ name: 'Other', type: 'file', folder: ['Manual', 'Secret'] }) }), 'folder');
    expectRefused(await acme('POST', `${path}?folder=Manual`, { json: { name: 'Other', type: 'file', folder: 'Secret' } }), 'folder');
    const listed = await acme('GET', '/api/documents/acme/Library');
    expect(JSON.stringify(listed.body)).not.toContain('Other');
  });

  it('still takes a field that names nothing given twice, the last one winning', async () => {
    const renamed = await acme('PUT', `/api/documents/acme/Library/${documentId}/name`, { urlencoded: 'name=Draft&name=Notes' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Notes');
  });
});
