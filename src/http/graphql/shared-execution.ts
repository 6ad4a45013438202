import { createSourceEventStream, execute, GraphQLError, type ExecutionArgs, type ExecutionResult } from 'graphql';
import type { CompiledQuery } from 'graphql-jit';
import type { PushSink, PushStream } from '../../events/push-stream';
import type { KeySubscription, SubscriptionHolder } from '../key-subscriptions';

export type Result = ExecutionResult | Promise<ExecutionResult>;

/**
 * Subscriptions that execute each event once per (event, operation, caller) instead of once
 * per subscriber. Every subscriber of a topic receives the same event object from the event
 * bus, so the first subscriber's execution is kept beside that object and the others reuse
 * it: with thousands of subscribers to one voice, a change costs one execution plus a socket
 * write each. Snapshots loaded for a new subscriber are objects of its own and execute alone.
 */
export class SharedSubscriptions {
  private readonly results = new WeakMap<object, Map<string, Result>>();

  /** `mask` turns a step's errors into what the client sees (and reports the unexpected ones). */
  constructor(readonly mask: (errors: readonly GraphQLError[], args: ExecutionArgs) => GraphQLError[]) {}

  /**
   * `shareKey` must capture everything the result depends on: operation, variables, caller.
   * `compiled` is graphql-jit's compilation of the operation, when there is one: each event's
   * result is then made by it (its `query` maps an event as graphql-js's execution would).
   */
  async subscribe(args: ExecutionArgs, shareKey: string, compiled: CompiledQuery | null = null): Promise<SubscriptionResults | ExecutionResult> {
    const source = await createSourceEventStream(args);
    // A subscription refused when made (another partner's resource) reports its code too.
    if (!isAsyncIterable(source)) return source.errors ? { ...source, errors: this.mask(source.errors, args) } : source;
    return new MappedEvents(source[Symbol.asyncIterator](), this, args, shareKey, compiled);
  }

  resultFor(args: ExecutionArgs, shareKey: string, payload: unknown, compiled: CompiledQuery | null = null): Result {
    if (typeof payload !== 'object' || payload === null) return this.run(args, payload, compiled);
    let byKey = this.results.get(payload);
    if (!byKey) {
      byKey = new Map();
      this.results.set(payload, byKey);
    }
    let result = byKey.get(shareKey);
    if (!result) {
      result = this.run(args, payload, compiled);
      byKey.set(shareKey, result);
    }
    return result;
  }

  /**
   * Synchronous when every resolver is (graphql-js then returns the result itself): a pushed
   * event is then written to each socket in the event's own call, instead of after a promise
   * per subscriber, all of which wait until the event has been handed to every subscriber.
   */
  private run(args: ExecutionArgs, payload: unknown, compiled: CompiledQuery | null): Result {
    const masked = (done: ExecutionResult): ExecutionResult => (done.errors ? { ...done, errors: this.mask(done.errors, args) } : done);
    const byGraphqlJs = () => afterward(execute({ ...args, rootValue: payload }), masked);
    if (!compiled) return byGraphqlJs();
    // As for queries (OperationPipeline.execute): a compiled run that met errors is made again
    // by graphql-js, so every answer has graphql-js's errors; mapping an event only reads.
    const fast = compiled.query(payload, args.contextValue, args.variableValues);
    return afterward(fast, (done) => (done.errors?.length ? byGraphqlJs() : done));
  }
}

/** `next` applied to a result that may still be executing, without a promise when it is not. */
export function afterward(result: Result, next: (done: ExecutionResult) => Result): Result {
  return result instanceof Promise ? result.then(next) : next(result);
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/** A subscription's execution results, pulled, or pushed when its event stream can push; held in its key's place until it ends. */
export interface SubscriptionResults extends AsyncIterableIterator<ExecutionResult>, KeySubscription {
  readonly canPush: boolean;
  return(): Promise<IteratorResult<ExecutionResult>>;
  /** See PushStream: results as the events arrive, a shared one possibly still executing. */
  pushTo(sink: PushSink<Result>): void;
  /** The errors to answer a failed stream with (a refused or missing resource fails its first read), reported once. */
  failure(error: unknown): readonly GraphQLError[];
  /**
   * Ends the subscription from the server's side (its key was revoked): its consumer gets
   * `error` where it would get the end (a pushed stream's `end(error)`, a pulled one's
   * `next()` throws it), and its holder is told.
   */
  endWith(error: Error): void;
}

/**
 * Maps a source stream; ending the mapped stream ends the source at once. A class holding its
 * parts, so a subscription costs no closures of its own.
 */
class MappedEvents implements SubscriptionResults {
  private holder: SubscriptionHolder | null = null;
  private keyId = '';
  /** Why the server ended it, when it did (endWith). */
  private endedBy: Error | null = null;

  constructor(
    private readonly source: AsyncIterator<unknown>,
    private readonly shared: SharedSubscriptions,
    private readonly args: ExecutionArgs,
    private readonly shareKey: string,
    private readonly compiled: CompiledQuery | null,
  ) {}

  heldBy(holder: SubscriptionHolder, keyId: string): void {
    this.holder = holder;
    this.keyId = keyId;
  }

  endWith(error: Error): void {
    if (this.endedBy) return;
    this.endedBy = error;
    this.release();
    void this.source.return?.();
  }

  /** The stream is over: its holder is told, once; what ended it (if the server did) is returned. */
  ended(): Error | undefined {
    this.release();
    return this.endedBy ?? undefined;
  }

  private release(): void {
    const holder = this.holder;
    this.holder = null;
    holder?.released(this.keyId, this);
  }

  get canPush(): boolean {
    return typeof (this.source as Partial<PushStream<unknown>>).pushTo === 'function';
  }

  pushTo(sink: PushSink<Result>): void {
    (this.source as PushStream<unknown>).pushTo(new MappedSink(this, sink));
  }

  map(payload: unknown): Result {
    return this.shared.resultFor(this.args, this.shareKey, payload, this.compiled);
  }

  failure(error: unknown): readonly GraphQLError[] {
    const message = error instanceof Error ? error.message : String(error);
    return this.shared.mask([new GraphQLError(message, { originalError: error instanceof Error ? error : undefined })], this.args);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  async next(): Promise<IteratorResult<ExecutionResult>> {
    const step = await this.source.next();
    // A snapshot loaded before the server ended the stream is not sent after it.
    if (this.endedBy) throw this.endedBy;
    if (step.done) {
      this.release();
      return { value: undefined, done: true };
    }
    return { value: await this.map(step.value), done: false };
  }

  async return(): Promise<IteratorResult<ExecutionResult>> {
    this.release();
    await this.source.return?.();
    return { value: undefined, done: true };
  }

  async throw(error: unknown): Promise<IteratorResult<ExecutionResult>> {
    this.release();
    await this.source.return?.();
    throw error;
  }
}

/** Hands each pushed event's result on, with the event it came from. */
class MappedSink implements PushSink<unknown> {
  constructor(
    private readonly events: MappedEvents,
    private readonly sink: PushSink<Result>,
  ) {}

  next(payload: unknown): void {
    this.sink.next(this.events.map(payload), payload);
  }

  end(): void {
    this.sink.end(this.events.ended());
  }
}
