/** Where a stream switched to pushing hands each item, in order. */
export interface PushSink<T> {
  /** `source` is what the item was made from, when it was mapped (the event a result was executed for). */
  next(item: T, source?: unknown): void;
  /**
   * No more items: the stream finished (after handing over its last item) or was ended;
   * `error` when it was ended by the server for a reason its consumer must hear (a revoked key).
   */
  end(error?: Error): void;
}

/**
 * An async iterator that can also push. Pulling costs a promise chain per item per consumer;
 * with ten thousand subscribers on one topic that chain is most of an event's cost. After
 * `pushTo`, items go to the sink synchronously as they arrive, and `next()` is not called again.
 */
export interface PushStream<T> extends AsyncIterableIterator<T> {
  /** Hands over what is queued, then every later item; `end()` once the stream is over. */
  pushTo(sink: PushSink<T>): void;
}
