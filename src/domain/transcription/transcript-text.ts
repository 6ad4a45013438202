/**
 * What the partner's options do to the engine's text. Speech-to-text engines keep
 * hesitations and always punctuate; the /v2 options remove them after the fact, so any
 * OpenAI-compatible engine gives the same result.
 */

import type { TimedText, TranscriptWord } from './transcript.types';

// Single-word hesitations only: multi-word fillers ("you know", "I mean") carry meaning too often.
const FILLER = /^(?:u+m+|u+h+|u+h+m+|e+r+|e+r+m+|a+h+|h+m+|m{2,})$/i;
const SENTENCE_END = /[.!?]$/;

interface Token {
  leading: string;
  core: string;
  trailing: string;
}

function tokenize(word: string): Token {
  const match = /^([^\p{L}\p{N}]*)(.*?)([^\p{L}\p{N}]*)$/u.exec(word);
  return { leading: match?.[1] ?? '', core: match?.[2] ?? word, trailing: match?.[3] ?? '' };
}

/**
 * Drops hesitations (um, uh, er, ah, hmm, mm, erm, uhm and their drawn-out spellings) with
 * the commas that set them off, keeping sentence ends and sentence-initial capitals.
 */
export function removeFillerWords(text: string): string {
  return keptWords(text.split(/\s+/).filter(Boolean))
    .map((word) => word.text)
    .join(' ');
}

/**
 * The words that are not hesitations, each with the index it had and its text after the
 * punctuation and capital of a dropped neighbour moved onto it. Text and timed words share
 * this, so both come out of the same rules.
 */
function keptWords(words: readonly string[]): { index: number; text: string }[] {
  const kept: (Token & { index: number })[] = [];
  let capitalizeNext = false;
  words.forEach((word, index) => {
    const token = tokenize(word);
    if (FILLER.test(token.core)) {
      const previous = kept.at(-1);
      const atSentenceStart = !previous || SENTENCE_END.test(previous.trailing);
      if (SENTENCE_END.test(token.trailing)) {
        if (previous) previous.trailing = previous.trailing.replace(/[,;:]+$/, '') + token.trailing.replace(/^[^.!?]*/, '');
      } else if (previous && token.trailing.includes(',')) {
        previous.trailing = previous.trailing.replace(/,$/, '');
      }
      if (atSentenceStart && /^\p{Lu}/u.test(token.core)) capitalizeNext = true;
      return;
    }
    if (capitalizeNext) {
      token.core = token.core.charAt(0).toUpperCase() + token.core.slice(1);
      capitalizeNext = false;
    }
    kept.push({ ...token, index });
  });
  return kept.map((token) => ({ index: token.index, text: `${token.leading}${token.core}${token.trailing}` }));
}

/**
 * format_text=false: lower case without punctuation. Apostrophes inside words and the
 * separators inside numbers stay, since removing them changes the word or the number.
 */
export function unformatText(text: string): string {
  return text
    .toLowerCase()
    .replace(/(?<=\p{L})['’](?=\p{L})/gu, '\u0000')
    .replace(/(?<=\p{N})[.,](?=\p{N})/gu, (separator) => (separator === '.' ? '\u0001' : '\u0002'))
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\u0000/g, "'")
    .replace(/\u0001/g, '.')
    .replace(/\u0002/g, ',')
    .replace(/\s+/g, ' ')
    .trim();
}

export function applyTextOptions(text: string, options: { fillerWords: boolean; formatText: boolean }): string {
  let result = text.trim();
  if (!options.fillerWords) result = removeFillerWords(result);
  if (!options.formatText) result = unformatText(result);
  return result;
}

/**
 * The same options, word by word: hesitations leave the list (their time with them), and
 * unformatted words lose case and punctuation; a word that was only punctuation goes.
 */
export function applyWordOptions(words: readonly TranscriptWord[], options: { fillerWords: boolean; formatText: boolean }): TranscriptWord[] {
  let result = words.map((word) => ({ ...word, text: word.text.trim() })).filter((word) => word.text !== '');
  if (!options.fillerWords) {
    result = keptWords(result.map((word) => word.text)).map(({ index, text }) => ({ ...result[index]!, text }));
  }
  if (!options.formatText) {
    result = result.map((word) => ({ ...word, text: unformatText(word.text) })).filter((word) => word.text !== '');
  }
  return result;
}

/** The text options on each timed phrase; a phrase left with no text goes. */
export function applySegmentOptions(segments: readonly TimedText[], options: { fillerWords: boolean; formatText: boolean }): TimedText[] {
  return segments.map((segment) => ({ ...segment, text: applyTextOptions(segment.text, options) })).filter((segment) => segment.text !== '');
}

/** The recogniser's prompt: Whisper-style engines favour the words they see in it. */
export function boostedWordsPrompt(words: readonly string[]): string | undefined {
  return words.length > 0 ? words.join(', ') : undefined;
}
