/**
 * Sentences, paragraphs and captions of a completed transcript, made from its text and the
 * times of its words (or of the engine's phrases). Each is a run of the text itself, so
 * sentences and paragraphs cover the text exactly once, in order, and so do captions.
 */

import { BadRequest } from '../errors';
import type { TimedText, TranscriptRecord, TranscriptWord, Utterance } from './transcript.types';
import { locateWords } from './word-spans';

export interface TranscriptSentence {
  text: string;
  /** Milliseconds from the start of the audio. */
  start: number;
  end: number;
  /** The mean of the words' confidences, when every word has one. */
  confidence?: number;
  words: TranscriptWord[];
}

/** With speaker labels, a paragraph is one speaker's and says whose. */
export type TranscriptParagraph = TranscriptSentence & { speaker?: string };

export const CAPTION_FORMATS = ['srt', 'vtt'] as const;
export type CaptionFormat = (typeof CAPTION_FORMATS)[number];

/** AssemblyAI's default for chars_per_caption. */
export const DEFAULT_CHARS_PER_CAPTION = 32;

/** A paragraph ends at a pause this long between two sentences... */
const PARAGRAPH_PAUSE_MS = 2_000;
/** ...or once it has lasted this long. */
const PARAGRAPH_MAX_MS = 60_000;
/** Text without sentence punctuation (format_text=false) is cut into sentences at pauses this long. */
const UNPUNCTUATED_SENTENCE_PAUSE_MS = 1_000;
/** A caption is not stretched over a pause this long: the screen goes blank instead. */
const CAPTION_PAUSE_MS = 1_500;

const SENTENCE_END = /[.!?…]["'”’)\]]*$/u;
/** Abbreviations Whisper writes before a capitalised word that are not the end of a sentence. */
const ABBREVIATION = /^(?:mr|mrs|ms|dr|prof|sr|jr|st|vs|etc|e\.g|i\.e|no|fig|approx)\.$/i;

/**
 * A run of the text `[from, to)` with its time: a word and whatever text follows it up to the
 * next word; `words` also holds the words the text lacks that came after it. A token of an
 * engine phrase has a `label` instead of a place in the text.
 */
interface Token {
  from: number;
  to: number;
  start: number;
  end: number;
  words: TranscriptWord[];
  label?: string;
}

/**
 * The transcript as a sentence list. Throws when it is not completed or has no word timings:
 * a sentence carries its words.
 */
export function transcriptSentences(transcript: TranscriptRecord): TranscriptSentence[] {
  const { text, words } = timedTranscript(transcript, 'sentences');
  if (!words) throw noWordTimings('sentences');
  return sentencesOf(text, words).map(({ from: _from, to: _to, ...sentence }) => sentence);
}

/**
 * Sentences grouped at long pauses, or when a paragraph has run a minute. With speaker labels a
 * paragraph also ends where the speaker changes, and names the speaker; an utterance whose words
 * the engine did not time is one paragraph, with no words.
 */
export function transcriptParagraphs(transcript: TranscriptRecord): TranscriptParagraph[] {
  const utterances = speakerUtterances(transcript, 'paragraphs');
  if (utterances) {
    return utterances.flatMap((utterance) =>
      utterance.words
        ? paragraphsOf(utterance.text, utterance.words).map((paragraph) => ({ ...paragraph, speaker: utterance.speaker }))
        : [{ text: utterance.text, start: utterance.start, end: utterance.end, words: [], speaker: utterance.speaker }],
    );
  }
  const { text, words } = timedTranscript(transcript, 'paragraphs');
  if (!words) throw noWordTimings('paragraphs');
  return paragraphsOf(text, words);
}

function paragraphsOf(text: string, words: readonly TranscriptWord[]): TranscriptParagraph[] {
  if (!words) throw noWordTimings('paragraphs');
  const paragraphs: (TranscriptSentence & { from: number; to: number })[][] = [];
  for (const sentence of sentencesOf(text, words)) {
    const current = paragraphs.at(-1);
    const last = current?.at(-1);
    if (current && last && sentence.start - last.end < PARAGRAPH_PAUSE_MS && sentence.end - current[0]!.start <= PARAGRAPH_MAX_MS) current.push(sentence);
    else paragraphs.push([sentence]);
  }
  return paragraphs.map((sentences) => {
    const paragraphWords = sentences.flatMap((sentence) => sentence.words);
    return {
      text: text.slice(sentences[0]!.from, sentences.at(-1)!.to).trim(),
      start: sentences[0]!.start,
      end: sentences.at(-1)!.end,
      ...confidenceOf(paragraphWords),
      words: paragraphWords,
    };
  });
}

/**
 * SRT or WebVTT: captions of at most `charsPerCaption` characters (a longer word stands
 * alone), each a run of words that does not cross a sentence end or a long pause. Timed by
 * the words, or without them by the engine's phrases, each phrase's time shared among its
 * words by their length.
 */
export function transcriptCaptions(transcript: TranscriptRecord, format: CaptionFormat, charsPerCaption: number, speakerLabels = false): string {
  if (speakerLabels) return speakerCaptions(speakerUtterances(transcript, 'captions', true)!, format, charsPerCaption);
  const { text, words, segments } = timedTranscript(transcript, 'captions');
  let tokens: Token[];
  if (words) tokens = tokensOf(text, words);
  else if (segments) tokens = segments.flatMap(phraseTokens);
  else {
    throw new BadRequest(
      'The transcript has no timings to caption: the speech-to-text engine gave neither word nor phrase timestamps (it answered plain json).',
    );
  }
  const cues = captionCues(tokens, charsPerCaption, (token) => token.label ?? text.slice(token.from, token.to).trim());
  return format === 'srt' ? srt(cues) : vtt(cues);
}

/**
 * Captions that start with their speaker (`Ada: ...` in SRT, WebVTT's voice span `<v Ada>`),
 * made utterance by utterance so that no caption holds two speakers.
 */
function speakerCaptions(utterances: readonly Utterance[], format: CaptionFormat, charsPerCaption: number): string {
  const cues = utterances.flatMap((utterance) => {
    const tokens = utterance.words ? tokensOf(utterance.text, utterance.words) : phraseTokens(utterance);
    const textOf = (token: Token) => token.label ?? utterance.text.slice(token.from, token.to).trim();
    return captionCues(tokens, charsPerCaption, textOf).map((cue) => ({ ...cue, speaker: utterance.speaker }));
  });
  return format === 'srt' ? srt(cues) : vtt(cues);
}

/**
 * The utterances of a completed transcript with speaker labels; null for one without. `required`
 * (captions with speaker_labels=true): a transcript without speaker labels is a 400 that says so.
 */
function speakerUtterances(transcript: TranscriptRecord, what: string, required = false): Utterance[] | null {
  timedTranscript(transcript, what);
  if (transcript.options.speakerLabels && transcript.utterances) return transcript.utterances;
  if (required) throw new BadRequest('The transcript has no speaker labels: submit it with speaker_labels=true to caption its speakers.');
  return null;
}

function timedTranscript(transcript: TranscriptRecord, what: string): { text: string; words?: TranscriptWord[]; segments?: TimedText[] } {
  if (transcript.status !== 'completed') {
    throw new BadRequest(`The transcript is ${transcript.status}: ${what} are made once it is completed.`);
  }
  return { text: transcript.text ?? '', words: transcript.words, segments: transcript.segments };
}

function noWordTimings(what: string): BadRequest {
  return new BadRequest(`The transcript has no word timings, so it has no ${what}: the speech-to-text engine did not give word timestamps.`);
}

/**
 * The words as runs of the text: each located word takes the text from its start to the next
 * located word's start (the first also what precedes it), so the runs tile the text. A word
 * the text lacks joins the run before it (the first run, when none is before it).
 */
function tokensOf(text: string, words: readonly TranscriptWord[]): Token[] {
  const spans = locateWords(text, words);
  const tokens: Token[] = [];
  const unplaced: TranscriptWord[] = [];
  words.forEach((word, index) => {
    const span = spans[index];
    const previous = tokens.at(-1);
    if (!span) {
      if (!previous) unplaced.push(word);
      else {
        previous.words.push(word);
        previous.end = Math.max(previous.end, word.end);
      }
      return;
    }
    if (previous) previous.to = span.from;
    tokens.push({ from: tokens.length === 0 ? 0 : span.from, to: text.length, start: word.start, end: word.end, words: [word] });
  });
  const first = tokens[0];
  if (first) {
    first.words.unshift(...unplaced);
    first.start = Math.min(first.start, ...unplaced.map((word) => word.start));
  } else if (unplaced.length > 0) {
    // Not one word is found in the text: it all goes as one run.
    tokens.push({ from: 0, to: text.length, start: unplaced[0]!.start, end: unplaced.at(-1)!.end, words: unplaced });
  }
  return tokens;
}

function sentencesOf(text: string, words: readonly TranscriptWord[]): (TranscriptSentence & { from: number; to: number })[] {
  const tokens = tokensOf(text, words);
  const punctuated = tokens.some((token, index) => index < tokens.length - 1 && endsSentence(text, token));
  const groups: Token[][] = [];
  tokens.forEach((token, index) => {
    const previous = tokens[index - 1];
    const startsSentence = !previous || (punctuated ? endsSentence(text, previous) : token.start - previous.end >= UNPUNCTUATED_SENTENCE_PAUSE_MS);
    if (startsSentence) groups.push([token]);
    else groups.at(-1)!.push(token);
  });
  return groups.map((group) => {
    const sentenceWords = group.flatMap((token) => token.words);
    const from = group[0]!.from;
    const to = group.at(-1)!.to;
    return {
      from,
      to,
      text: text.slice(from, to).trim(),
      start: group[0]!.start,
      end: group.at(-1)!.end,
      ...confidenceOf(sentenceWords),
      words: sentenceWords,
    };
  });
}

/** Whether the token's run ends a sentence: closing punctuation that is not an abbreviation's dot. */
function endsSentence(text: string, token: Token): boolean {
  const run = text.slice(token.from, token.to).trim();
  if (!SENTENCE_END.test(run)) return false;
  const lastWord = run.split(/\s+/).at(-1) ?? '';
  return !ABBREVIATION.test(lastWord);
}

function confidenceOf(words: readonly TranscriptWord[]): { confidence?: number } {
  if (words.length === 0 || words.some((word) => word.confidence === undefined)) return {};
  const mean = words.reduce((sum, word) => sum + word.confidence!, 0) / words.length;
  return { confidence: Math.round(mean * 1000) / 1000 };
}

/** A phrase's words, its time shared among them by their length (spaces counted with the word before). */
function phraseTokens(phrase: TimedText): Token[] {
  const parts = phrase.text.split(/\s+/).filter(Boolean);
  const characters = parts.reduce((sum, part) => sum + part.length + 1, 0);
  const length = phrase.end - phrase.start;
  let passed = 0;
  return parts.map((part) => {
    const start = phrase.start + Math.round((passed / characters) * length);
    passed += part.length + 1;
    const end = phrase.start + Math.round((passed / characters) * length);
    return { from: 0, to: 0, start, end, words: [], label: part };
  });
}

interface Cue {
  start: number;
  end: number;
  text: string;
  /** With speaker labels, who speaks it. */
  speaker?: string;
}

function captionCues(tokens: readonly Token[], charsPerCaption: number, textOf: (token: Token) => string): Cue[] {
  const cues: Cue[] = [];
  let open: Cue | null = null;
  for (const token of tokens) {
    const text = textOf(token);
    if (!text) continue;
    const fits = open !== null && open.text.length + 1 + text.length <= charsPerCaption;
    const together = open !== null && token.start - open.end < CAPTION_PAUSE_MS && !SENTENCE_END.test(open.text);
    if (open && fits && together) {
      open.text = `${open.text} ${text}`;
      open.end = Math.max(open.end, token.end);
      continue;
    }
    open = { start: token.start, end: Math.max(token.end, token.start), text };
    cues.push(open);
  }
  return cues;
}

function srt(cues: readonly Cue[]): string {
  return cues
    .map((cue, index) => `${index + 1}\n${timestamp(cue.start, ',')} --> ${timestamp(cue.end, ',')}\n${cue.speaker ? `${cue.speaker}: ` : ''}${cue.text}\n`)
    .join('\n');
}

function vtt(cues: readonly Cue[]): string {
  const voice = (cue: Cue) => (cue.speaker ? `<v ${escapeVtt(cue.speaker)}>` : '');
  const body = cues.map((cue) => `${timestamp(cue.start, '.')} --> ${timestamp(cue.end, '.')}\n${voice(cue)}${escapeVtt(cue.text)}\n`).join('\n');
  return body ? `WEBVTT\n\n${body}` : 'WEBVTT\n';
}

/** `HH:MM:SS,mmm` (SRT) or `HH:MM:SS.mmm` (WebVTT). */
function timestamp(ms: number, separator: string): string {
  const whole = Math.max(0, Math.round(ms));
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const hours = Math.floor(whole / 3_600_000);
  const minutes = Math.floor((whole % 3_600_000) / 60_000);
  const seconds = Math.floor((whole % 60_000) / 1000);
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}${separator}${pad(whole % 1000, 3)}`;
}

/** WebVTT cue text is markup: `&`, `<` and `>` are written as entities. */
function escapeVtt(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
