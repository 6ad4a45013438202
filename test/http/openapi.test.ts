import { validate, compileErrors } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenApiConformance } from '../support/openapi-conformance';
import { restClient, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';

/** Routes that are no REST operation: GraphQL, the queue board, the reference itself, CORS preflights. */
const NOT_REST = [
  /^\/$/,
  /^\/favicon\.(ico|svg)$/,
  /^\/graphql(\/|$)/,
  /^\/admin\/queues(\/|$)/,
  /^\/docs(\/|$)/,
  /^\/console(\/|$)/,
  /^\/(openapi|swagger)\.json$/,
];

let app: TestApp;
let call: RestClient;
let document: any;

beforeAll(async () => {
  app = await startTestApp();
  call = restClient(app.url);
  document = (await call('GET', '/openapi.json')).body;
});

afterAll(async () => {
  await app?.close();
});

describe('/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document));
    expect(result.valid ? '' : compileErrors(result)).toBe('');
  });

  it('describes every route in fastify’s route table', () => {
    const routes = app.app.http!.routes;
    const gets = new Set(routes.filter((route) => route.method === 'GET').map((route) => route.url));
    const missing = routes
      .filter((route) => route.method !== 'OPTIONS' && !(route.method === 'HEAD' && gets.has(route.url)))
      .filter((route) => !NOT_REST.some((pattern) => pattern.test(route.url)))
      .filter((route) => !document.paths[route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
    const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item as object).map((method) => `${method} ${path}`));
    // The 47 routes of the three API documents, the voice embedding archive, the 5 webhook routes,
    // retrieval, a transcript's captions, sentences, paragraphs and recording, a completion's and
    // a transcript's output event streams, and /healthz, /readyz, /metrics.
    expect(operations.filter((operation) => / \/api\//.test(operation))).toHaveLength(50);
    expect(operations.filter((operation) => / \/v2\//.test(operation))).toHaveLength(11);
    expect(operations.filter((operation) => !/ \/(api|v2)\//.test(operation)).sort()).toEqual(['get /healthz', 'get /metrics', 'get /readyz']);
  });

  it('gives every operation its error answers in its API’s format, and the key schemes', () => {
    for (const [path, item] of Object.entries<any>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        const errorRef = (status: string) => operation.responses[status]?.content?.['application/json']?.schema?.$ref;
        if (path.startsWith('/api/')) {
          expect(errorRef('500'), `${method} ${path}`).toBe('#/components/schemas/ApiError');
          if (operation.security.length > 0) expect(errorRef('401'), `${method} ${path}`).toBe('#/components/schemas/ApiError');
        }
        if (path.startsWith('/v2/')) {
          expect(errorRef('401'), `${method} ${path}`).toBe('#/components/schemas/V2Error');
          expect(errorRef('422'), `${method} ${path}`).toBe('#/components/schemas/V2ValidationError');
        }
      }
    }
    expect(document.components.securitySchemes.ApiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Api-Key' });
    expect(document.paths['/api/voices/{partner}'].get.security).toEqual([{ ApiKey: [] }, { ApiKeyQuery: [] }]);
    expect(document.paths['/api/content_types'].get.security).toEqual([]);
  });

  it('shows every encoding a route reads, with its file parts', () => {
    const create = document.paths['/api/voices/{partner}'].post.requestBody.content;
    expect(Object.keys(create).sort()).toEqual(['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data']);
    expect(create['multipart/form-data'].schema.properties.file).toMatchObject({ type: 'string' });
    expect(create['application/json'].schema.properties.file).toBeUndefined();
    const split = create && document.paths['/api/voices/{partner}/{voice}/split'].post.requestBody.content['application/x-www-form-urlencoded'].schema;
    expect(split.properties.max_samples).toMatchObject({ anyOf: [{ type: 'integer', minimum: 1, maximum: 100 }, { type: 'string' }], default: 25 });
    const transcript = document.paths['/v2/transcript'].post.requestBody.content;
    expect(transcript['multipart/form-data'].schema.properties.audio).toBeDefined();
    for (const encoding of Object.values<any>(transcript)) {
      expect(Object.keys(encoding.schema.properties)).toEqual(expect.arrayContaining(['webhook_url', 'webhook_auth_header_name', 'webhook_auth_header_value']));
    }
    expect(Object.keys(document.paths['/v2/completions'].post.requestBody.content)).toEqual(['application/json']);
  });

  it('states what the service enforces: URL formats, conditional requirements, enums, boolean words, bounds, patterns, nulls', () => {
    const body = (path: string, method = 'post') => document.paths[path][method].requestBody.content['application/json'].schema;
    const created = body('/api/documents/{partner}/{kb}');
    expect(created.properties.url).toMatchObject({ format: 'uri', pattern: expect.stringContaining('[Hh][Tt][Tt][Pp]') });
    expect(created).toMatchObject({ if: { properties: { type: { const: 'url' } } }, then: { required: ['url'] } });
    expect(body('/api/documents/{partner}/{kb}/empty')).toMatchObject({ then: { required: ['url'] } });
    expect(body('/api/bulk/rewrite/kb/{partner}/{kb}').properties.content_type.enum).toEqual(['auto', 'article', 'video', 'book', 'youtube']);
    const webhook = body('/api/webhooks/{partner}');
    expect(webhook.properties.url.format).toBe('uri');
    expect(webhook.properties.events.anyOf[0].items.enum).toEqual(expect.arrayContaining(['voice.updated', 'transcript.error', '*']));
    const words = new RegExp(created.properties.auto_rewrite.anyOf.find((shape: any) => shape.type === 'string').pattern);
    expect(['TRUE', 'no', '1', 'Yes'].every((word) => words.test(word))).toBe(true);
    expect(words.test('on')).toBe(false);
    const maxSamples = body('/api/voices/{partner}/{voice}/split').properties.max_samples.anyOf;
    expect(maxSamples[0]).toEqual({ type: 'integer', minimum: 1, maximum: 100 });
    expect(new RegExp(maxSamples[1].pattern).test('100')).toBe(true);
    expect(new RegExp(maxSamples[1].pattern).test('101')).toBe(false);
    const ttsType = document.paths['/api/voices/{partner}/{voice}/test-files/{tts_type}'].delete.parameters.find((param: any) => param.name === 'tts_type');
    expect(ttsType.schema.pattern).toBe('^[A-Za-z0-9_.-]+$');
    const transcript = body('/v2/transcript');
    expect(transcript.properties.webhook_url.anyOf).toEqual(expect.arrayContaining([{ type: 'null' }]));
    expect(transcript.properties.format_text.anyOf).toEqual(expect.arrayContaining([{ type: 'boolean' }, { type: 'null' }]));
  });

  it('is served as /swagger.json too', async () => {
    expect((await call('GET', '/swagger.json')).body).toEqual(document);
  });
});

describe('the conformance check the REST client applies', () => {
  const voice = {
    name: 'Ada',
    original_filename: null,
    original_uploaded_name: null,
    original_duration: null,
    status: { splitting: 'idle', embedding: 'idle', splitting_error: null, embedding_error: null },
    samples: [],
    embedding_info: null,
    embedding_type: 'vendor_tts_v2',
    embedding_zip_url: null,
    preferred_sample_index: null,
    creator_name: null,
    creator_email: null,
  };
  const answer = (status: number, body: unknown, path = '/api/voices/acme/Ada') => ({
    method: 'GET',
    path,
    status,
    contentType: 'application/json; charset=utf-8',
    body,
    bytes: JSON.stringify(body).length,
  });

  it('passes an answer that keeps to the document and fails one that drifts', () => {
    const conformance = new OpenApiConformance(document);
    expect(conformance.violation(answer(200, voice))).toBeNull();
    expect(conformance.violation(answer(200, { ...voice, status: undefined }))).toMatch(/must have required property 'status'/);
    expect(conformance.violation(answer(200, { ...voice, surprise: 1 }))).toMatch(/must NOT have additional properties/);
    expect(conformance.violation(answer(200, { ...voice, status: { ...voice.status, splitting: 'done' } }))).toMatch(/allowed values/);
    expect(conformance.violation(answer(418, { detail: 'Teapot' }))).toMatch(/status not documented/);
    expect(conformance.violation(answer(404, { error: 'Voice not found' }))).toMatch(/does not allow/);
    expect(conformance.violation(answer(404, { detail: 'Not found' }, '/api/nowhere'))).toBeNull();
    expect(conformance.violation(answer(404, { detail: 'Not found' }, '/v2/nowhere'))).toMatch(/does not allow/);
    expect(conformance.violation({ ...answer(200, null), contentType: 'text/html', bytes: 10 })).toMatch(/with text\/html/);
  });
});

describe('/docs', () => {
  it('serves Swagger UI from the service’s own assets, under a policy that lets nothing leave', async () => {
    const page = await call('GET', '/docs');
    expect(page.status).toBe(200);
    const html = page.bytes.toString('utf8');
    const references = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(references.length).toBeGreaterThan(2);
    for (const reference of references) {
      expect(reference).toMatch(/^\/docs\/assets\//);
      const asset = await call('GET', reference);
      expect(asset.status, reference).toBe(200);
      expect(asset.bytes.length, reference).toBeGreaterThan(0);
    }
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("connect-src 'self'");
    const start = (await call('GET', '/docs/assets/start.js')).bytes.toString('utf8');
    expect(start).toContain('"/openapi.json"');
    expect(start).toContain('validatorUrl: null');
    expect((await call('GET', '/docs/assets/package.json')).status).toBe(404);
  });
});
