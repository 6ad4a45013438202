import { z } from 'zod';
import { booleanWord } from '../../config/boolean-words';

/**
 * Zod pieces for values that arrive as form strings from legacy clients and as typed
 * values from JSON and GraphQL: one schema serves every door.
 */
export const formBoolean = z.union([
  z.boolean(),
  z
    .string()
    .refine((value) => booleanWord(value) !== undefined, 'must be true or false')
    .transform((value) => booleanWord(value)!),
  z
    .number()
    .refine((value) => value === 0 || value === 1, 'must be true or false')
    .transform((value) => value === 1),
]);

export const formInteger = z.union([
  z.number().int('must be an integer'),
  z
    .string()
    .trim()
    .regex(/^-?\d+$/, 'must be an integer')
    .transform((value) => Number(value)),
]);

/** A single value: forms may repeat a field, and the last one wins like in most frameworks. */
export function single(value: unknown): unknown {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

/** A display name: 1-255 characters, no control characters (NUL included). */
export const resourceName = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'must not be empty')
  .max(255, 'must be at most 255 characters')
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), 'must not contain control characters');

export const optionalText = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value), 'must not contain control characters')
    .optional();
