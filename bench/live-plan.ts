/**
 * What the processes of the live-subscriptions bench (bench/live-subscriptions.ts) share: the
 * messages they exchange, which voice each subscription follows, and how a change names it.
 *
 * A change renames a voice to `<base>@<sequence>@<written at>` (ms on the shared clock,
 * performance.timeOrigin + performance.now()): the name says which change a message carries
 * and when it was written, so latency is measured from the write, across processes.
 */

export interface ClientPlan {
  url: string;
  apiKey: string;
  query: string;
  partner: string;
  /** The connections of this process, numbered from `firstConnection` of `connections` in all. */
  firstConnection: number;
  connectionCount: number;
  subscriptionsPerConnection: number;
  /** Voices `${voicePrefix}${index}`, index 0 … voices − 1. */
  voicePrefix: string;
  voices: number;
  concurrency: number;
}

export type ClientRequest = { type: 'connect'; plan: ClientPlan } | { type: 'subscribe' } | { type: 'results'; changesMade: number } | { type: 'close' };

export interface StepReport {
  type: 'step';
  ok: number;
  failed: number;
  firstFailure?: string;
  seconds: number;
}

export interface ClientResults {
  type: 'results';
  /** Delivery latencies (ms), one per change received by a subscription. */
  latenciesMs: number[];
  /** Changes made to a subscription's voice that it never received. */
  missing: number;
  /** Messages that were not a `next` with an expected change (errors, completions, unknown ids, repeats). */
  wrong: number;
  closedByServer: number;
  firstWrong?: string;
}

/** Which voice the `slot`-th subscription of connection `connection` follows: each voice gets one subscription from `subscriptionsPerConnection` connections. */
export function voiceOf(connection: number, slot: number, subscriptionsPerConnection: number, voices: number): number {
  return (connection * subscriptionsPerConnection + slot) % voices;
}

/** The name a change gives a voice, and what it says back. */
export function changedName(base: string, sequence: number, writtenAt: number): string {
  return `${base}@${sequence}@${writtenAt.toFixed(3)}`;
}

export function readName(name: string): { sequence: number; writtenAt: number } | null {
  const parts = name.split('@');
  if (parts.length !== 3) return null;
  return { sequence: Number(parts[1]), writtenAt: Number(parts[2]) };
}

/** The changes made to voice `voice` when change k went to voice k mod voices, for k < changesMade. */
export function changesOf(voice: number, voices: number, changesMade: number): number {
  return voice < changesMade % voices ? Math.floor(changesMade / voices) + 1 : Math.floor(changesMade / voices);
}
