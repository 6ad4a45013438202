/**
 * The output log: output that is written over time (an LLM reply, a long transcript's
 * segments, a rewrite's draft and final text) as an ordered log of events per resource, in
 * Redis, so that any API process can replay it (DESIGN.md, "Streaming output").
 *
 * The contract every door shows (GraphQL's OutputEvent, the REST SSE routes):
 * - `seq` numbers a resource's events 1, 2, 3, ... with no gap and no repeat.
 * - The output so far is the concatenation of the `text` of every event since the last one
 *   with `reset: true`, that one included. Each writer's first event resets (a retry after
 *   partial output starts over).
 * - `done: true` comes last, once the final result is stored; nothing follows it. `finish`
 *   given the final text makes the log end with exactly that text (its done event resets to
 *   it when the text so far differs).
 * - A reader asks for the events after `n` and gets them, then live ones; with no `n`, or
 *   when the events after `n` are no longer kept, it first gets the snapshot: one event with
 *   `reset: true`, the whole text so far, numbered with the last seq (0 before any) and
 *   `done` when the log is done.
 *
 * API (stable; transcripts and rewrites use it as completions do):
 * - `log.writer(resource, { ttlSeconds })` → OutputWriter: `reset(text)`, `append(text)`
 *   (coalesced within OUTPUT_COALESCE_MS, serial, kept and retried while Redis is away),
 *   `flush()` (writes what is pending; throws when Redis refuses), `close()`, `superseded`.
 * - `log.restart(resource, { ttlSeconds })`: a new run on a resource whose log may be done (a
 *   document rewritten again): a reset to empty that reopens it, the seq going on; a writer
 *   made with `reopen: true` may reopen it too.
 * - `log.finish(resource, { finalText?, ttlSeconds })`: the done event, once the resource's
 *   final result is stored; a no-op on a log that is done already. The log then lives
 *   `ttlSeconds` (the resource's own retention).
 * - `log.read(resource, after)`: the replay after `after`, or the snapshot (OutputRead).
 * - `log.snapshot(resource)`: the text so far, the last seq and whether it is done.
 * - `log.follow(resource, { after, check })` → PushStream<OutputEvent>: replay or snapshot,
 *   then live events through the event bus (one Redis subscription per topic and process),
 *   ending after `done`. `check` runs before the first read (it authorizes: throw to refuse)
 *   and on quiet spells (it may settle the log of a resource that finished without its done).
 *
 * A resource is `{ kind, id }`; the id is the resource's own (a completion's uuid, a
 * transcript's, a document's id): callers authorize before they read or follow.
 */
import { randomUUID } from 'node:crypto';
import type { PushStream } from '../../events/push-stream';
import { Invalid } from '../errors';
import type { OutputEvent, OutputEventStore, OutputRead } from '../../store/output-events';
import { OutputStream, type OutputBus } from './output-stream';
import { OutputWriter } from './output-writer';

export type { OutputEvent, OutputRead } from '../../store/output-events';
export { OutputWriter } from './output-writer';

export type OutputKind = 'completion' | 'transcript' | 'document-rewrite';

export interface OutputResource {
  kind: OutputKind;
  id: string;
}

export interface OutputLogSettings {
  store: OutputEventStore;
  bus: OutputBus;
  /** OUTPUT_EVENTS_MAX_PER_RESOURCE: older events are dropped; a reader after them gets the snapshot. */
  maxEventsPerResource: number;
  /** OUTPUT_COALESCE_MS: text that arrives within this window goes out as one event. */
  coalesceMs: number;
  /** How long a quiet follower waits before it reads the log again (10 s by default). */
  quietMs?: number;
  /** Hears a write the writer will try again (Redis unreachable). */
  onWriteError?: (error: unknown) => void;
}

export class OutputLog {
  constructor(private readonly settings: OutputLogSettings) {}

  /** With `reopen`, the writer's resets start a new run of a log that is done (see `restart`). */
  writer(resource: OutputResource, lifetime: { ttlSeconds: number; reopen?: boolean }): OutputWriter {
    const { store, coalesceMs, maxEventsPerResource, onWriteError } = this.settings;
    return new OutputWriter({
      store,
      resource,
      windowMs: coalesceMs,
      maxEvents: maxEventsPerResource,
      ttlMs: lifetime.ttlSeconds * 1000,
      onError: onWriteError,
      reopen: lifetime.reopen,
    });
  }

  /**
   * A new run of work on a resource that may have finished before (a document rewritten
   * again): an event that resets the text to empty, reopening a done log, its seq following
   * the last. Readers that had the last run's events resume after them into the new run.
   */
  async restart(resource: OutputResource, lifetime: { ttlSeconds: number }): Promise<void> {
    await this.settings.store.write(resource, {
      mode: 'reset',
      text: '',
      owner: randomUUID(),
      reopen: true,
      maxEvents: this.settings.maxEventsPerResource,
      ttlMs: lifetime.ttlSeconds * 1000,
    });
  }

  /** Marks the log done once the resource's final result is stored; with `finalText`, the log ends with exactly that text. */
  async finish(resource: OutputResource, final: { finalText?: string; ttlSeconds: number }): Promise<void> {
    await this.settings.store.write(resource, {
      mode: 'finish',
      text: '',
      owner: '',
      finalText: final.finalText,
      maxEvents: this.settings.maxEventsPerResource,
      ttlMs: final.ttlSeconds * 1000,
    });
  }

  read(resource: OutputResource, after: number | null): Promise<OutputRead> {
    return this.settings.store.read(resource, after);
  }

  /** The text so far, the last seq (0 before any event) and whether the log is done. */
  async snapshot(resource: OutputResource): Promise<OutputEvent> {
    const read = await this.settings.store.read(resource, null);
    if (read.kind !== 'snapshot') throw new Error('a read without `after` answers the snapshot');
    return read.event;
  }

  /** Every door's `after` is checked here: a position is a whole number of 0 or more. */
  follow(resource: OutputResource, options: { after: number | null; check: () => Promise<void> }): PushStream<OutputEvent> {
    const { after } = options;
    if (after !== null && (!Number.isSafeInteger(after) || after < 0)) throw Invalid.param('after', 'The after field must be a whole number of 0 or more.');
    return new OutputStream({
      bus: this.settings.bus,
      store: this.settings.store,
      resource,
      after,
      check: options.check,
      quietMs: this.settings.quietMs ?? 10_000,
    });
  }
}
