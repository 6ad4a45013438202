import { describe, expect, it } from 'vitest';
import { SegmentPlanner, type SpeechSegment } from '../../src/engines/long-audio/segment-plan';

type Pause = [start: number, end: number];

function plan(durationSeconds: number, pauses: Pause[], maxSeconds: number): SpeechSegment[] {
  const planner = new SegmentPlanner({ durationSeconds, maxSeconds });
  for (const [startSeconds, endSeconds] of pauses) planner.addSilence({ startSeconds, endSeconds });
  return planner.finish();
}

/** The same recording planned while its silences are still being found, a little at a time. */
function planAsDetected(durationSeconds: number, pauses: Pause[], maxSeconds: number, stepSeconds: number): SpeechSegment[] {
  const planner = new SegmentPlanner({ durationSeconds, maxSeconds });
  const taken: SpeechSegment[] = [];
  let next = 0;
  for (let position = 0; position < durationSeconds; position += stepSeconds) {
    // What detection has reported by `position`: silences that ended, and where one is still open.
    while (next < pauses.length && pauses[next]![1] <= position) {
      const [startSeconds, endSeconds] = pauses[next++]!;
      planner.addSilence({ startSeconds, endSeconds });
    }
    const open = pauses[next] && pauses[next]![0] < position ? pauses[next]![0] : Number.POSITIVE_INFINITY;
    planner.knownUpTo(Math.min(position - 1, open));
    taken.push(...planner.take());
  }
  while (next < pauses.length) {
    const [startSeconds, endSeconds] = pauses[next++]!;
    planner.addSilence({ startSeconds, endSeconds });
  }
  return [...taken, ...planner.finish()];
}

const pieces = (segment: SpeechSegment) => segment.pieces.map((piece) => [piece.startSeconds, piece.endSeconds]);

/** What every plan must hold, whatever the recording. */
function expectSound(segments: SpeechSegment[], durationSeconds: number, maxSeconds: number) {
  segments.forEach((segment, index) => {
    expect(segment.index).toBe(index);
    expect(segment.seconds).toBeLessThanOrEqual(maxSeconds);
    const total = segment.pieces.reduce((sum, piece) => sum + piece.endSeconds - piece.startSeconds, 0);
    expect(total).toBeCloseTo(segment.seconds, 6);
    for (const piece of segment.pieces) {
      expect(piece.endSeconds).toBeGreaterThan(piece.startSeconds);
      // Whole centiseconds: the encoder's 10 ms grid keeps each piece where the plan says.
      expect(Math.abs(piece.startSeconds * 100 - Math.round(piece.startSeconds * 100))).toBeLessThan(1e-6);
    }
    const previous = segments[index - 1];
    // The spans tile the recording.
    expect(segment.span.startSeconds).toBe(previous ? previous.span.endSeconds : 0);
    if (previous?.keepUntilSeconds != null) expect(segment.keepFromSeconds).toBe(previous.keepUntilSeconds);
  });
  if (segments.length > 0) expect(segments.at(-1)!.span.endSeconds).toBe(durationSeconds);
}

describe('SegmentPlanner', () => {
  it('sends a recording within the limits whole, in one segment', () => {
    const segments = plan(100, [[40, 40.7]], 600);
    expect(segments).toHaveLength(1);
    expect(pieces(segments[0]!)).toEqual([[0, 100]]);
    expect(segments[0]).toMatchObject({ keepFromSeconds: null, keepUntilSeconds: null, span: { startSeconds: 0, endSeconds: 100 } });
  });

  it('cuts at the longest pause of the last 20% of a segment, in the middle of it', () => {
    // Pauses of 0.6 s every 10 s, one of 1.2 s at 250 s: within 240-300 s the longest wins.
    const pauses: Pause[] = Array.from({ length: 99 }, (_, index) => [10 * (index + 1) - 0.3, 10 * (index + 1) + 0.3]);
    pauses[24] = [249.4, 250.6];
    const segments = plan(1000, pauses, 300);
    expectSound(segments, 1000, 300);
    expect(pieces(segments[0]!)).toEqual([[0, 250]]);
    // Then equal pauses: the latest one in the window, so segments are as long as they may be.
    expect(pieces(segments[1]!)).toEqual([[250, 550]]);
    expect(segments.every((segment) => segment.keepUntilSeconds === null)).toBe(true);
  });

  it('falls back to the latest pause past the middle, and cuts inside speech only without one, with an overlap', () => {
    const segments = plan(700, [[180, 180.6]], 300);
    expectSound(segments, 700, 300);
    // No pause in 240-300 s; the one at 180 s lies past the middle.
    expect(pieces(segments[0]!)).toEqual([[0, 180.3]]);
    // From 180.3 s no pause at all: the seam lies 1 s before the limit, each side hearing 1 s past it.
    expect(segments[1]).toMatchObject({ pieces: [{ startSeconds: 180.3, endSeconds: 480.3 }], keepUntilSeconds: 479.3, span: { endSeconds: 479.3 } });
    expect(segments[2]).toMatchObject({ pieces: [{ startSeconds: 478.3, endSeconds: 700 }], keepFromSeconds: 479.3 });
  });

  it('leaves out silences of 2 s and more, and any at the ends of the recording, keeping 0.4 s next to speech', () => {
    const segments = plan(
      200,
      [
        [0, 5],
        [50, 110],
        [120, 121.5],
        [195, 200],
      ],
      600,
    );
    expect(segments).toHaveLength(1);
    expect(pieces(segments[0]!)).toEqual([
      [4.6, 50.4],
      [109.6, 195.4],
    ]);
    expect(segments[0]!.span).toEqual({ startSeconds: 0, endSeconds: 200 });
    expect(
      pieces(
        plan(
          200,
          [
            [0, 0.7],
            [120, 121.5],
            [199.2, 200],
          ],
          600,
        )[0]!,
      ),
    ).toEqual([[0.3, 199.6]]);
  });

  it('ends a segment where a left-out silence lies in its last 20%', () => {
    const segments = plan(
      1000,
      [
        [100, 100.6],
        [270, 273],
      ],
      300,
    );
    expectSound(segments, 1000, 300);
    expect(pieces(segments[0]!)).toEqual([[0, 270.4]]);
    expect(segments[1]!.pieces[0]!.startSeconds).toBe(272.6);
  });

  it('plans nothing for a recording that is silence from end to end, however short', () => {
    expect(plan(300, [[0, 300]], 600)).toEqual([]);
    expect(plan(1.5, [[0, 1.5]], 600)).toEqual([]);
  });

  it('decides the same segments while the silences are still being found as with all of them known', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pauses: Pause[] = [];
    for (let at = 3 + random() * 20; at < 3590; at += 2 + random() * 40) {
      const length = random() < 0.15 ? 2 + random() * 60 : 0.5 + random() * 1.2;
      const start = Math.round(at * 100) / 100;
      const end = Math.min(3600, Math.round((at + length) * 100) / 100);
      pauses.push([start, end]);
      at = end;
    }
    const all = plan(3600, pauses, 200);
    expectSound(all, 3600, 200);
    expect(all.length).toBeGreaterThan(10);
    expect(planAsDetected(3600, pauses, 200, 7)).toEqual(all);
    expect(planAsDetected(3600, pauses, 200, 350)).toEqual(all);
  });
});
