import { afterAll, beforeAll, expect } from 'vitest';
import { makeTempDir, type TempDir } from '../support/documents';
import { execute } from '../support/graphql-client';
import { startKnowledgeBaseEnvironment, type KnowledgeBaseEnvironment } from '../support/kb-environment';
import type { OpenAiCompatibleServer } from '../support/openai-compatible-server';
import type { TestApp } from '../support/test-app';
import { CreateEmptyDocument, CreateKnowledgeBase } from './knowledge-base-operations';

/*
 * The service, its local engines and web pages, as the knowledge-base GraphQL test files share
 * them: useKnowledgeBaseEnvironment() starts one for a file's tests and closes it after. The
 * bindings are live module exports, set by that start, so a test reads them as its own.
 */
let environment: KnowledgeBaseEnvironment;
export let engines: OpenAiCompatibleServer;
export let pagesUrl: string;
export let app: TestApp;
export let key: string;
export let tmp: TempDir;

export function useKnowledgeBaseEnvironment(): void {
  beforeAll(async () => {
    environment = await startKnowledgeBaseEnvironment();
    ({ app, engines, pagesUrl, key } = environment);
    tmp = await makeTempDir('kb-graphql-');
  });

  afterAll(async () => {
    await environment?.close();
    await tmp?.remove();
  });
}

export async function createKb(name: string, expertName?: string) {
  const created = await execute(app.url, key, CreateKnowledgeBase, { partner: 'acme', name, expertName });
  expect(created.errors).toBeUndefined();
  return created.data!.createKnowledgeBase;
}

export async function emptyDocument(kb: string, name: string, folder: string) {
  const created = await execute(app.url, key, CreateEmptyDocument, { partner: 'acme', kb, name, folder, type: 'FILE' });
  expect(created.errors).toBeUndefined();
  return created.data!.createEmptyDocument;
}
