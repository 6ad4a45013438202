/**
 * Every stored record carries a version, raised by one on each write, so events can be ordered.
 * A kind read through a `RecordLayout` also carries, in its JSON, the layout it was written in
 * (`schemaVersion`): the store writes it and reads it, and the record's type does not show it.
 */
export interface Versioned {
  version: number;
}

/**
 * How the records of one kind are read: the layout this build writes (its version, stamped on
 * every record it writes), and how a record of an older layout becomes one of this layout. A
 * record of the current layout is read as stored, with no check: this build wrote it from a
 * typed value. One without a version was written in layout 1, before records had one.
 */
export interface RecordLayout<T = unknown> {
  version: number;
  /** The record as this layout has it, from one stored in layout `from`; throws, saying why, when it does not fit. */
  upgrade(stored: object, from: number): T;
}

/** A stored record this build cannot read: not JSON, of a newer layout, or not of the shape of its own. */
export class UnreadableRecord extends Error {
  override name = 'UnreadableRecord';
}

/** A change notice as it travels on Redis pub/sub: the resource's whole new snapshot. */
export interface ChangeEvent<T = unknown> {
  version: number;
  deleted: boolean;
  data: T;
  /** When the write was made (ms since the epoch, the writer's clock); absent on a snapshot read for a new subscriber. */
  at?: number;
  /**
   * Set when the write changed nothing but the record's progress: a live connection that falls
   * behind may send its client only the newest such event of a resource.
   */
  collapsible?: true;
}

/** A name index (a hash of name → record id) kept in step with the record. */
export interface NameIndex {
  key: string;
  name: string;
}

/** A write about to be made: the stored record before it and after. */
export interface RecordWrite {
  kind: string;
  previous: Versioned | null;
  next: Versioned;
  deleted: boolean;
}

/**
 * What a write must leave in the outbox (for workers to carry out after it), made before the
 * write and committed with it; usually nothing. It may run more than once for one write (a
 * conflict retries the write), so it must only compute. A failure fails the write: a change is
 * never made without what must follow it.
 */
export type OutboxSource = (write: RecordWrite) => Promise<readonly string[]>;

/** The record changed under a write too often, or already exists. */
export class RecordConflict extends Error {}
/** The name a write would give the record is another record's. */
export class NameTaken extends Error {}

export interface WriteOptions<T = never> {
  /** Topics that receive the new snapshot; a function reads them off the record being written. */
  topics: string[] | ((record: T) => string[]);
}

/**
 * The part of a record one job works for: the generation the last trigger set, and whether
 * that work still runs. A job started for an older generation has been superseded.
 */
export interface JobStage {
  generation: number;
  running: boolean;
}

/** Whether a record of some kind has work under way (a job it waits for). */
export type InFlight = (record: Versioned) => boolean;

/** A record the in-flight index holds. */
export interface InFlightEntry {
  kind: string;
  id: string;
}
