import type { TranscriptWord } from '../transcription/transcript.types';

/** How far ahead in the transcript a word of the text may find its match: bounds the drift of a rewrite. */
const LOOKAHEAD = 40;
/** Shorter words ("a", "of") match too often to place anything. */
const MIN_WORD_LENGTH = 3;
/** A match that skips this many spoken words (of MIN_WORD_LENGTH or more) needs confirming. */
const SKIP_TO_CONFIRM = 2;
/** ... by the text's next word within this many spoken words after it. */
const CONFIRM_WITHIN = 3;

interface TimedToken {
  /** Code point offset in the text. */
  offset: number;
  startMs: number;
  endMs: number;
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;

function normalise(word: string): string {
  return word.toLowerCase().replace(/['’]/g, '');
}

/**
 * Places a text on the timeline of the recording it came from: each word of the text is
 * matched, in order, to the next equal word of the transcript within a short look-ahead. A
 * transcript's own text matches word for word; a rewrite of it (fillers dropped, sentences
 * smoothed, headings added) matches on the words it kept, which is enough to say when a
 * passage starts and ends.
 */
export class WordTimeline {
  private constructor(private readonly tokens: TimedToken[]) {}

  static align(text: string, words: readonly TranscriptWord[]): WordTimeline {
    const spoken = words.map((word) => ({ word: normalise(word.text.replace(/[^\p{L}\p{N}'’]/gu, '')), start: word.start, end: word.end }));
    const written: { word: string; offset: number }[] = [];
    let codePoint = 0;
    let utf16 = 0;
    for (const match of text.matchAll(WORD)) {
      codePoint += [...text.slice(utf16, match.index)].length;
      utf16 = match.index;
      const word = normalise(match[0]);
      if (word.length >= MIN_WORD_LENGTH) written.push({ word, offset: codePoint });
    }
    // A word that skips ahead over what was said (a heading, a word said only later) must be
    // confirmed by the text's next word right after it, or it would pull the rest of the
    // alignment past what was actually said.
    const confirmed = (index: number, at: number) => {
      const following = written[index + 1]?.word;
      if (following === undefined) return true;
      for (let next = at + 1; next <= at + CONFIRM_WITHIN && next < spoken.length; next += 1) if (spoken[next]!.word === following) return true;
      return false;
    };
    const tokens: TimedToken[] = [];
    let next = 0;
    written.forEach(({ word, offset }, index) => {
      const limit = Math.min(spoken.length, next + LOOKAHEAD);
      let skipped = 0;
      for (let candidate = next; candidate < limit; candidate += 1) {
        const timed = spoken[candidate]!;
        const matches = timed.word === word && (skipped < SKIP_TO_CONFIRM || confirmed(index, candidate));
        if (!matches) {
          if (timed.word.length >= MIN_WORD_LENGTH) skipped += 1;
          continue;
        }
        tokens.push({ offset, startMs: Math.round(timed.start), endMs: Math.round(timed.end) });
        next = candidate + 1;
        break;
      }
    });
    return new WordTimeline(tokens);
  }

  /**
   * When the passage between two code point offsets is said. A passage with no matched word
   * lies between the matched words around it.
   */
  span(charStart: number, charEnd: number): { startMs: number; endMs: number } | null {
    if (this.tokens.length === 0) return null;
    const first = this.firstAtOrAfter(charStart);
    const inside = first < this.tokens.length && this.tokens[first]!.offset < charEnd;
    if (inside) {
      let last = first;
      while (last + 1 < this.tokens.length && this.tokens[last + 1]!.offset < charEnd) last += 1;
      return { startMs: this.tokens[first]!.startMs, endMs: this.tokens[last]!.endMs };
    }
    const before = this.tokens[first - 1];
    const after = this.tokens[first];
    const startMs = before?.endMs ?? after!.startMs;
    return { startMs, endMs: Math.max(startMs, after?.startMs ?? startMs) };
  }

  private firstAtOrAfter(offset: number): number {
    let low = 0;
    let high = this.tokens.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.tokens[middle]!.offset < offset) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
