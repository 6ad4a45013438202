import type { z } from 'zod';
import { Invalid } from '../errors';

/** Parses one path parameter, reported under its own name (`index: must be an integer`). */
export function parseParam<Schema extends z.ZodType>(name: string, schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const at = [name, ...issue.path.map(String)].join('.');
  throw new Invalid(`${at}: ${issue.message}`, { [at]: result.error.issues.map((each) => each.message) });
}

/**
 * Parses input with a domain schema; every failing parameter is reported at once, keyed by
 * its name as the client sent it.
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const param = issue.path.map(String).join('.') || 'body';
    const message = issue.code === 'invalid_type' && /received undefined/.test(issue.message) ? 'is required' : issue.message;
    (errors[param] ??= []).push(message);
  }
  const [param, messages] = Object.entries(errors)[0] ?? ['body', ['is invalid']];
  throw new Invalid(`${param}: ${messages[0]}`, errors);
}
