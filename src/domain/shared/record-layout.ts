import type { z } from 'zod';
import type { RecordLayout } from '../../store/record-store';

/** Whether two types are the same, field for field, optional and nullable alike. */
type Same<A, B> = (<V>() => V extends A ? 1 : 2) extends <V>() => V extends B ? 1 : 2 ? true : false;

/** A step from one layout to the next, on the stored value: renames and reshapes; the schema's defaults fill what is new. */
export type LayoutStep = (stored: Record<string, unknown>) => Record<string, unknown>;

/**
 * A record kind's layout from the zod schema of its current shape: every field added after the
 * first layout has a `.default()`, so a record written before it existed reads with the value
 * this build would write; `steps[n]` brings a record of layout n to layout n + 1 where a field
 * was renamed or reshaped, before the schema parses it. The schema must parse to exactly `T`
 * (the record type the domain uses), or this does not compile: a field cannot be added to one
 * and forgotten in the other.
 *
 * Curried so that `T` is named and the schema's own type inferred:
 * `recordLayout<VoiceRecord>()({ version: 2, schema })`.
 */
export function recordLayout<T>() {
  return <S extends z.ZodType<T>>(layout: {
    version: number;
    schema: Same<z.output<S>, T> extends true ? S : 'the schema parses to another shape than the record type';
    steps?: Readonly<Record<number, LayoutStep>>;
  }): RecordLayout<T> => {
    const schema = layout.schema as S;
    return {
      version: layout.version,
      upgrade(stored, from) {
        let value = stored as Record<string, unknown>;
        for (let step = from; step < layout.version; step++) value = layout.steps?.[step]?.(value) ?? value;
        const parsed = schema.safeParse(value);
        if (!parsed.success) throw new Error(issuesOf(parsed.error));
        return parsed.data;
      },
    };
  };
}

/** The first few issues, each with where it is: enough for a log line to say what is wrong. */
function issuesOf(error: z.ZodError): string {
  const shown = error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(record)'}: ${issue.message}`);
  const more = error.issues.length - shown.length;
  return shown.join('; ') + (more > 0 ? ` (and ${more} more)` : '');
}
