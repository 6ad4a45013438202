import { request } from 'undici';
import { expect } from 'vitest';
import { graphql } from '../gql';

export const SubmitCompletion = graphql(`
  mutation SubmitStreamedCompletion($input: SubmitCompletionInput!) {
    submitCompletion(input: $input) {
      id
    }
  }
`);

export const CompletionOutput = graphql(`
  subscription CompletionOutput($id: ID!, $after: Int) {
    completionOutput(id: $id, after: $after) {
      seq
      text
      reset
      done
    }
  }
`);

/** An output event as the doors carry it (GraphQL's OutputEvent, the SSE routes' `id` and `data`). */
export interface SeenOutputEvent {
  seq: number;
  text: string;
  reset: boolean;
  done: boolean;
}

/** The output a client rebuilds from events: the text since the last reset. */
export function rebuild(events: readonly Pick<SeenOutputEvent, 'text' | 'reset'>[]): string {
  let text = '';
  for (const event of events) text = event.reset ? event.text : text + event.text;
  return text;
}

/** The output at each reset: the text of each run of events a reset starts, in order; the last one is what a client has. */
export function outputRuns(events: readonly Pick<SeenOutputEvent, 'text' | 'reset'>[]): string[] {
  const runs: string[] = [];
  for (const event of events) {
    if (event.reset || runs.length === 0) runs.push(event.text);
    else runs[runs.length - 1] += event.text;
  }
  return runs;
}

/** Numbered from `first` on with no gap or repeat, done last and only last. */
export function expectNumbered(events: readonly SeenOutputEvent[], first: number): void {
  expect(events.map((event) => event.seq)).toEqual(events.map((_event, index) => first + index));
  expect(events.map((event) => event.done)).toEqual(events.map((_event, index) => index === events.length - 1));
}

/** Whether the events after the first come 1 by 1 from its seq on, each once. */
export function gapless(events: readonly Pick<SeenOutputEvent, 'seq'>[]): boolean {
  return events.every((event, index) => index === 0 || event.seq === events[index - 1]!.seq + 1);
}

export interface EventStreamAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The output events, in order; `errors` the `event: error` ones' data. */
  events: SeenOutputEvent[];
  errors: unknown[];
  /** The event blocks as they came on the wire, comments left out, in order. */
  blocks: string[];
  /** The body when the answer is not an event stream (an error's JSON). */
  body: unknown;
}

/** An output event stream being read: what came so far, and when it is over. */
export interface OpenEventStream extends EventStreamAnswer {
  /** Settles once the server ended the answer, or the client went (`close`, `stopAfter`). */
  ended: Promise<void>;
  /** Whether `ended` has settled. */
  over: boolean;
  /** Goes away as a dropped connection does. */
  close(): void;
}

/**
 * GETs an output event stream and reads it as it comes, until the server ends it, `close` is
 * called, or `stopAfter` events have come (then the client goes away as a dropped connection does).
 */
export async function openOutputStream(url: string, headers: Record<string, string>, stopAfter = Infinity): Promise<OpenEventStream> {
  const response = await request(url, { headers });
  let cut = false;
  const stream: OpenEventStream = {
    status: response.statusCode,
    headers: response.headers,
    events: [],
    errors: [],
    blocks: [],
    body: null,
    ended: Promise.resolve(),
    over: false,
    close: () => {
      cut = true;
      response.body.destroy();
    },
  };
  if (!String(response.headers['content-type']).startsWith('text/event-stream')) {
    stream.body = await response.body.json().catch(() => null);
    stream.over = true;
    return stream;
  }
  const read = async () => {
    let pending = '';
    for await (const chunk of response.body) {
      pending += (chunk as Buffer).toString('utf8');
      let end: number;
      while ((end = pending.indexOf('\n\n')) >= 0) {
        const block = pending.slice(0, end);
        pending = pending.slice(end + 2);
        const lines = block.split('\n').filter((line) => !line.startsWith(':'));
        if (lines.length === 0) continue;
        stream.blocks.push(lines.join('\n'));
        const fields = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trimStart()])) as Record<
          string,
          string
        >;
        if (fields.data === undefined) continue;
        const data = JSON.parse(fields.data) as Omit<SeenOutputEvent, 'seq'>;
        if (fields.event === 'error') stream.errors.push(data);
        else stream.events.push({ seq: Number(fields.id), ...data });
      }
      if (stream.events.length >= stopAfter) {
        response.body.destroy();
        break;
      }
    }
  };
  stream.ended = read()
    .catch((error: unknown) => {
      // A stream the client cut is over all the same.
      if (!cut) throw error;
    })
    .finally(() => (stream.over = true));
  return stream;
}

/** GETs an output event stream and reads it to its end (the server closes it after done), or until `stopAfter` events. */
export async function readOutputStream(url: string, headers: Record<string, string>, stopAfter = Infinity): Promise<EventStreamAnswer> {
  const stream = await openOutputStream(url, headers, stopAfter);
  await stream.ended;
  return stream;
}
