import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyService } from '../auth/api-keys';
import { DomainError, RateLimited } from '../domain/errors';
import type { AnyQueueDefinition, QueueRegistry } from '../queues/queue-registry';

export const QUEUE_BOARD_PATH = '/admin/queues';

/**
 * The page loads nothing but what the service serves: Bull Board's own assets, its API, and
 * images inlined as data URLs. The policy also keeps the page out of frames.
 */
const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'";

// Bull Board's page links a web font from Google; without it the page falls back to the
// system sans-serif, and no request leaves the service.
const EXTERNAL_STYLESHEET = /<link\b[^>]*\bhref="https?:\/\/[^"]*"[^>]*>/gi;

/**
 * Bull Board at /admin/queues, for the admin key only: every queue with its failed jobs and
 * their reasons, and retries. Scripts send the key in X-Api-Key; a browser, which cannot set
 * that header on a page load, uses HTTP Basic auth with any user name and the key as password.
 */
export async function registerQueueBoard(
  app: FastifyInstance,
  apiKeys: ApiKeyService,
  queues: QueueRegistry,
  definitions: readonly AnyQueueDefinition[],
): Promise<void> {
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(QUEUE_BOARD_PATH);
  const bullQueues = definitions.map((definition) => queues.get(definition));
  // Each queue connects and checks the server as it opens; that settles before the service
  // says it is up, rather than under its first requests.
  await Promise.all(bullQueues.map((queue) => queue.waitUntilReady()));
  createBullBoard({
    queues: bullQueues.map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'persona-platform queues' } },
  });
  await app.register(
    async (board) => {
      board.addHook('onRequest', async (request, reply) => admitAdmin(apiKeys, request, reply));
      board.addHook('onSend', async (_request, reply, payload) => {
        reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
        const html = typeof payload === 'string' && String(reply.getHeader('content-type') ?? '').startsWith('text/html');
        return html ? payload.replace(EXTERNAL_STYLESHEET, '') : payload;
      });
      await board.register(serverAdapter.registerPlugin());
    },
    { prefix: QUEUE_BOARD_PATH },
  );
}

async function admitAdmin(apiKeys: ApiKeyService, request: FastifyRequest, reply: FastifyReply) {
  try {
    const caller = await apiKeys.admit(presentedKey(request), request.ip);
    if (caller.admin) return;
    return reply.status(403).send({ detail: 'Access denied' });
  } catch (error) {
    if (error instanceof RateLimited) reply.header('Retry-After', String(error.retryAfterSeconds));
    const status = error instanceof DomainError ? error.status : 503;
    // The browser asks for the key only when told which scheme to use.
    if (status === 401) reply.header('WWW-Authenticate', 'Basic realm="persona-platform queues", charset="UTF-8"');
    return reply.status(status).send({ detail: error instanceof DomainError ? error.message : 'Service temporarily unavailable' });
  }
}

function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string') return header;
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!basic) return undefined;
  const credentials = Buffer.from(basic[1]!, 'base64').toString('utf8');
  const colon = credentials.indexOf(':');
  return colon < 0 ? undefined : credentials.slice(colon + 1);
}
