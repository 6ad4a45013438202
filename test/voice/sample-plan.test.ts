import { describe, expect, it } from 'vitest';
import { formatTimestamp, planSamples } from '../../src/domain/voice/sample-plan';

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
