import { describe, expect, it } from 'vitest';
import { splitWithPlaces } from '../../src/domain/knowledge-base/chunking';
import { WordTimeline } from '../../src/domain/knowledge-base/word-timings';
import type { TranscriptWord } from '../../src/domain/transcription/transcript.types';

const SPOKEN = 'Um, welcome everyone. Today we talk about tides. The moon pulls the ocean twice a day. Uh, then we look at storms and the harbour wall.';

/** A word every 500 ms, as a Whisper-style engine times them (punctuation kept, leading space). */
function timed(text: string): TranscriptWord[] {
  return text.split(' ').map((word, index) => ({ text: ` ${word}`, start: index * 500, end: index * 500 + 400 }));
}

const startOf = (word: string) => SPOKEN.split(' ').indexOf(word) * 500;
const endOf = (word: string) => SPOKEN.split(' ').indexOf(word) * 500 + 400;

describe('WordTimeline', () => {
  it('places passages of the transcript itself at the words they start and end with', () => {
    const timeline = WordTimeline.align(SPOKEN, timed(SPOKEN));
    const start = SPOKEN.indexOf('The moon');
    const end = SPOKEN.indexOf('day.') + 'day.'.length;
    expect(timeline.span(start, end)).toEqual({ startMs: startOf('The'), endMs: endOf('day.') });
    expect(timeline.span(0, SPOKEN.length)).toEqual({ startMs: startOf('Um,') + 500, endMs: endOf('wall.') });
  });

  it('places the sections of a rewrite by the words it kept', () => {
    const rewrite = '# Tides\n\nToday we talk about tides: the moon pulls the ocean twice a day.\n\n# Storms\n\nThen we look at storms and the harbour wall.';
    const timeline = WordTimeline.align(rewrite, timed(SPOKEN));
    const [tides, storms] = splitWithPlaces(rewrite, 1);
    expect(timeline.span(tides!.charStart, tides!.charEnd)).toEqual({ startMs: startOf('Today'), endMs: endOf('day.') });
    expect(timeline.span(storms!.charStart, storms!.charEnd)).toEqual({ startMs: startOf('then'), endMs: endOf('wall.') });
  });

  it('puts a passage with no spoken word between the words around it, and knows nothing without words', () => {
    const text = 'Welcome everyone. Zzz qqq. Today we talk.';
    const timeline = WordTimeline.align(text, timed('welcome everyone today we talk'));
    const gap = timeline.span(text.indexOf('Zzz'), text.indexOf('qqq.') + 4);
    expect(gap).toEqual({ startMs: 900, endMs: 1000 });
    expect(WordTimeline.align(text, []).span(0, 5)).toBeNull();
  });
});
