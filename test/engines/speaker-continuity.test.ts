import { describe, expect, it } from 'vitest';
import { referenceName, SpeakerContinuity } from '../../src/engines/long-audio/speaker-continuity';

const ada = { voiceId: 'v1', partner: 'acme', name: 'Ada' };

/** A turn of `seconds` at `at` (seconds), as the engine labelled it. */
const turn = (speaker: string, at: number, seconds: number) => ({ speaker, start: at * 1000, end: (at + seconds) * 1000, text: `${speaker} speaks` });

describe('speaker continuity', () => {
  it('maps the names it sent back to the labels, and gives speakers it did not send the next free letter', () => {
    const continuity = new SpeakerContinuity([]);
    expect(continuity.references()).toEqual([]);
    const first = continuity.label([turn('A', 0, 5), turn('B', 6, 4), turn('A', 11, 3)], []);
    expect(first.map((utterance) => utterance.speaker)).toEqual(['A', 'B', 'A']);
    const sent = continuity.references();
    expect(sent.map(({ name, label }) => ({ name, label }))).toEqual([
      { name: referenceName('A'), label: 'A' },
      { name: referenceName('B'), label: 'B' },
    ]);
    // The engine's own letters in a later request are new speakers, never the ones it was told about.
    const second = continuity.label([turn(referenceName('B'), 20, 3), turn('A', 24, 3), turn(referenceName('A'), 28, 3)], sent);
    expect(second.map((utterance) => utterance.speaker)).toEqual(['B', 'C', 'A']);
  });

  it('names the voices from the first request on, and skips their names among the letters', () => {
    const continuity = new SpeakerContinuity([{ ...ada, name: 'A' }]);
    const sent = continuity.references();
    expect(sent).toEqual([{ name: 'A', label: 'A', source: { voice: { ...ada, name: 'A' } } }]);
    expect(continuity.label([turn('A', 0, 3), turn('B', 4, 3)], sent).map((utterance) => utterance.speaker)).toEqual(['A', 'B']);
    // The engine's "A" with no voice sent is a stranger, not the voice named A.
    expect(continuity.label([turn('A', 10, 3)], []).map((utterance) => utterance.speaker)).toEqual(['C']);
  });

  it('past four speakers, sends the named voices and then those who have spoken longest', () => {
    const continuity = new SpeakerContinuity([ada]);
    // Five strangers with 3, 9, 5, 7 and 4 s of speech, each with a clip.
    continuity.label([turn('A', 0, 3), turn('B', 4, 9), turn('C', 14, 5), turn('D', 20, 7), turn('E', 28, 4)], continuity.references());
    const sent = continuity.references();
    expect(sent).toHaveLength(4);
    expect(sent.map((reference) => reference.label)).toEqual(['Ada', 'B', 'D', 'C']);
    // Time spoken later changes who is sent: A now has the most.
    continuity.label([turn(referenceName('B'), 40, 2), turn('A', 43, 12)], sent);
    expect(continuity.references().map((reference) => reference.label)).toEqual(['Ada', 'F', 'B', 'D']);
  });

  it('clips a speaker at their longest stretch alone, between 2 and 10 s, clear of the neighbours', () => {
    const continuity = new SpeakerContinuity([]);
    continuity.label([turn('A', 0, 1.5), turn('B', 2, 1.9), turn('A', 4, 30)], []);
    // A's 30 s turn starts 0.25 s after B's end (4.15 s), so its middle 10 s are 14.075 to 24.075 s.
    const [a, b] = [...continuity.references()];
    expect(a!.source).toEqual({ stretch: { start: 14_075, end: 24_075 } });
    // B's only turn leaves under 2 s once clear of its neighbours: no clip, so it is not sent yet.
    expect(b).toBeUndefined();
  });
});
