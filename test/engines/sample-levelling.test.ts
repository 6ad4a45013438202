import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeAudio, analyzeStretches } from '../../src/engines/audio-analysis';
import type { LoudnessMeasurement, LoudnessTarget } from '../../src/engines/ffmpeg-loudness';
import { espeakAvailable, ffmpeg, makeRecording, makeTempDir, measureEbuR128, probeFile, removeDir, renderLavfi, type RecordingPart } from '../support/audio';

/** As the split levels: -1 dBTP in the Opus file. */
const TARGET = { integratedLufs: -23, truePeakDbtp: -1 };
/** Where levelling holds the peaks before encoding: half a dB under the target, for the Opus encoder. */
const CEILING_DBTP = -1.5;

const hasEspeak = await espeakAvailable();

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

describe('measureLoudness and toLevelledOpus (measured, then one gain each)', () => {
  it('measures each stretch of one run on its own, and none for silence', async () => {
    const [quiet, silent, loud] = await ffmpeg.measureLoudness(recording, [QUIET, SILENT, LOUD]);
    expect(silent).toBeNull();
    expect(quiet!.integratedLufs).toBeLessThan(-35);
    expect(loud!.integratedLufs).toBeGreaterThan(-15);
    expect(loud!.truePeakDbtp).toBeGreaterThan(quiet!.truePeakDbtp + 20);
    for (const measured of [quiet!, loud!]) expect(measured.thresholdLufs).toBeCloseTo(measured.integratedLufs - 10, 0);
  });

  it('levels quiet and loud stretches to the target within 1 LU, under the true-peak limit, as ebur128 measures them', async () => {
    const stretches = [QUIET, LOUD, NOISE];
    const measured = await ffmpeg.measureLoudness(recording, stretches);
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

describe.skipIf(!hasEspeak)('toLevelledOpus on speech whose gain would lift its peaks over the ceiling (needs espeak-ng)', () => {
  const SENTENCES = [
    'Good morning, and welcome to the weekly update from the research team.',
    'Today we will talk about the progress on the new recording studio.',
    'The microphones arrived on Tuesday, and the panels are almost finished.',
  ];

  /** Two stretches of one recording, either side of a second of silence, measured. */
  async function twoStretches(name: string, first: RecordingPart[], second: RecordingPart[]) {
    const path = join(dir, `${name}.wav`);
    const layout = await makeRecording(path, [...first, { silence: 1 }, ...second]);
    const pause = layout.parts.find((part) => 'silence' in part)!;
    const stretches = [
      { startSeconds: 0, durationSeconds: pause.startSeconds },
      { startSeconds: pause.endSeconds, durationSeconds: layout.durationSeconds - pause.endSeconds },
    ];
    return { path, stretches, measured: await ffmpeg.measureLoudness(path, stretches) };
  }

  /** Levels both stretches to `target` and measures the files with ffmpeg's ebur128. */
  async function levelBoth(recording: Awaited<ReturnType<typeof twoStretches>>, target: LoudnessTarget, name: string) {
    const samples = recording.stretches.map((stretch, k) => ({ output: join(dir, `${name}-${k}.opus`), stretch, measured: recording.measured[k]! }));
    await ffmpeg.toLevelledOpus(recording.path, samples, target);
    return Promise.all(samples.map(({ output }) => measureEbuR128(output)));
  }

  /** The dB by which one gain to `target` would lift a stretch's true peak over the ceiling. */
  const overTheCeiling = (measured: LoudnessMeasurement | null, target: LoudnessTarget) =>
    measured!.truePeakDbtp + target.integratedLufs - measured!.integratedLufs - CEILING_DBTP;

  /** Speech at a modest level and an exclamation at full scale, first in one stretch and last in the other. */
  let exclaimed: Awaited<ReturnType<typeof twoStretches>>;

  beforeAll(async () => {
    const modest = SENTENCES.map((text): RecordingPart => ({ speech: text, gain: 0.3 }));
    const exclamation: RecordingPart = { speech: 'No, stop that right now!', gain: 1.5 };
    exclaimed = await twoStretches('exclaimed', [exclamation, ...modest], [...modest, exclamation]);
  });

  it('holds the peaks down and still reaches the target, the loud passage first or last', async () => {
    // loudnorm's dynamic mode, which levelled such samples before, left the first 4.6 LU
    // under the target and the second 2.2 LU over it.
    for (const each of exclaimed.measured) expect(overTheCeiling(each, TARGET)).toBeGreaterThan(2);
    for (const { integratedLufs, truePeakDbtp } of await levelBoth(exclaimed, TARGET, 'exclaimed')) {
      expect(Math.abs(integratedLufs - TARGET.integratedLufs), `at ${integratedLufs} LUFS`).toBeLessThanOrEqual(1);
      expect(truePeakDbtp).toBeLessThanOrEqual(-1);
    }
  });

  it('takes at most 10 dB off a peak: a target that needs more leaves the sample quieter, never louder, its peak still under -1 dBTP', async () => {
    const target = { integratedLufs: -12, truePeakDbtp: TARGET.truePeakDbtp };
    for (const each of exclaimed.measured) expect(overTheCeiling(each, target)).toBeGreaterThan(10);
    for (const { integratedLufs, truePeakDbtp } of await levelBoth(exclaimed, target, 'beyond')) {
      expect(integratedLufs).toBeLessThan(target.integratedLufs - 1);
      // 10 dB more than the gain that keeps the peak at the ceiling, less what the limiter took.
      expect(integratedLufs).toBeGreaterThan(target.integratedLufs - 10);
      expect(truePeakDbtp).toBeLessThanOrEqual(-1);
    }
  });

  it('keeps the file at most -1 dBTP where the limiter holds most peaks of ordinary speech, over which the encoder overshoots most', async () => {
    // Speech as espeak-ng speaks it peaks about 20 dB over its loudness: at -14 LUFS nearly
    // every syllable is limited, and the Opus file of the second stretch, levelled once,
    // peaked at -0.9 dBTP.
    const ordinary = SENTENCES.map((text): RecordingPart => ({ speech: text }));
    const target = { integratedLufs: -14, truePeakDbtp: TARGET.truePeakDbtp };
    for (const { integratedLufs, truePeakDbtp } of await levelBoth(await twoStretches('ordinary', ordinary, ordinary), target, 'ordinary')) {
      expect(truePeakDbtp).toBeLessThanOrEqual(-1);
      expect(Math.abs(integratedLufs - target.integratedLufs), `at ${integratedLufs} LUFS`).toBeLessThanOrEqual(1);
    }
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
