/**
 * What the partner's options do to the engine's text. Speech-to-text engines keep
 * hesitations and always punctuate; the /v2 options remove them after the fact, so any
 * OpenAI-compatible engine gives the same result.
 */

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
  const kept: Token[] = [];
  let capitalizeNext = false;
  for (const word of text.split(/\s+/).filter(Boolean)) {
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
      continue;
    }
    if (capitalizeNext) {
      token.core = token.core.charAt(0).toUpperCase() + token.core.slice(1);
      capitalizeNext = false;
    }
    kept.push(token);
  }
  return kept.map((token) => `${token.leading}${token.core}${token.trailing}`).join(' ');
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

/** The recogniser's prompt: Whisper-style engines favour the words they see in it. */
export function boostedWordsPrompt(words: readonly string[]): string | undefined {
  return words.length > 0 ? words.join(', ') : undefined;
}
