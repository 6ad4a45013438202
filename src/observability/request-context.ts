import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request a piece of work runs for, set by the HTTP door and read by the queues, so a
 * job carries the id of the request that started it without the queues knowing HTTP.
 */
const context = new AsyncLocalStorage<{ requestId: string }>();

export function runWithRequestId<T>(requestId: string, run: () => T): T {
  return context.run({ requestId }, run);
}

export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}
