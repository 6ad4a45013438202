import { describe, expect, it } from 'vitest';
import { formatTimestamp, planCuratedSamples, planSamples, roundSeconds } from '../../src/domain/voice/sample-plan';

describe('planSamples', () => {
  it.each([
    {
      duration: 60,
      max: 25,
      length: 15,
      expected: [
        [0, 15],
        [15, 15],
        [30, 15],
        [45, 15],
      ],
    },
    {
      duration: 50,
      max: 25,
      length: 15,
      expected: [
        [0, 15],
        [15, 15],
        [30, 15],
        [45, 5],
      ],
    },
    {
      duration: 45.5,
      max: 25,
      length: 15,
      expected: [
        [0, 15],
        [15, 15],
        [30, 15],
      ],
    },
    {
      duration: 46,
      max: 25,
      length: 15,
      expected: [
        [0, 15],
        [15, 15],
        [30, 15],
        [45, 1],
      ],
    },
    {
      duration: 100,
      max: 2,
      length: 15,
      expected: [
        [0, 15],
        [15, 15],
      ],
    },
    { duration: 10, max: 25, length: 15, expected: [[0, 10]] },
    {
      duration: 30.25,
      max: 25,
      length: 10,
      expected: [
        [0, 10],
        [10, 10],
        [20, 10],
      ],
    },
    {
      duration: 12.3456,
      max: 25,
      length: 5,
      expected: [
        [0, 5],
        [5, 5],
        [10, 2.346],
      ],
    },
    { duration: 0.5, max: 25, length: 15, expected: [] },
    { duration: 0, max: 25, length: 15, expected: [] },
    { duration: 60, max: 0, length: 15, expected: [] },
  ])('$duration s, at most $max of $length s', ({ duration, max, length, expected }) => {
    expect(planSamples(duration, max, length)).toEqual(expected.map(([startSeconds, durationSeconds], index) => ({ index, startSeconds, durationSeconds })));
  });
});

describe('formatTimestamp', () => {
  it.each([
    [0, '00:00'],
    [5, '00:05'],
    [59.9, '00:59'],
    [60, '01:00'],
    [754, '12:34'],
    [4503, '75:03'],
    [6000, '100:00'],
    [0.1 * 30, '00:03'],
    [-3, '00:00'],
    [Number.NaN, '00:00'],
  ])('%s s is %s', (seconds, expected) => {
    expect(formatTimestamp(seconds)).toBe(expected);
  });
});

describe('planCuratedSamples', () => {
  /** Pauses of `seconds` each ending at the given times' starts: [start, end] pairs. */
  const pauses = (...spans: [number, number][]) => spans.map(([startSeconds, endSeconds]) => ({ startSeconds, endSeconds }));
  const spans = (plan: ReturnType<typeof planCuratedSamples>) =>
    plan.map((slice) => [slice.startSeconds, roundSeconds(slice.startSeconds + slice.durationSeconds)]);

  it('cuts in the pause nearest to sample_duration, keeping a margin of it on either side', () => {
    // Sentences of about 4 s with 0.8 s pauses: a cut near 15 s falls in the pause at 14.4-15.2.
    const plan = planCuratedSamples(40, pauses([4, 4.8], [9.6, 10.4], [14.4, 15.2], [19.6, 20.4], [25, 25.8], [30, 30.8], [35.2, 36]), 25, 15);
    expect(spans(plan)).toEqual([
      [0, 14.6],
      [15, 30.2],
      [30.6, 40],
    ]);
    expect(plan.map((slice) => slice.cutInSpeech)).toEqual([
      { start: false, end: false },
      { start: false, end: false },
      { start: false, end: false },
    ]);
    expect(plan.map((slice) => slice.index)).toEqual([0, 1, 2]);
  });

  it('trims silence at the ends of the recording to the margin', () => {
    const plan = planCuratedSamples(20, pauses([0, 3], [17, 20]), 25, 15);
    expect(spans(plan)).toEqual([[2.8, 17.2]]);
  });

  it('cuts inside speech only when no pause lies within ±20% of sample_duration, and says so', () => {
    // A pause at 5 s is too early (below 12 s) and one at 19.5 s too late (above 18 s).
    const plan = planCuratedSamples(30, pauses([5, 5.5], [19.5, 20.5]), 25, 15);
    expect(spans(plan)).toEqual([
      [0, 15],
      [15, 30],
    ]);
    expect(plan.map((slice) => slice.cutInSpeech)).toEqual([
      { start: false, end: true },
      { start: true, end: false },
    ]);
  });

  it('skips long silences: no sample spans a pause of 2 s or more', () => {
    const plan = planCuratedSamples(40, pauses([10, 13], [23, 40]), 25, 15);
    expect(spans(plan)).toEqual([
      [0, 10.2],
      [12.8, 23.2],
    ]);
  });

  it('leaves out stretches of speech shorter than 5 s, and samples that would be mostly silence', () => {
    expect(spans(planCuratedSamples(30, pauses([3, 6], [16, 30]), 25, 15))).toEqual([[5.8, 16.2]]);
    // One second of sound every 2.5 s, then 8 s of speech after a long pause.
    const sparse = pauses([1, 2.5], [3.5, 5], [6, 7.5], [8.5, 10], [11, 12.5], [13.5, 16]);
    expect(spans(planCuratedSamples(24, sparse, 25, 10))).toEqual([[15.8, 24]]);
  });

  it('keeps a short recording that has no 5 s of speech as one sample', () => {
    expect(spans(planCuratedSamples(3, pauses([0, 0.5]), 25, 15))).toEqual([[0.3, 3]]);
    expect(planCuratedSamples(0.8, pauses([0, 0.5]), 25, 15)).toEqual([]);
  });

  it('stops at max_samples and keeps within 60 s', () => {
    const everyFour = Array.from({ length: 40 }, (_, i): [number, number] => [i * 4 + 3.5, i * 4 + 4]);
    expect(planCuratedSamples(160, pauses(...everyFour), 2, 15)).toHaveLength(2);
    const long = planCuratedSamples(160, pauses(...everyFour), 25, 60);
    expect(long.length).toBeGreaterThan(1);
    for (const slice of long) expect(slice.durationSeconds).toBeLessThanOrEqual(60);
  });

  it('plans nothing for an empty or silent recording', () => {
    expect(planCuratedSamples(0, [], 25, 15)).toEqual([]);
    expect(planCuratedSamples(10, pauses([0, 10]), 25, 15)).toEqual([]);
    expect(planCuratedSamples(60, [], 0, 15)).toEqual([]);
  });

  it('cuts continuous speech without pauses at sample_duration', () => {
    const plan = planCuratedSamples(40, [], 25, 15);
    expect(spans(plan)).toEqual([
      [0, 15],
      [15, 30],
      [30, 40],
    ]);
    expect(plan.map((slice) => slice.cutInSpeech)).toEqual([
      { start: false, end: true },
      { start: true, end: true },
      { start: true, end: false },
    ]);
  });
});
