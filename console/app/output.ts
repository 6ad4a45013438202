import { useEffect, useState } from 'preact/hooks';
import { subscribe } from './api';
import type { TypedDocumentString } from './gql/graphql';

/**
 * Streamed output (completionOutput, transcriptOutput): numbered events rebuilt into the
 * text so far. An event with `reset` replaces the text (the snapshot, a retry), the others
 * append, `done` ends it.
 */

interface OutputEvent {
  seq: number;
  text: string;
  reset: boolean;
  done: boolean;
}

export interface StreamedOutput {
  text: string;
  /** The last seq applied: where a resubscription resumes. */
  seq: number;
  done: boolean;
  /** How many events changed the text: 0 before the first. */
  events: number;
}

export const NO_OUTPUT: StreamedOutput = { text: '', seq: 0, done: false, events: 0 };

/** The output after one more event; an event already applied (seq not past the last) changes nothing. */
export function applyOutputEvent(output: StreamedOutput, event: OutputEvent): StreamedOutput {
  if (!event.reset && event.seq <= output.seq) return output;
  const text = event.reset ? event.text : output.text + event.text;
  return { text, seq: event.seq, done: event.done, events: output.events + 1 };
}

/**
 * Follows one resource's output until done. The variables object is the one graphql-ws sends
 * again when it reconnects after a dropped socket, so `after` is kept at the last seq applied:
 * the service then replays only what was missed instead of starting over.
 */
export function followOutput<R>(
  document: TypedDocumentString<R, { id: string; after?: number | null }>,
  id: string,
  eventOf: (data: R) => OutputEvent,
  onOutput: (output: StreamedOutput) => void,
  onError: (message: string) => void,
): () => void {
  const variables: { id: string; after?: number | null } = { id };
  let output = NO_OUTPUT;
  return subscribe(
    document,
    variables,
    (data) => {
      output = applyOutputEvent(output, eventOf(data));
      variables.after = output.seq;
      onOutput(output);
    },
    onError,
  );
}

/** The output of the resource `id` while it runs; null `id` follows nothing. */
export function useStreamedOutput<R>(
  document: TypedDocumentString<R, { id: string; after?: number | null }>,
  id: string | null,
  eventOf: (data: R) => OutputEvent,
): { output: StreamedOutput; error: string | null } {
  const [output, setOutput] = useState(NO_OUTPUT);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setOutput(NO_OUTPUT);
    setError(null);
    if (!id) return;
    return followOutput(document, id, eventOf, setOutput, setError);
  }, [id]);
  return { output, error };
}
