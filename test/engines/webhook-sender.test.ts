import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookSender, webhookUrlGuard } from '../../src/engines/webhook-sender';
import { streamHugeAnswer } from '../support/huge-answer';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

let receiver: WebhookReceiver;
let silent: Server;
let silentUrl: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  // Takes the request and never answers.
  silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hook`;
});

afterAll(async () => {
  await receiver?.close();
  silent?.closeAllConnections();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

const request = (url: string) => ({ url, headers: { 'content-type': 'application/json', 'webhook-id': 'msg_1' }, body: '{"type":"voice.updated"}' });

describe('the webhook sender', () => {
  it('POSTs the body with the headers and reports the status code', async () => {
    receiver.answerWith('/sent', 202);
    const result = await webhookSender({ timeoutMs: 5_000, allowPrivate: true }).send(request(receiver.url('/sent')));
    expect(result).toMatchObject({ statusCode: 202, error: null });
    expect(receiver.at('/sent')).toEqual([
      expect.objectContaining({ body: '{"type":"voice.updated"}', headers: expect.objectContaining({ 'webhook-id': 'msg_1' }) }),
    ]);
  });

  it('refuses a private address at delivery time when private URLs are not allowed, without connecting', async () => {
    const result = await webhookSender({ timeoutMs: 5_000, allowPrivate: false }).send(request(receiver.url('/refused')));
    expect(result).toMatchObject({
      statusCode: null,
      error: 'Refused: the host resolves to a private or loopback address (127.0.0.1); the service calls these only with ALLOW_PRIVATE_URLS=true',
    });
    expect(receiver.at('/refused')).toEqual([]);
  });

  it('gives up on a receiver that does not answer within the timeout', async () => {
    const result = await webhookSender({ timeoutMs: 300, allowPrivate: true }).send(request(silentUrl));
    expect(result).toMatchObject({ statusCode: null, error: 'Timed out after 0.3 s' });
  });

  it('reads no more than 64 kB of what a receiver answers, however much it sends', async () => {
    let sent = 0;
    const talkative = createServer((incoming, response) => {
      incoming.resume();
      void streamHugeAnswer(response, 200 * 1024 * 1024, '', (bytes) => (sent = bytes));
    });
    await new Promise<void>((resolve) => talkative.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(talkative.address() as AddressInfo).port}/hook`;
      const result = await webhookSender({ timeoutMs: 10_000, allowPrivate: true }).send(request(url));
      expect(result).toMatchObject({ statusCode: 200, error: null });
      // What socket buffers took before the connection was dropped; never the 200 MB.
      expect(sent).toBeLessThan(20 * 1024 * 1024);
    } finally {
      talkative.closeAllConnections();
      await new Promise<void>((resolve) => talkative.close(() => resolve()));
    }
  });

  it('reports a non-2xx answer as the error of the attempt', async () => {
    receiver.answerWith('/teapot', 418);
    const result = await webhookSender({ timeoutMs: 5_000, allowPrivate: true }).send(request(receiver.url('/teapot')));
    expect(result).toMatchObject({ statusCode: 418, error: 'The receiver answered 418' });
  });
});

describe('the webhook URL guard', () => {
  it('names why a URL may not be called, and lets a public one pass', async () => {
    expect(await webhookUrlGuard(false).refusal('http://127.0.0.1:9/hook')).toBe(
      'must be reachable: the host resolves to a private or loopback address (127.0.0.1); the service calls these only with ALLOW_PRIVATE_URLS=true',
    );
    expect(await webhookUrlGuard(false).refusal('http://[::1]:9/hook')).toBe(
      'must be reachable: the host resolves to a private or loopback address (::1); the service calls these only with ALLOW_PRIVATE_URLS=true',
    );
    expect(await webhookUrlGuard(false).refusal('http://93.184.215.14/hook')).toBeNull();
    expect(await webhookUrlGuard(true).refusal('http://127.0.0.1:9/hook')).toBeNull();
    expect(await webhookUrlGuard(false).refusal('http://no-such-host.invalid/hook')).toBe('must be reachable: the host no-such-host.invalid was not found');
  });
});
