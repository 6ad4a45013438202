import { describe, expect, it } from 'vitest';
import { applyTextOptions, applyWordOptions } from '../../src/domain/transcription/transcript-text';
import type { TranscriptWord } from '../../src/domain/transcription/transcript.types';

/** Words as faster-whisper style engines give them: punctuated, with a leading space. */
function timed(text: string): TranscriptWord[] {
  return text.split(' ').map((word, index) => ({ text: ` ${word}`, start: index * 100, end: index * 100 + 90, confidence: 0.5 }));
}

const SPOKEN = [
  'Um, hello world. This is, uh, a test.',
  'So, erm. We start now! Hmm, right?',
  'Well — uhh, it costs 3.50 dollars, um.',
  "Ah. Don't stop, mm, I'm listening.",
];

const OPTIONS = [
  { fillerWords: false, formatText: true },
  { fillerWords: false, formatText: false },
  { fillerWords: true, formatText: false },
  { fillerWords: true, formatText: true },
];

describe('options applied to words', () => {
  for (const text of SPOKEN) {
    for (const options of OPTIONS) {
      it(`reads as the text does for ${JSON.stringify(text)} with ${JSON.stringify(options)}`, () => {
        const words = applyWordOptions(timed(text), options);
        expect(words.map((word) => word.text).join(' ')).toBe(applyTextOptions(text, options));
      });
    }
  }

  it('drops a hesitation with its time and keeps the times and scores of the others', () => {
    expect(applyWordOptions(timed('Um, hello world.'), { fillerWords: false, formatText: true })).toEqual([
      { text: 'Hello', start: 100, end: 190, confidence: 0.5 },
      { text: 'world.', start: 200, end: 290, confidence: 0.5 },
    ]);
  });

  it('drops a word that was only punctuation when the text is unformatted', () => {
    const words = applyWordOptions(timed('Well — fine.'), { fillerWords: true, formatText: false });
    expect(words).toEqual([
      { text: 'well', start: 0, end: 90, confidence: 0.5 },
      { text: 'fine', start: 200, end: 290, confidence: 0.5 },
    ]);
  });
});
