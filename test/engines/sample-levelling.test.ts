import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeAudio, analyzeStretches } from '../../src/engines/audio-analysis';
import { ffmpeg, makeTempDir, measureEbuR128, probeFile, removeDir, renderLavfi } from '../support/audio';

/** As the split levels: -1 dBTP with half a dB of headroom for the Opus encoder. */
const TARGET = { integratedLufs: -23, truePeakDbtp: -1.5 };

let dir: string;
/** 4 s of a quiet tone, 2 s of silence, 4 s of a loud tone with harmonics, 2 s of noise. */
let recording: string;
const QUIET = { startSeconds: 0, durationSeconds: 4 };
const SILENT = { startSeconds: 4.5, durationSeconds: 1 };
const LOUD = { startSeconds: 6, durationSeconds: 4 };
const NOISE = { startSeconds: 10, durationSeconds: 2 };

beforeAll(async () => {
  dir = await makeTempDir('levelling-test-');
  const source = [`0.02*sin(2*PI*300*t)*lt(t\\,4)`, `(0.4*sin(2*PI*200*t)+0.2*sin(2*PI*400*t))*between(t\\,6\\,10)`, `0.3*(random(0)*2-1)*gte(t\\,10)`].join(
    '+',
  );
  recording = await renderLavfi(join(dir, 'recording.opus'), `aevalsrc='${source}':s=48000:d=12`);
});

afterAll(async () => {
  await removeDir(dir);
});

describe('toOpus progress', () => {
  it('reports seconds converted, rising to the total it was given', async () => {
    const source = await renderLavfi(join(dir, 'minute.wav'), 'sine=frequency=300:sample_rate=16000:duration=60', { sampleRate: 16_000 });
    const reports: [number, number | null][] = [];
    await ffmpeg.toOpus(source, join(dir, 'minute.opus'), { totalSeconds: 60, onProgress: (done, total) => reports.push([done, total]) });
    expect(reports.length).toBeGreaterThan(0);
    expect(reports.every(([, total]) => total === 60)).toBe(true);
    const done = reports.map(([seconds]) => seconds);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(done.at(-1)).toBeGreaterThanOrEqual(59);
  });
});

describe('measureLoudness and toLevelledOpus (loudnorm, two passes)', () => {
  it('measures each stretch of one run on its own, and none for silence', async () => {
    const [quiet, silent, loud] = await ffmpeg.measureLoudness(recording, [QUIET, SILENT, LOUD], TARGET);
    expect(silent).toBeNull();
    expect(quiet!.integratedLufs).toBeLessThan(-35);
    expect(loud!.integratedLufs).toBeGreaterThan(-15);
    expect(loud!.truePeakDbtp).toBeGreaterThan(quiet!.truePeakDbtp + 20);
    for (const measured of [quiet!, loud!]) expect(measured.thresholdLufs).toBeCloseTo(measured.integratedLufs - 10, 0);
  });

  it('levels quiet and loud stretches to the target within 1 LU, under the true-peak limit, as ebur128 measures them', async () => {
    const stretches = [QUIET, LOUD, NOISE];
    const measured = await ffmpeg.measureLoudness(recording, stretches, TARGET);
    const samples = stretches.map((stretch, k) => ({ output: join(dir, `levelled-${k}.opus`), stretch, measured: measured[k]! }));
    await ffmpeg.toLevelledOpus(recording, samples, TARGET);
    for (const { output, stretch } of samples) {
      const probe = await probeFile(output);
      expect(probe).toMatchObject({ audioCodec: 'opus', channels: 1, sampleRate: 48000 });
      expect(probe.durationSeconds).toBeCloseTo(stretch.durationSeconds, 1);
      const { integratedLufs, truePeakDbtp } = await measureEbuR128(output);
      expect(Math.abs(integratedLufs - TARGET.integratedLufs), output).toBeLessThanOrEqual(1);
      expect(truePeakDbtp, output).toBeLessThanOrEqual(-1);
    }
  });

  it('encodes a silent stretch as it is', async () => {
    const output = join(dir, 'silent.opus');
    await ffmpeg.toLevelledOpus(recording, [{ output, stretch: SILENT, measured: null }], TARGET);
    expect((await probeFile(output)).durationSeconds).toBeCloseTo(1, 1);
    expect((await analyzeAudio(ffmpeg, output)).peakDb).toBe(-120);
  });
});

describe('analyzeStretches', () => {
  it('measures each stretch on its own in one decoding pass, as the stretch alone would measure', async () => {
    const progress: number[] = [];
    const [quiet, loud, noise] = await analyzeStretches(ffmpeg, recording, [QUIET, LOUD, NOISE], { onProgress: (done) => progress.push(done) });
    expect(quiet!.durationSeconds).toBeCloseTo(4, 2);
    expect(loud!.rmsDb).toBeGreaterThan(quiet!.rmsDb + 20);
    expect(noise!.spectralFlatness).toBeGreaterThan(0.4);
    expect(quiet!.spectralFlatness).toBeLessThan(0.05);
    expect(progress.at(-1)).toBe(12);

    const alone = join(dir, 'loud-alone.opus');
    await ffmpeg.toOpus(recording, alone, LOUD);
    const again = await analyzeAudio(ffmpeg, alone);
    expect(loud!.rmsDb).toBeCloseTo(again.rmsDb, 0);
    expect(loud!.peakDb).toBeCloseTo(again.peakDb, 0);
  });

  it('refuses stretches past the end of the recording', async () => {
    await expect(analyzeStretches(ffmpeg, recording, [QUIET, { startSeconds: 20, durationSeconds: 5 }])).rejects.toThrow(
      'Audio analysis failed: the recording ended after 1 of 2 samples',
    );
  });
});
