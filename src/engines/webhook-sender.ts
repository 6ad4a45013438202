import { request } from 'undici';
import type { SendResult, UrlGuard, WebhookSender } from '../domain/webhooks/webhook.ports';
import { measureEngineCall } from '../observability/metrics';
import { errorCode, isPrivateAddress, pinnedAgent, PRIVATE_URLS_HINT, resolveHost, type ResolvedAddress } from './safe-download';

export interface WebhookSenderOptions {
  timeoutMs: number;
  /** Lets receivers on loopback and private networks be called; only for trusted deployments and tests. */
  allowPrivate: boolean;
}

class Refused extends Error {}

/** The addresses a receiver's URL may be called at, checked the way downloads are. */
async function allowedAddresses(url: URL, allowPrivate: boolean): Promise<ResolvedAddress[]> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Refused('only http and https URLs can receive webhooks');
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolveHost(url);
  } catch {
    throw new Refused(`the host ${url.hostname} was not found`);
  }
  const blocked = allowPrivate ? undefined : addresses.find((entry) => isPrivateAddress(entry.address));
  if (blocked) throw new Refused(`the host resolves to a private or loopback address (${blocked.address}); ${PRIVATE_URLS_HINT}`);
  return addresses;
}

/** The SSRF guard of downloads, for URLs partners give to be called back. */
export function webhookUrlGuard(allowPrivate: boolean): UrlGuard {
  return {
    async refusal(raw) {
      try {
        await allowedAddresses(new URL(raw), allowPrivate);
        return null;
      } catch (error) {
        if (error instanceof Refused) return `must be reachable: ${error.message}`;
        if (error instanceof TypeError) return 'must be an http or https URL';
        throw error;
      }
    },
  };
}

/**
 * POSTs deliveries: the receiver's address is checked and the connection pinned to it (so a
 * DNS answer that changes after the check cannot reach an internal host), redirects are not
 * followed, and the whole attempt, DNS included, is bounded by `timeoutMs`.
 */
export function webhookSender(options: WebhookSenderOptions): WebhookSender {
  return {
    async send({ url, headers, body }) {
      let result: SendResult = { statusCode: null, latencyMs: 0, error: 'Not sent' };
      // The metric counts an attempt that did not succeed as an error; the caller gets the result either way.
      await measureEngineCall('webhook', async () => {
        result = await send(url, headers, body, options);
        if (result.error) throw new Error(result.error);
      }).catch(() => undefined);
      return result;
    },
  };
}

async function send(url: string, headers: Record<string, string>, body: string, options: WebhookSenderOptions): Promise<SendResult> {
  const started = performance.now();
  const latencyMs = () => Math.round(performance.now() - started);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const timedOut = new Promise<never>((_resolve, reject) => controller.signal.addEventListener('abort', () => reject(new Error('timed out')), { once: true }));
  timedOut.catch(() => undefined);
  try {
    const addresses = await Promise.race([allowedAddresses(new URL(url), options.allowPrivate), timedOut]);
    const agent = pinnedAgent(addresses);
    try {
      const response = await request(url, { dispatcher: agent, method: 'POST', headers, body, signal: controller.signal });
      // The answer's body tells us nothing; reading it (bounded by the timeout) frees the connection cleanly.
      await response.body.dump({ limit: 64 * 1024 });
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      return { statusCode: response.statusCode, latencyMs: latencyMs(), error: ok ? null : `The receiver answered ${response.statusCode}` };
    } finally {
      await agent.destroy();
    }
  } catch (error) {
    return { statusCode: null, latencyMs: latencyMs(), error: describe(error, controller.signal.aborted, options.timeoutMs) };
  } finally {
    clearTimeout(timer);
  }
}

function describe(error: unknown, timedOut: boolean, timeoutMs: number): string {
  if (error instanceof Refused) return `Refused: ${error.message}`;
  if (timedOut) return `Timed out after ${timeoutMs / 1000} s`;
  switch (errorCode(error)) {
    case 'ECONNREFUSED':
      return 'Connection refused';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'Connection closed by the receiver';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'Host unreachable';
  }
  return `Request failed: ${error instanceof Error ? error.message : String(error)}`;
}
