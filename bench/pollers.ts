import { Client } from 'undici';
import { inBatches, sleep } from './support';

export interface PollResult {
  requests: number;
  failures: number;
  firstFailure?: string;
}

/**
 * Clients that poll one URL, each over its own keep-alive connection as a browser tab
 * would, their polls spread evenly over every interval.
 */
export class PollerPool {
  private readonly clients: Client[];

  constructor(
    origin: string,
    private readonly path: string,
    private readonly apiKey: string,
    count: number,
  ) {
    this.clients = Array.from({ length: count }, () => new Client(origin, { pipelining: 1, keepAliveTimeout: 60_000 }));
  }

  /** One request per client, so the measured window does not include opening connections. */
  async connect(): Promise<PollResult> {
    const result: PollResult = { requests: 0, failures: 0 };
    await inBatches(this.clients, 100, (client) => this.poll(client, result));
    return result;
  }

  async run(polls: number, intervalMs: number): Promise<PollResult> {
    const result: PollResult = { requests: 0, failures: 0 };
    const start = performance.now() + 50;
    const spread = intervalMs / this.clients.length;
    await Promise.all(
      this.clients.map(async (client, index) => {
        for (let poll = 0; poll < polls; poll++) {
          const due = start + index * spread + poll * intervalMs;
          const wait = due - performance.now();
          if (wait > 0) await sleep(wait);
          await this.poll(client, result);
        }
      }),
    );
    return result;
  }

  private async poll(client: Client, result: PollResult): Promise<void> {
    result.requests++;
    try {
      const response = await client.request({ method: 'GET', path: this.path, headers: { 'x-api-key': this.apiKey } });
      await response.body.text();
      if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}`);
    } catch (error) {
      result.failures++;
      result.firstFailure ??= error instanceof Error ? error.message : String(error);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map((client) => client.close().catch(() => client.destroy())));
  }
}
