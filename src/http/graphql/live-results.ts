import type { ExecutionResult } from 'graphql';
import type { PushSink } from '../../events/push-stream';
import { clientError } from './pipeline';
import type { Result } from './shared-execution';

/**
 * What both live transports (graphql-ws and SSE) do alike with pushed results: each payload
 * encoded once for every subscriber, the results written in the order of their events, and
 * how a connection ends when its client falls behind.
 */

/**
 * Each result's payload serialised and encoded once for every subscriber that receives it:
 * the payload is most of a message's bytes, and each socket's frame copies them.
 */
export class SharedPayloads {
  private readonly encoded = new WeakMap<object, Buffer>();

  bytesOf(result: ExecutionResult): Buffer {
    let bytes = this.encoded.get(result);
    if (!bytes) {
      const { errors, ...rest } = result;
      bytes = Buffer.from(JSON.stringify(errors ? { ...rest, errors: errors.map(clientError) } : rest));
      this.encoded.set(result, bytes);
    }
    return bytes;
  }
}

/** How a connection ends when its client falls further behind than its budget. */
export const SLOW_CLIENT_CLOSE = { code: 4408, reason: 'Too far behind: the client reads slower than its events come' } as const;

/** How long an event stream ended for a slow client may take to be read to its end before its connection is cut (GraphQL over SSE and the REST output streams alike). */
export const SLOW_CLIENT_GRACE_MS = 30_000;

/** Where ordered results go: a socket's frames, or an event stream's queue. */
export interface ResultWriter {
  /** `source` is the event the result was executed for, when it was pushed. */
  write(result: ExecutionResult, source?: unknown): void;
}

/**
 * Writes pushed results in the order of their events. A shared result is usually ready (the
 * first subscriber's execution finished synchronously); one still executing holds back the
 * ones after it, and the end waits for the last.
 */
export class OrderedWrites implements PushSink<Result> {
  private tail: Promise<void> | null = null;

  constructor(
    private readonly writer: ResultWriter,
    private readonly finished: (error?: unknown) => void,
  ) {}

  next(result: Result, source?: unknown): void {
    if (!this.tail && !(result instanceof Promise)) return this.writer.write(result, source);
    const tail = (this.tail ?? Promise.resolve()).then(() => result).then((ready) => this.writer.write(ready, source));
    this.tail = tail;
    tail.then(
      () => {
        if (this.tail === tail) this.tail = null;
      },
      (error: unknown) => this.finished(error),
    );
  }

  /** `error`: why the server ended the stream, which the client hears in place of its end. */
  end(error?: Error): void {
    if (!this.tail) return this.finished(error);
    this.tail.then(
      () => this.finished(error),
      (failure: unknown) => this.finished(failure),
    );
  }
}
