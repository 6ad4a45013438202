import { describe, expect, it } from 'vitest';
import type { SpeechSegment } from '../../src/engines/long-audio/segment-plan';
import { stitch } from '../../src/engines/long-audio/stitch';
import type { Transcription } from '../../src/engines/speech-to-text.client';

function segment(index: number, pieces: [number, number][], keep: { from?: number; until?: number } = {}): SpeechSegment {
  return {
    index,
    pieces: pieces.map(([startSeconds, endSeconds]) => ({ startSeconds, endSeconds })),
    seconds: pieces.reduce((sum, [start, end]) => sum + end - start, 0),
    keepFromSeconds: keep.from ?? null,
    keepUntilSeconds: keep.until ?? null,
    span: { startSeconds: keep.from ?? pieces[0]![0], endSeconds: keep.until ?? pieces.at(-1)![1] },
  };
}

const word = (text: string, start: number, end: number) => ({ text, start, end });

describe('stitch', () => {
  it('moves times from each segment file onto the recording, silences that were left out put back', () => {
    // The file holds 10-20 s, then 50-60 s of the recording.
    const result = stitch([
      {
        segment: segment(0, [
          [10, 20],
          [50, 60],
        ]),
        transcription: {
          text: 'One two. Three four.',
          words: [word('One', 1000, 1500), word('two', 1500, 2000), word('Three', 12000, 12500), word('four', 9800, 10300)],
          segments: [
            { text: 'One two.', start: 1000, end: 2000 },
            { text: 'Three four.', start: 9800, end: 12500 },
          ],
        },
      },
    ]);
    expect(result.text).toBe('One two. Three four.');
    // `four` straddles the joint of the file; it belongs to the piece its middle falls in.
    expect(result.words).toEqual([word('One', 11000, 11500), word('two', 11500, 12000), word('Three', 52000, 52500), word('four', 52500, 52500)]);
    expect(result.segments).toEqual([
      { text: 'One two.', start: 11000, end: 12000 },
      { text: 'Three four.', start: 50000, end: 52500 },
    ]);
  });

  it('joins segments cut at pauses in order and takes the language most of the audio was in', () => {
    const parts: { segment: SpeechSegment; transcription: Transcription }[] = [
      { segment: segment(1, [[300, 400]]), transcription: { text: 'Later.', words: [word('Later', 0, 500)], languageCode: 'de', languageConfidence: 0.5 } },
      { segment: segment(0, [[0, 300]]), transcription: { text: 'First.', words: [word('First', 0, 500)], languageCode: 'en', languageConfidence: 0.9 } },
    ];
    const result = stitch(parts);
    expect(result.text).toBe('First. Later.');
    expect(result.words).toEqual([word('First', 0, 500), word('Later', 300000, 300500)]);
    expect(result).toMatchObject({ languageCode: 'en', languageConfidence: 0.9 });
  });

  it('keeps each word once across a seam inside speech, also where the two sides time it differently', () => {
    // Seam at 100 s; the first side hears up to 101 s, the second from 99 s.
    const before = segment(0, [[0, 101]], { until: 100 });
    const after = segment(1, [[99, 200]], { from: 100 });
    const result = stitch([
      {
        segment: before,
        transcription: {
          text: 'We went to the harbour, and',
          // `harbour` ends before the seam for this side ...
          words: [
            word('We', 97000, 97300),
            word('went', 97400, 97800),
            word('to', 98000, 98200),
            word('the', 98300, 98600),
            word('harbour', 99400, 99950),
            word('and', 100400, 100900),
          ],
        },
      },
      {
        segment: after,
        transcription: {
          text: 'the harbour, and then we sailed.',
          // ... and after it for this one: both would keep it.
          words: [
            word('the', 0, 250),
            word('harbour', 800, 1300),
            word('and', 1400, 1900),
            word('then', 2000, 2300),
            word('we', 2400, 2600),
            word('sailed', 2700, 3200),
          ],
        },
      },
    ]);
    expect(result.words?.map((w) => w.text)).toEqual(['We', 'went', 'to', 'the', 'harbour', 'and', 'then', 'we', 'sailed']);
    expect(result.text).toBe('We went to the harbour, and then we sailed.');
  });

  it('keeps a word at a seam that each side placed on the other side', () => {
    const result = stitch([
      {
        segment: segment(0, [[0, 101]], { until: 100 }),
        transcription: { text: 'big blue boat', words: [word('big', 99000, 99400), word('blue', 99800, 100300), word('boat', 100500, 100900)] },
      },
      {
        segment: segment(1, [[99, 200]], { from: 100 }),
        transcription: { text: 'big blue boat', words: [word('big', 0, 400), word('blue', 600, 980), word('boat', 1500, 1900)] },
      },
    ]);
    expect(result.words?.map((w) => w.text)).toEqual(['big', 'blue', 'boat']);
    expect(result.text).toBe('big blue boat');
  });

  it('splices texts without words where they repeat each other, and keeps no partial word list', () => {
    const result = stitch([
      { segment: segment(0, [[0, 101]], { until: 100 }), transcription: { text: 'The quick brown fox jum', words: [word('The', 0, 100)] } },
      { segment: segment(1, [[99, 200]], { from: 100 }), transcription: { text: 'fox jumps over the lazy dog.' } },
    ]);
    expect(result.text).toBe('The quick brown fox jumps over the lazy dog.');
    expect(result).not.toHaveProperty('words');
  });
});
