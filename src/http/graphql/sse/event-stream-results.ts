import { GraphQLError, type ExecutionResult } from 'graphql';
import { liveDeliveryLag, liveSlowClientCloses } from '../../../observability/metrics';
import { OrderedWrites, SLOW_CLIENT_CLOSE, SLOW_CLIENT_GRACE_MS, type ResultWriter, type SharedPayloads } from '../live-results';
import { replacementKey, SendBacklog, writtenAtOf } from '../send-backlog';
import type { SubscriptionResults } from '../shared-execution';

/** What ends an event stream whose client fell too far behind, as its last event. */
const SLOW_CLIENT_ERROR = new GraphQLError(SLOW_CLIENT_CLOSE.reason, { extensions: { code: 'CLIENT_TOO_SLOW' } });

const DONE: IteratorReturnResult<undefined> = { value: undefined, done: true };

/**
 * A subscription's results as yoga streams them over SSE. Yoga pulls a result whenever the
 * client's connection takes more; here, once the first result (the current state) is pulled,
 * the subscription pushes, and what the client has not taken yet waits in a backlog bounded
 * as a graphql-ws connection's is: a newer progress-only result of a resource replaces an
 * older one, and past the budget the stream ends with a last error event, its subscription
 * released, and its connection cut if the client does not read to the end within a grace
 * period. A stream that fails (a refused or missing resource fails its first read) ends with
 * its masked errors, reported once by the pipeline, not thrown to yoga.
 */
export class EventStreamResults implements AsyncIterableIterator<ExecutionResult>, ResultWriter {
  private backlog: SendBacklog<ExecutionResult> | null = null;
  /** yoga's pull while nothing waits for it. */
  private waiting: ((step: IteratorResult<ExecutionResult>) => void) | null = null;
  /** What comes once the backlog is empty: a last result (a failure, a refusal), or the end. */
  private last: IteratorResult<ExecutionResult> | null = null;
  private over = false;

  constructor(
    private readonly results: SubscriptionResults,
    private readonly payloads: SharedPayloads,
    private readonly budgetBytes: number,
    /** Cuts the client's connection, unless its answer has been read to the end. */
    private readonly cut: () => void,
  ) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  async next(): Promise<IteratorResult<ExecutionResult>> {
    if (!this.backlog && !this.last && !this.over) return this.pull();
    const waiting = this.backlog?.shift();
    if (waiting) return this.handOver(waiting.message, waiting.writtenAt);
    if (this.last) return this.takeLast();
    if (this.over) return DONE;
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  async return(): Promise<IteratorResult<ExecutionResult>> {
    this.over = true;
    this.backlog = null;
    this.last = null;
    this.waiting?.(DONE);
    this.waiting = null;
    return this.results.return();
  }

  /** The first result, and every result of a stream that cannot push, pulled. */
  private async pull(): Promise<IteratorResult<ExecutionResult>> {
    let step: IteratorResult<ExecutionResult>;
    try {
      step = await this.results.next();
    } catch (error) {
      this.over = true;
      return { value: { errors: [...this.results.failure(error)] }, done: false };
    }
    if (!step.done && this.results.canPush && !this.over) {
      this.backlog = new SendBacklog();
      this.results.pushTo(new OrderedWrites(this, (error) => this.ended(error)));
    }
    return step;
  }

  /** A pushed result: to yoga if it waits for one, else into the backlog. */
  write(result: ExecutionResult, source?: unknown): void {
    const backlog = this.backlog;
    if (!backlog || this.last) return;
    const waiting = this.waiting;
    if (waiting) {
      this.waiting = null;
      waiting(this.handOver(result, writtenAtOf(source)));
      return;
    }
    backlog.push(result, this.payloads.bytesOf(result).length, replacementKey('', source), writtenAtOf(source));
    if (backlog.bytes > this.budgetBytes) this.overflow();
  }

  private ended(error?: unknown): void {
    if (this.last) return;
    this.last = error === undefined ? DONE : { value: { errors: [...this.results.failure(error)] }, done: false };
    this.wake();
  }

  private overflow(): void {
    this.backlog = null;
    this.last = { value: { errors: [SLOW_CLIENT_ERROR] }, done: false };
    liveSlowClientCloses.inc({ transport: 'sse' });
    void this.results.return();
    setTimeout(this.cut, SLOW_CLIENT_GRACE_MS).unref();
  }

  private takeLast(): IteratorResult<ExecutionResult> {
    const last = this.last!;
    this.last = null;
    this.over = true;
    this.backlog = null;
    return last;
  }

  private wake(): void {
    const waiting = this.waiting;
    if (!waiting) return;
    this.waiting = null;
    waiting(this.takeLast());
  }

  private handOver(result: ExecutionResult, writtenAt: number | null): IteratorResult<ExecutionResult> {
    if (writtenAt !== null) liveDeliveryLag.observe((Date.now() - writtenAt) / 1000);
    return { value: result, done: false };
  }
}
