import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildArticleHtml } from './documents';
import { startOpenAiCompatibleServer, type ChatMessageBody, type OpenAiCompatibleServer } from './openai-compatible-server';
import { startTestApp, type TestApp } from './test-app';

/** Replies that say which rewrite step produced them, so tests can follow draft and final. */
export function rewriteStepReply(messages: ChatMessageBody[]): string {
  const system = messages.find((message) => message.role === 'system')?.content ?? '';
  const step = system.startsWith('You are the final editor') ? 'FINAL' : 'DRAFT';
  const user = messages.find((message) => message.role === 'user')?.content ?? '';
  return `# ${step}\n\n${step} of: ${user.slice(0, 200)}`;
}

export interface KnowledgeBaseEnvironment {
  app: TestApp;
  /** The local server speaking the OpenAI LLM, speech-to-text and embeddings protocols. */
  engines: OpenAiCompatibleServer;
  /** A local web site: `/article` is an HTML article page, then the `pages` it was started with, anything else a 404. */
  pagesUrl: string;
  /** A key for partner `acme`. */
  key: string;
  close(): Promise<void>;
}

export interface KnowledgeBaseEnvironmentOptions {
  transcript?: string;
  /** More HTML pages of the local web site, by path. */
  pages?: Record<string, string>;
  /** Settings of the service beyond the environment's own. */
  env?: Record<string, string>;
}

/** The service wired to local engine and web servers, as the knowledge base tests need it. */
export async function startKnowledgeBaseEnvironment(options: KnowledgeBaseEnvironmentOptions = {}): Promise<KnowledgeBaseEnvironment> {
  const engines = await startOpenAiCompatibleServer({ reply: rewriteStepReply, ...(options.transcript ? { transcript: options.transcript } : {}) });
  const site: Record<string, string> = { '/article': buildArticleHtml(), ...options.pages };
  const pages = createServer((request, response) => {
    const page = site[request.url ?? ''];
    if (page !== undefined) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page);
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not here');
    }
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  const app = await startTestApp({
    RATE_LIMIT_PER_MINUTE: '100000',
    ALLOW_PRIVATE_URLS: 'true',
    LLM_BASE_URL: engines.baseUrl,
    LLM_MODEL: 'big-model',
    LLM_MODEL_ECONOMY: 'cheap-model',
    ASR_BASE_URL: engines.baseUrl,
    EMBEDDINGS_BASE_URL: engines.baseUrl,
    EMBEDDINGS_MODEL: 'embed-model',
    ...options.env,
  });
  return {
    app,
    engines,
    pagesUrl: `http://127.0.0.1:${(pages.address() as AddressInfo).port}`,
    key: await app.createKey('acme'),
    async close() {
      await app.close();
      await engines.close();
      pages.closeAllConnections();
      await new Promise<void>((resolve) => pages.close(() => resolve()));
    },
  };
}
