/** Where each word of a transcript lies in its text: the link between timed words and punctuated text. */

/** Characters `[from, to)` of the text, the word with the punctuation attached to it. */
export interface WordSpan {
  from: number;
  to: number;
}

/** How far past the previous word a word is looked for; further means the text lacks it. */
const LOOKAHEAD_CHARS = 48;
const PUNCTUATION = /[^\s\p{L}\p{N}]/u;

/** A word without the punctuation around it. */
function bare(word: string): string {
  return word.trim().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

/** The letters and digits of a word in lower case, so two spellings of it compare. */
export function wordCore(word: string): string {
  return bare(word).toLowerCase();
}

/**
 * Finds each word in the text, in order, as a whole word (case aside), with the punctuation
 * next to it. Engines give words bare (OpenAI) or punctuated (faster-whisper) next to a
 * punctuated text; a word the text lacks gets null and does not move the search on.
 */
export function locateWords(text: string, words: readonly { text: string }[]): (WordSpan | null)[] {
  let cursor = 0;
  return words.map((word) => {
    const core = bare(word.text);
    if (!core) return null;
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(core)}(?![\\p{L}\\p{N}])`, 'giu');
    pattern.lastIndex = cursor;
    const found = pattern.exec(text);
    if (!found || found.index - cursor > LOOKAHEAD_CHARS) return null;
    let from = found.index;
    let to = from + found[0].length;
    while (from > cursor && PUNCTUATION.test(text[from - 1]!)) from--;
    while (to < text.length && PUNCTUATION.test(text[to]!)) to++;
    cursor = to;
    return { from, to };
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
