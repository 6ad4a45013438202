import { renderLavfi } from './audio';
import type { Register } from './diarizing-server';

/**
 * A two-person conversation the diarizing stand-in (diarizing-server.ts) tells apart by sound:
 * sentences of four tone "words" (0.3 s bursts, 0.2 s apart, 0.7 s between sentences, so 2.5 s
 * a sentence), the low speaker's words at 300-600 Hz and the high speaker's at 700-1000 Hz.
 * Who speaks sentence s follows floor(s/2) + floor(s/7) (mod 2): turns of one to four sentences,
 * and a different speaker first in different stretches, as in a real conversation.
 */
export const SENTENCE_SECONDS = 2.5;

export function speakerOfSentence(sentence: number): Register {
  return (Math.floor(sentence / 2) + Math.floor(sentence / 7)) % 2 === 0 ? 'low' : 'high';
}

/** Renders `seconds` of the conversation (8 kHz, in the format of the extension). */
export function makeConversation(path: string, seconds: number) {
  return renderSpeech(path, seconds, `mod(floor(floor(t/${SENTENCE_SECONDS})/2)+floor(floor(t/${SENTENCE_SECONDS})/7)\\,2)`);
}

/** `seconds` of one speaker of the conversation alone (sentences of their register only): a voice sample of them. */
export function makeSpeakerSample(path: string, register: Register, seconds: number) {
  return renderSpeech(path, seconds, register === 'low' ? '0' : '1');
}

/** Sentences of four tone words; `speaker` (0 low, 1 high) is a lavfi expression of t. */
function renderSpeech(path: string, seconds: number, speaker: string) {
  const period = SENTENCE_SECONDS;
  const inSentence = `mod(t\\,${period})`;
  const word = `(floor(t/${period})*4+floor(${inSentence}/0.5))`;
  const sounding = `lt(${inSentence}\\,1.8)*lt(mod(${inSentence}\\,0.5)\\,0.3)`;
  return renderLavfi(path, `aevalsrc=0.3*${sounding}*sin(2*PI*t*(300+100*mod(${word}\\,4)+400*${speaker})):s=8000:d=${seconds}`, { sampleRate: 8000 });
}

/** The register of each sentence of `seconds` of the conversation, by its start (seconds). */
export function conversationTurns(seconds: number): { start: number; end: number; register: Register }[] {
  const turns: { start: number; end: number; register: Register }[] = [];
  for (let sentence = 0; (sentence + 1) * SENTENCE_SECONDS <= seconds + 0.7; sentence++) {
    const start = sentence * SENTENCE_SECONDS;
    turns.push({ start, end: start + 1.8, register: speakerOfSentence(sentence) });
  }
  return turns;
}

/**
 * How often labels change meaning: an utterance whose label was first given to the other
 * speaker's register, and every register given more than one label (a speaker split in two).
 * 0 for a transcript whose labels stay put across the whole recording.
 */
export function labelSwaps(utterances: readonly { speaker: string; start: number; end: number }[], seconds: number): number {
  const turns = conversationTurns(seconds);
  const registerAt = (utterance: { start: number; end: number }) => {
    const middle = (utterance.start + utterance.end) / 2000;
    return turns.reduce((best, turn) => (Math.abs((turn.start + turn.end) / 2 - middle) < Math.abs((best.start + best.end) / 2 - middle) ? turn : best))
      .register;
  };
  const firstRegister = new Map<string, Register>();
  const labelsOf = new Map<Register, Set<string>>();
  let swaps = 0;
  for (const utterance of utterances) {
    const register = registerAt(utterance);
    const first = firstRegister.get(utterance.speaker);
    if (first === undefined) firstRegister.set(utterance.speaker, register);
    else if (first !== register) swaps++;
    labelsOf.set(register, new Set([...(labelsOf.get(register) ?? []), utterance.speaker]));
  }
  for (const labels of labelsOf.values()) swaps += labels.size - 1;
  return swaps;
}
