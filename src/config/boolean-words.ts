/**
 * The words that mean yes and no, wherever a boolean arrives as text: form fields and query
 * strings of legacy clients (DESIGN: true/false, 1/0, yes/no, any case) and the environment.
 */
const TRUE_WORDS = new Set(['true', '1', 'yes']);
const FALSE_WORDS = new Set(['false', '0', 'no']);

/** What a boolean word means, in any case; undefined for anything else. */
export function booleanWord(value: string): boolean | undefined {
  const word = value.toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return undefined;
}

/** The words, for messages and documents: `true, false, 1, 0, yes, no`. */
export const BOOLEAN_WORDS = [...TRUE_WORDS].flatMap((word, index) => [word, [...FALSE_WORDS][index]!]);
