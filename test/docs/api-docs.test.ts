import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS_DIR, renderApiPages } from '../../scripts/api-docs';
import { restClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let document: any;

beforeAll(async () => {
  app = await startTestApp();
  document = (await restClient(app.url)('GET', '/openapi.json')).body;
});

afterAll(async () => {
  await app?.close();
});

describe('docs/api', () => {
  it('is what npm run docs:api makes from the service’s /openapi.json', () => {
    const expected = renderApiPages(document);
    expect(readdirSync(API_DOCS_DIR).sort(), 'run npm run docs:api').toEqual(Object.keys(expected).sort());
    for (const [file, text] of Object.entries(expected)) {
      expect(readFileSync(path.join(API_DOCS_DIR, file), 'utf8'), `docs/api/${file} is stale: run npm run docs:api`).toBe(text);
    }
  });

  it('names every route of the document, with each of its statuses, on a page', () => {
    const pages = Object.values(renderApiPages(document)).join('\n');
    for (const [route, item] of Object.entries<any>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        const heading = `\n\`${method.toUpperCase()} ${route}\`\n`;
        expect(pages, `${method} ${route}`).toContain(heading);
        const section = pages.slice(pages.indexOf(heading)).split('\n### ')[0]!;
        for (const status of Object.keys(operation.responses)) expect(section, `${method} ${route} ${status}`).toMatch(new RegExp(`^\\| ${status} \\|`, 'm'));
        expect(section, `${method} ${route}`).toContain('curl');
      }
    }
  });
});
