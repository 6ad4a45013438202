import { describe, expect, it } from 'vitest';
import { assessSample, cleanSpeechSeconds, type SampleMeasurements } from '../../src/domain/voice/sample-quality';

/** A clean spoken sample as the analyzer measures one: 12 s of speech in 14 s, 50 dB above a quiet room. */
const clean: SampleMeasurements = {
  durationSeconds: 14,
  speechSeconds: 12,
  noiseSeconds: 0,
  speechLevelDb: -21,
  noiseFloorDb: -75,
  noiseFloorFlatness: 0.05,
  clippedRatio: 0,
  reverbSeconds: 0.2,
  speechAtStart: false,
  speechAtEnd: false,
};

const codes = (measured: Partial<SampleMeasurements>) => assessSample({ ...clean, ...measured }).reasons.map((reason) => reason.code);

describe('assessSample', () => {
  it('scores clean speech 1 with no reason', () => {
    expect(assessSample(clean)).toEqual({ score: 1, reasons: [] });
  });

  it('says there is no speech in a tone, noise or silence, and scores it 0', () => {
    const tone = assessSample({ ...clean, speechSeconds: 0, speechLevelDb: null, noiseFloorDb: -20, noiseFloorFlatness: 0, clippedRatio: 0.21 });
    expect(tone).toEqual({ score: 0, reasons: [{ code: 'no_speech', message: 'No speech was found in the sample', value: 0, unit: '%' }] });
    const noise = assessSample({ ...clean, speechSeconds: 0, speechLevelDb: null, noiseFloorDb: -16.2, noiseFloorFlatness: 0.56 });
    expect(noise.score).toBe(0);
    expect(noise.reasons.map((reason) => [reason.code, reason.message])).toEqual([
      ['no_speech', 'No speech was found in the sample'],
      ['noise', 'The sample is steady noise at -16.2 dBFS'],
    ]);
  });

  it('says how much of a mostly silent sample is speech', () => {
    const sparse = assessSample({ ...clean, speechSeconds: 4.9 });
    expect(sparse.reasons).toEqual([{ code: 'no_speech', message: 'Only 35% of the sample is speech', value: 35, unit: '%' }]);
    expect(sparse.score).toBeCloseTo(0.375, 3);
  });

  it.each([
    [{ clippedRatio: 0.0391 }, 'clipping', '3.91% of the audio is clipped: flattened at its loudest level', 3.91, '%'],
    [{ noiseFloorDb: -33, noiseFloorFlatness: 0.5 }, 'noise', 'Background noise is only 12 dB below the speech (25 dB or more is clean)', 12, 'dB'],
    [{ noiseSeconds: 2.5 }, 'noise', '2.5 s of the sample is noise without speech', 2.5, 's'],
    [{ speechLevelDb: -52.34, noiseFloorDb: -120 }, 'too_quiet', 'The speech is very quiet (-52.3 dBFS): levelling it raises its noise with it', -52.3, 'dBFS'],
    [{ reverbSeconds: 1.2 }, 'reverb', 'The room echoes: sound takes about 1.2 s to die away (0.7 s or less is dry)', 1.2, 's'],
    [{ speechAtStart: true }, 'cut_in_speech', 'The sample starts in the middle of speech, not in a pause', 1, 'cuts'],
    [{ speechAtStart: true, speechAtEnd: true }, 'cut_in_speech', 'The sample starts and ends in the middle of speech, not in a pause', 2, 'cuts'],
  ] as const)('%j gives %s', (measured, code, message, value, unit) => {
    const quality = assessSample({ ...clean, ...measured });
    expect(quality.reasons).toEqual([{ code, message, value, unit }]);
    expect(quality.score).toBeLessThan(1);
  });

  it('gives no reason for defects below their limits, only a somewhat lower score', () => {
    const small = { clippedRatio: 0.0005, noiseFloorDb: -65, reverbSeconds: 0.6, speechLevelDb: -35 };
    expect(codes(small)).toEqual([]);
    expect(assessSample({ ...clean, ...small }).score).toBeGreaterThan(0.6);
    expect(assessSample({ ...clean, ...small }).score).toBeLessThan(1);
  });

  it('blames an echo that fills the pauses on reverb, not on noise, unless the background hisses', () => {
    expect(codes({ reverbSeconds: 0.9, noiseFloorDb: -36, noiseFloorFlatness: 0.08 })).toEqual(['reverb']);
    expect(codes({ reverbSeconds: 0.9, noiseFloorDb: -36, noiseFloorFlatness: 0.5 })).toEqual(['noise', 'reverb']);
  });

  it('ranks worse defects lower', () => {
    const score = (measured: Partial<SampleMeasurements>) => assessSample({ ...clean, ...measured }).score;
    expect(score({ clippedRatio: 0.002 })).toBeGreaterThan(score({ clippedRatio: 0.008 }));
    expect(score({ noiseFloorDb: -45 })).toBeGreaterThan(score({ noiseFloorDb: -35 }));
    expect(score({ reverbSeconds: 0.8 })).toBeGreaterThan(score({ reverbSeconds: 1.3 }));
  });
});

describe('cleanSpeechSeconds', () => {
  it('adds up the speech of the samples with no reason, leaving out unjudged ones', () => {
    const judged = (reasons: number, speechSeconds: number) => ({
      speechSeconds,
      quality: { score: reasons ? 0.5 : 1, reasons: Array.from({ length: reasons }, () => ({ code: 'noise' as const, message: '', value: 0, unit: 'dB' })) },
    });
    expect(cleanSpeechSeconds([judged(0, 12.34), judged(1, 10), judged(0, 9.5), {}, { quality: null, speechSeconds: null }])).toBe(21.8);
    expect(cleanSpeechSeconds([])).toBe(0);
  });
});
