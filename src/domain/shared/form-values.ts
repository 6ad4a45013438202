import { z } from 'zod';
import { BOOLEAN_WORDS, booleanWord } from '../../config/boolean-words';

/**
 * Zod pieces for values that arrive as form strings from legacy clients and as typed
 * values from JSON and GraphQL: one schema serves every door.
 */
/**
 * How a value is written on the wire, in JSON Schema, where zod cannot render a schema
 * that reads text into typed values: the OpenAPI document shows this in its place. A
 * schema's description and default are kept.
 */
export const wireShape = z.registry<Record<string, unknown>>();

/** Registers `schema`'s wire shape and hands the schema back. */
export function describedAs<Schema extends z.ZodType>(schema: Schema, shape: Record<string, unknown>): Schema {
  wireShape.add(schema, shape);
  return schema;
}

/** A JSON Schema pattern (ECMA-262, which has no case-insensitive flag) for these words in any case. */
export function anyCasePattern(words: readonly string[]): string {
  const anyCase = (word: string) =>
    [...word]
      .map((char) => (char.toLowerCase() !== char.toUpperCase() ? `[${char.toUpperCase()}${char.toLowerCase()}]` : char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
  return `^(?:${words.map(anyCase).join('|')})$`;
}

/** The wire shape of a boolean: true or false, a boolean word in any case, or 1 and 0. */
export const BOOLEAN_WIRE_SHAPES = [
  { type: 'boolean' },
  { type: 'string', pattern: anyCasePattern(BOOLEAN_WORDS), description: `one of ${BOOLEAN_WORDS.join(', ')}, in any case` },
  { type: 'integer', enum: [0, 1] },
];

export const formBoolean = describedAs(
  z.unknown().transform((value, context): boolean => {
    const meaning = typeof value === 'string' ? booleanWord(value) : value === 1 || value === 0 ? value === 1 : value;
    if (typeof meaning === 'boolean') return meaning;
    context.addIssue({ code: 'custom', message: 'must be true or false' });
    return z.NEVER;
  }),
  { anyOf: BOOLEAN_WIRE_SHAPES },
);

/** Digits of a whole number from `min` to `max` (both ≥ 0), leading zeros allowed, as a regular expression. */
export function integerRangePattern(min: number, max?: number): string {
  if (max === undefined) {
    if (min !== 0) throw new Error('An open range starts at 0');
    return '^[0-9]+$';
  }
  const alternatives: string[] = [];
  for (let digits = String(min).length; digits <= String(max).length; digits++) {
    let low = Math.max(min, digits === 1 ? 0 : 10 ** (digits - 1));
    const high = Math.min(max, 10 ** digits - 1);
    while (low <= high) {
      // The widest block of numbers sharing every digit but the last `free` ones, starting at `low`.
      let free = 0;
      while (free + 1 < digits && low % 10 ** (free + 1) === 0 && low + 10 ** (free + 1) - 1 <= high) free++;
      const step = 10 ** free;
      const first = Math.floor(low / step) % 10;
      let last = first;
      while (last < 9 && low + (last - first + 2) * step - 1 <= high) last++;
      const prefix = free + 1 >= digits ? '' : String(Math.floor(low / (step * 10)));
      alternatives.push(`${prefix}${first === last ? first : `[${first}-${last}]`}${'[0-9]'.repeat(free)}`);
      low += (last - first + 1) * step;
    }
  }
  return `^0*(?:${alternatives.join('|')})$`;
}

/**
 * A whole number from `min` to `max`, as a JSON number or as a string of digits (forms and
 * query strings). The string is checked by the very pattern the OpenAPI document shows, so
 * what the document allows and what the service takes cannot drift apart.
 */
export function formInteger(min: number, max: number | undefined, outOfRange: string) {
  const digits = new RegExp(integerRangePattern(min, max));
  const inRange = (value: number) => value >= min && (max === undefined || value <= max);
  return describedAs(
    z.unknown().transform((value, context): number => {
      if (typeof value === 'number' && Number.isInteger(value) && inRange(value)) return value;
      if (typeof value === 'string' && digits.test(value)) return Number(value);
      const isInteger = (typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && /^-?[0-9]+$/.test(value));
      context.addIssue({ code: 'custom', message: isInteger ? outOfRange : 'must be an integer' });
      return z.NEVER;
    }),
    {
      anyOf: [
        { type: 'integer', minimum: min, ...(max === undefined ? {} : { maximum: max }) },
        { type: 'string', pattern: digits.source },
      ],
    },
  );
}

/** An absolute http or https URL with a host: the only URLs the service fetches or posts to. */
export function isHttpUrl(value: string): boolean {
  if (!/^\s*https?:\/\//i.test(value) || !URL.canParse(value)) return false;
  return new URL(value).hostname !== '';
}

/** The wire shape of a URL that `isHttpUrl` takes. */
export function httpUrlShape(maxLength: number, description?: string): Record<string, unknown> {
  return { type: 'string', format: 'uri', pattern: '^\\s*[Hh][Tt][Tt][Pp][Ss]?://', maxLength, ...(description ? { description } : {}) };
}

/**
 * A field a form or query string gave more than once (`name=a&name=b`): the transport marks
 * them, so that a JSON array, which a client sends on purpose, is never taken for one.
 */
export class RepeatedField extends Array<string> {}

/** A single value: forms may repeat a field, and the last one wins like in most frameworks. */
export function single(value: unknown): unknown {
  return value instanceof RepeatedField ? value[value.length - 1] : value;
}

/** A display name: 1-255 characters, no control characters (NUL included). */
export const resourceName = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'must not be empty')
  .max(255, 'must be at most 255 characters')
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), 'must not contain control characters');

/** A name as a parameter: forms may repeat other fields, so one value is taken as `single` does. */
export const nameParam = z.preprocess(single, resourceName);

export const optionalText = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value), 'must not contain control characters')
    .optional();
