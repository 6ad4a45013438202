import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** What the receiver answered. */
  status: number;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>` plus the path given. */
  url(path?: string): string;
  received: ReceivedWebhook[];
  /** What arrived at one path; tests give each endpoint its own. */
  at(path: string): ReceivedWebhook[];
  /** The statuses of the next answers at `path`, in order; once they are used up it answers 200. */
  answerWith(path: string, ...statuses: number[]): void;
  /** Stops listening, so deliveries meet a refused connection; `start` comes back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** A partner's webhook receiver on a real socket: records every request and answers as told. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const scripts = new Map<string, number[]>();
  let port = 0;
  let server: Server | null = null;

  const listen = async () => {
    const next = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const status = scripts.get(request.url ?? '/')?.shift() ?? 200;
        received.push({ path: request.url ?? '/', headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), status });
        response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
      });
    });
    await new Promise<void>((resolve) => next.listen(port, '127.0.0.1', resolve));
    port = (next.address() as AddressInfo).port;
    server = next;
  };
  const shut = async () => {
    const current = server;
    server = null;
    if (!current) return;
    current.closeAllConnections();
    await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  await listen();
  return {
    url: (path = '/hooks') => `http://127.0.0.1:${port}${path}`,
    received,
    at: (path) => received.filter((delivery) => delivery.path === path),
    answerWith(path, ...statuses) {
      scripts.set(path, statuses);
    },
    stop: shut,
    start: listen,
    close: shut,
  };
}

export interface WebhookEnvelope {
  type: string;
  timestamp: string;
  data: Record<string, unknown> & { version: number };
}

/** A delivery checked with the Standard Webhooks reference library; throws when its signature is not the secret's. */
export function verifiedWebhook(secret: string, delivery: ReceivedWebhook): WebhookEnvelope {
  const headers = Object.fromEntries(Object.entries(delivery.headers).map(([name, value]) => [name, String(value)]));
  return new Webhook(secret).verify(delivery.body, headers) as WebhookEnvelope;
}
