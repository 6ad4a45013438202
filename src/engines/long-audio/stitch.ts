import type { TimedText, TranscriptWord } from '../../domain/transcription/transcript.types';
import { locateWords, wordCore } from '../../domain/transcription/word-spans';
import type { Transcription } from '../speech-to-text.client';
import type { SpeechSegment, Stretch } from './segment-plan';

/** What the engine made of one segment; its times are in the segment's own file. */
export interface SegmentTranscription {
  segment: SpeechSegment;
  transcription: Transcription;
}

/** Untimed words (zero length) this close are one word heard by both sides of a seam. */
const SAME_WORD_GAP_MS = 100;
/** How far into each side of a seam the text is searched for the words both sides heard. */
const SPLICE_WORDS = 16;

interface Part {
  segment: SpeechSegment;
  text: string;
  words: TranscriptWord[] | undefined;
  segments: TimedText[] | undefined;
  /** The words of `words` that count: `[lo, hi)`. */
  lo: number;
  hi: number;
}

/**
 * One transcription of the whole recording from those of its segments, in order: every time
 * moved from the segment's file onto the recording (the silences left out put back), and at
 * a seam inside speech each word taken from one side only. Words and timed phrases are kept
 * only when every segment has them, so a list is never silently partial.
 */
export function stitch(results: readonly SegmentTranscription[]): Transcription {
  const ordered = [...results].sort((a, b) => a.segment.index - b.segment.index);
  const parts: Part[] = ordered.map(({ segment, transcription }) => {
    const words = transcription.words?.map((word) => ({ ...word, ...placed(segment.pieces, word) }));
    return {
      segment,
      text: transcription.text.trim(),
      words,
      segments: transcription.segments?.map((timed) => ({ ...timed, ...placed(segment.pieces, timed) })),
      lo: 0,
      hi: words?.length ?? 0,
    };
  });
  parts.forEach((part, index) => {
    const next = parts[index + 1];
    if (next && part.segment.keepUntilSeconds !== null) settleSeam(part, next, part.segment.keepUntilSeconds * 1000);
  });
  const allWords = parts.every((part) => part.words);
  const allSegments = parts.every((part) => part.segments);
  const allUtterances = ordered.every(({ transcription }) => transcription.utterances);
  return {
    text: joinText(parts, allWords),
    ...language(ordered),
    ...(allWords && parts.length > 0 ? { words: inTimeOrder(parts.flatMap((part) => part.words!.slice(part.lo, part.hi))) } : {}),
    ...(allSegments && parts.length > 0
      ? { segments: inTimeOrder(parts.flatMap((part) => part.segments!.filter((timed) => counts(part.segment, timed)))) }
      : {}),
    // A diarizing engine gives its utterances already on the recording's timeline, each on one side of a seam.
    ...(allUtterances && parts.length > 0 ? { utterances: inTimeOrder(ordered.flatMap(({ transcription }) => transcription.utterances!)) } : {}),
  };
}

/** A segment's timed items (in its file's times) on the recording's timeline, those on its side of its seams only. */
export function onRecording<T extends { start: number; end: number }>(segment: SpeechSegment, items: readonly T[]): T[] {
  return items.map((item) => ({ ...item, ...placed(segment.pieces, item) })).filter((item) => counts(segment, item));
}

/**
 * A time in the segment's file to the recording: the piece it falls in (by the middle of the
 * stretch, so a word is never spread over a silence that was left out), then its offset there.
 */
function placed(pieces: readonly Stretch[], timed: { start: number; end: number }): { start: number; end: number } {
  const middle = (timed.start + timed.end) / 2;
  let fileStart = 0;
  let chosen = { piece: pieces[0]!, fileStart: 0 };
  for (const piece of pieces) {
    if (fileStart > middle) break;
    chosen = { piece, fileStart };
    fileStart += Math.round((piece.endSeconds - piece.startSeconds) * 1000);
  }
  const from = Math.round(chosen.piece.startSeconds * 1000);
  const to = Math.round(chosen.piece.endSeconds * 1000);
  const clamp = (time: number) => Math.min(to, Math.max(from, from + time - chosen.fileStart));
  return { start: clamp(timed.start), end: Math.max(clamp(timed.start), clamp(timed.end)) };
}

const middleOf = (timed: { start: number; end: number }) => (timed.start + timed.end) / 2;

/** Whether a timed phrase lies on this segment's side of its seams. */
function counts(segment: SpeechSegment, timed: { start: number; end: number }): boolean {
  const middle = middleOf(timed);
  if (segment.keepFromSeconds !== null && middle < segment.keepFromSeconds * 1000) return false;
  return segment.keepUntilSeconds === null || middle < segment.keepUntilSeconds * 1000;
}

/**
 * Both sides of a seam inside speech heard the words around it. Each word goes to the side its
 * middle lies on; where the two sides time one word a little differently, so that both or
 * neither would keep it, it is kept once.
 */
function settleSeam(before: Part, after: Part, seamMs: number): void {
  const a = before.words;
  const b = after.words;
  if (!a || !b) return;
  let hi = before.lo;
  while (hi < a.length && middleOf(a[hi]!) < seamMs) hi++;
  let lo = 0;
  while (lo < b.length && middleOf(b[lo]!) < seamMs) lo++;
  if (hi > before.lo && lo < b.length && sameWord(a[hi - 1]!, b[lo]!)) lo++;
  else if (hi < a.length && lo > 0 && sameWord(a[hi]!, b[lo - 1]!)) hi++;
  before.hi = hi;
  after.lo = lo;
}

/**
 * One word as two sides heard it: the same letters at overlapping times. A word said twice in
 * a row ("very very") has the same letters too, but its two times follow each other.
 */
function sameWord(one: TranscriptWord, other: TranscriptWord): boolean {
  if (wordCore(one.text) !== wordCore(other.text)) return false;
  const overlap = Math.min(one.end, other.end) - Math.max(one.start, other.start);
  const untimed = one.end === one.start || other.end === other.start;
  return untimed ? Math.abs(one.start - other.start) <= SAME_WORD_GAP_MS : overlap > 0;
}

/** Words or phrases in time order, none starting before the one before it has ended. */
function inTimeOrder<T extends { start: number; end: number }>(items: T[]): T[] {
  let end = 0;
  return items.map((item) => {
    const start = Math.max(item.start, end);
    end = Math.max(item.end, start);
    return { ...item, start, end };
  });
}

/**
 * The segments' texts in order. At a seam inside speech each side's text is cut where its
 * kept words begin or end; without words located in the text, the two texts are spliced
 * where they repeat each other.
 */
function joinText(parts: Part[], withWords: boolean): string {
  let text = '';
  parts.forEach((part, index) => {
    const previous = parts[index - 1];
    const seamBefore = previous !== undefined && previous.segment.keepUntilSeconds !== null;
    const seamAfter = part.segment.keepUntilSeconds !== null && index < parts.length - 1;
    const sliced = withWords ? slicedText(part, seamBefore, seamAfter) : null;
    if (sliced !== null) {
      text = joined(text, sliced.text);
      return;
    }
    text = seamBefore ? splice(text, part.text) : joined(text, part.text);
  });
  return text;
}

function joined(text: string, more: string): string {
  if (!more) return text;
  return text ? `${text} ${more}` : more;
}

/** The part's text between its first and last kept word; null when those words are not found in it. */
function slicedText(part: Part, seamBefore: boolean, seamAfter: boolean): { text: string } | null {
  if (!seamBefore && !seamAfter) return { text: part.text };
  const words = part.words!;
  if (part.hi <= part.lo) return { text: '' };
  const spans = locateWords(part.text, words);
  const first = spans[part.lo];
  const last = spans[part.hi - 1];
  if (!first || !last) return null;
  return { text: part.text.slice(seamBefore ? first.from : 0, seamAfter ? last.to : part.text.length).trim() };
}

/**
 * Joins two texts that both hold the speech around a seam: the longest run of words that ends
 * the first and begins the second (within a few words of each) is kept once. With no such run
 * they are simply joined.
 */
function splice(text: string, next: string): string {
  const before = text.split(/\s+/).filter(Boolean);
  const after = next.split(/\s+/).filter(Boolean);
  const tail = before.slice(-SPLICE_WORDS).map(wordCore);
  const head = after.slice(0, SPLICE_WORDS).map(wordCore);
  // The longest run wins; between runs as long, the one nearest the seam (the end of the
  // first text, the start of the second), since a short word may repeat further away.
  let best = { length: 0, endInTail: 0, endInHead: 0, distance: Number.POSITIVE_INFINITY };
  for (let i = 0; i < tail.length; i++) {
    for (let j = 0; j < head.length; j++) {
      let length = 0;
      while (i + length < tail.length && j + length < head.length && tail[i + length] !== '' && tail[i + length] === head[j + length]) length++;
      const distance = tail.length - (i + length) + j;
      if (length > best.length || (length === best.length && length > 0 && distance < best.distance)) {
        best = { length, endInTail: i + length, endInHead: j + length, distance };
      }
    }
  }
  if (best.length === 0) return joined(text, next);
  const kept = before.slice(0, before.length - tail.length + best.endInTail);
  return joined(kept.join(' '), after.slice(best.endInHead).join(' '));
}

/** The language most of the audio was heard in, with the engine's confidence averaged over that audio. */
function language(results: readonly SegmentTranscription[]): Pick<Transcription, 'languageCode' | 'languageConfidence'> {
  const seconds = new Map<string, number>();
  for (const { segment, transcription } of results) {
    if (transcription.languageCode) seconds.set(transcription.languageCode, (seconds.get(transcription.languageCode) ?? 0) + segment.seconds);
  }
  const top = [...seconds.entries()].sort((a, b) => b[1] - a[1])[0];
  if (!top) return {};
  const [languageCode, total] = top;
  const inIt = results.filter(({ transcription }) => transcription.languageCode === languageCode);
  if (inIt.some(({ transcription }) => transcription.languageConfidence === undefined) || total <= 0) return { languageCode };
  const weighted = inIt.reduce((sum, { segment, transcription }) => sum + transcription.languageConfidence! * segment.seconds, 0);
  return { languageCode, languageConfidence: Math.round((weighted / total) * 1000) / 1000 };
}
