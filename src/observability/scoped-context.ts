import type { AsyncLocalStorage } from 'node:async_hooks';
import type { Context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';

/**
 * OpenTelemetry's AsyncLocalStorage context manager, switched on only while a traced scope
 * is open (a job's run, a request that may queue work, a graphql-ws operation) and off again
 * when the last one ends.
 *
 * Why: on Node 20 an enabled AsyncLocalStorage installs async hooks that run on every promise
 * and callback the process makes, whoever made it: with it on for good, a read that starts no
 * work paid for it as much as a traced job (measured: about half of tracing's cost at
 * thousands of reads a second). Disabled, `getStore()` answers undefined and new promises carry
 * nothing; re-enabled, the promises made inside the scopes still open carry their context on.
 *
 * What it costs in exactness: work a scope leaves running after it ends (a promise not awaited)
 * loses its context once no scope is open, so it starts no child span: every traced door awaits
 * its work (the worker runs the job to its end inside the scope, a request's handler answers
 * after its writes and enqueues).
 */
export class ScopedContextManager extends AsyncLocalStorageContextManager {
  private openScopes = 0;

  private get storage(): AsyncLocalStorage<Context> {
    return (this as unknown as { _asyncLocalStorage: AsyncLocalStorage<Context> })._asyncLocalStorage;
  }

  override with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    context: Context,
    work: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    this.openScopes++;
    let result: ReturnType<F>;
    try {
      result = super.with(context, work, thisArg, ...args);
    } catch (error) {
      this.closeScope();
      throw error;
    }
    if (result instanceof Promise) {
      const close = () => this.closeScope();
      result.then(close, close);
    } else this.closeScope();
    return result;
  }

  private closeScope(): void {
    // AsyncLocalStorage turns itself back on at its next `run` (the next scope's `with`).
    if (--this.openScopes === 0) this.storage.disable();
  }
}
