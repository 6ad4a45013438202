import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import type { VoiceSplitQuery } from '../gql/graphql';
import { espeakAvailable, FFMPEG_PATH, makeRecording, makeTempDir, measureEbuR128, removeDir, renderLavfi, type RecordingLayout } from '../support/audio';
import { execute, executeWithFiles } from '../support/graphql-client';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

const VoiceSplit = graphql(`
  query VoiceSplit($partner: String!, $name: String!) {
    voice(partner: $partner, name: $name) {
      name
      splitMode
      status {
        splitting
      }
      splitting {
        error
      }
      originalDuration
      cleanSpeechSeconds
      recommendedCleanSpeechSeconds
      meetsCleanSpeechRecommendation
      samples {
        index
        sourceTimestamp
        sourceStart
        duration
        speechSeconds
        quality {
          score
          reasons {
            code
            message
            value
            unit
          }
        }
      }
    }
  }
`);

const CreateCuratedVoice = graphql(`
  mutation CreateCuratedVoice($partner: String!, $name: String!, $file: Upload, $splitMode: SplitMode) {
    createVoice(partner: $partner, name: $name, file: $file, splitMode: $splitMode) {
      name
      status {
        splitting
      }
    }
  }
`);

const SplitVoiceAgain = graphql(`
  mutation SplitVoiceAgain($partner: String!, $name: String!, $sampleDuration: Int, $splitMode: SplitMode) {
    splitVoice(partner: $partner, name: $name, sampleDuration: $sampleDuration, splitMode: $splitMode) {
      status {
        splitting
      }
    }
  }
`);

type SplitVoice = NonNullable<VoiceSplitQuery['voice']>;
type Sample = SplitVoice['samples'][number];

const run = promisify(execFile);
/** Not the default (-23), so the test shows the setting reaches the split. */
const TARGET_LUFS = -20;
/** The true peak the split levels to: -1 dBTP in the Opus file, less half a dB for the encoder. */
const LEVELLING_CEILING_DBTP = -1.5;
/** Pauses the test looks for in the original: shorter than the split's, so a cut must lie well inside one. */
const CHECK_PAUSES = { thresholdDb: -50, minSeconds: 0.1 };

const hasEspeak = await espeakAvailable();

/** The stretches below -50 dBFS of a file, as ffmpeg's silencedetect prints them. */
async function silencesOf(path: string): Promise<{ start: number; end: number }[]> {
  const { stderr } = await run(FFMPEG_PATH, [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-i',
    path,
    '-af',
    `silencedetect=noise=${CHECK_PAUSES.thresholdDb}dB:duration=${CHECK_PAUSES.minSeconds}`,
    '-f',
    'null',
    '-',
  ]);
  const starts = [...stderr.matchAll(/silence_start: (-?[\d.]+)/g)].map((match) => Math.max(0, Number(match[1])));
  const ends = [...stderr.matchAll(/silence_end: ([\d.]+)/g)].map((match) => Number(match[1]));
  return starts.map((start, index) => ({ start, end: ends[index] ?? Number.POSITIVE_INFINITY }));
}

describe.skipIf(!hasEspeak)('a curated split (needs espeak-ng)', () => {
  let app: TestApp;
  let key: string;
  let call: RestClient;
  let dir: string;
  let recording: string;
  let layout: RecordingLayout;
  let originalSilences: { start: number; end: number }[];
  let voice: SplitVoice;

  const sentences = [
    'Good morning, and welcome to the weekly update from the research team.',
    'Today we will talk about the progress on the new recording studio.',
    'The microphones arrived on Tuesday, and the panels are almost finished.',
    'Several people asked how long a voice sample should be for a good clone.',
    'The short answer is that clean speech matters far more than length.',
    'Please speak naturally, at a steady distance from the microphone.',
  ];

  async function read(name: string): Promise<SplitVoice> {
    const answer = await execute(app.url, key, VoiceSplit, { partner: 'acme', name });
    expect(answer.errors).toBeUndefined();
    return answer.data!.voice!;
  }

  const splitDone = (name: string) =>
    waitFor(
      () => read(name),
      (each) => each.status.splitting !== 'IN_PROGRESS',
    );

  /** The part of the built recording a sample was cut from: the parts it overlaps. */
  function partsOf(sample: Sample) {
    const start = sample.sourceStart!;
    const end = start + sample.duration;
    return layout.parts.filter((part) => part.endSeconds > start + 0.05 && part.startSeconds < end - 0.05);
  }

  const codes = (sample: Sample) => sample.quality!.reasons.map((reason) => reason.code);

  beforeAll(async () => {
    app = await startTestApp({ SAMPLE_LOUDNESS_LUFS: String(TARGET_LUFS) });
    key = await app.createKey('acme');
    call = restClient(app.url, key);
    dir = await makeTempDir('curated-split-');
    recording = join(dir, 'recording.wav');
    // Clean sentences with 0.8 s pauses, a long silence, clipped sentences, and sentences
    // around a burst of noise.
    layout = await makeRecording(recording, [
      { silence: 1 },
      { speech: sentences[0]! },
      { silence: 0.8 },
      { speech: sentences[1]! },
      { silence: 0.8 },
      { speech: sentences[2]! },
      { silence: 0.8 },
      { speech: sentences[3]! },
      { silence: 0.8 },
      { speech: sentences[4]! },
      { silence: 6 },
      { speech: sentences[5]!, gain: 8 },
      { silence: 0.8 },
      { speech: sentences[1]!, gain: 8 },
      { silence: 0.8 },
      { speech: sentences[2]!, gain: 8 },
      { silence: 3 },
      { speech: sentences[3]! },
      { noise: 2.5, amplitude: 0.3 },
      { speech: sentences[4]! },
      { silence: 1 },
    ]);
    originalSilences = await silencesOf(recording);
    const created = await call('POST', '/api/voices/acme', { form: await multipart({ name: 'Curated', split_mode: 'curated' }, { file: recording }) });
    expect(created.status).toBe(201);
    voice = await splitDone('Curated');
  });

  afterAll(async () => {
    await app?.close();
    if (dir) await removeDir(dir);
  });

  it('splits without failing, and says it was curated', () => {
    expect(voice.status.splitting).toBe('COMPLETED');
    expect(voice.splitting.error).toBeNull();
    expect(voice.splitMode).toBe('CURATED');
    expect(voice.samples.length).toBeGreaterThanOrEqual(4);
    expect(voice.samples.map((sample) => sample.index)).toEqual(voice.samples.map((_, index) => index));
  });

  it('cuts every sample inside pauses of the original, as silencedetect finds them', () => {
    for (const sample of voice.samples) {
      const start = sample.sourceStart!;
      const end = start + sample.duration;
      for (const cut of [start, end]) {
        const inPause = originalSilences.some((silence) => silence.start <= cut && cut <= silence.end);
        expect(inPause, `sample ${sample.index} cut at ${cut.toFixed(3)} s`).toBe(true);
      }
      expect(sample.quality!.reasons.map((reason) => reason.code)).not.toContain('cut_in_speech');
    }
  });

  it('keeps the samples within 5-60 s, around sample_duration, and their timestamps where they came from', () => {
    for (const sample of voice.samples) {
      expect(sample.duration).toBeGreaterThanOrEqual(5);
      expect(sample.duration).toBeLessThanOrEqual(60);
      const minutes = Math.floor(sample.sourceStart! / 60);
      expect(sample.sourceTimestamp).toBe(`${String(minutes).padStart(2, '0')}:${String(Math.floor(sample.sourceStart! - minutes * 60)).padStart(2, '0')}`);
    }
  });

  it('trims silence at both ends to a short margin and leaves the long silence out', () => {
    const longSilence = layout.parts.find((part) => 'silence' in part && part.silence === 6)!;
    for (const sample of voice.samples) {
      const start = sample.sourceStart!;
      const end = start + sample.duration;
      expect(end <= longSilence.startSeconds + 0.25 || start >= longSilence.endSeconds - 0.25, `sample ${sample.index}`).toBe(true);
      const leading = originalSilences.find((silence) => silence.start <= start && start <= silence.end)!;
      const trailing = originalSilences.find((silence) => silence.start <= end && end <= silence.end)!;
      // The split keeps 0.2 s; it finds the pauses in the Opus original, where the coding noise
      // of a loud stretch lingers a little longer above -50 dBFS than in the upload.
      expect(leading.end - start, `silence at the start of sample ${sample.index}`).toBeLessThanOrEqual(0.4);
      expect(end - trailing.start, `silence at the end of sample ${sample.index}`).toBeLessThanOrEqual(0.4);
    }
  });

  it('makes no sample mostly silence', async () => {
    for (const sample of voice.samples) {
      const path = join(dir, `silence-${sample.index}.opus`);
      await writeFile(path, (await call('GET', `/api/voices/acme/Curated/samples/${sample.index}`)).bytes);
      const silent = (await silencesOf(path)).reduce((sum, silence) => sum + Math.min(silence.end, sample.duration) - silence.start, 0);
      expect(silent / sample.duration, `sample ${sample.index}`).toBeLessThan(0.5);
      expect(sample.speechSeconds! / sample.duration, `sample ${sample.index}`).toBeGreaterThan(0.5);
    }
  });

  it('levels every sample to the loudness target within 1 LU, its true peak at most -1 dBTP (ffmpeg ebur128)', async () => {
    for (const sample of voice.samples) {
      const path = join(dir, `level-${sample.index}.opus`);
      await writeFile(path, (await call('GET', `/api/voices/acme/Curated/samples/${sample.index}`)).bytes);
      const { integratedLufs, truePeakDbtp } = await measureEbuR128(path);
      expect(Math.abs(integratedLufs - TARGET_LUFS), `sample ${sample.index} at ${integratedLufs} LUFS`).toBeLessThanOrEqual(1);
      expect(truePeakDbtp, `sample ${sample.index}`).toBeLessThanOrEqual(-1);
    }
  });

  it('levels a sample whose gain would lift its peaks over the ceiling to the target too, wherever its loud passage lies', async () => {
    // Speech at a modest level with exclamations at full scale: a sample holding one reaches
    // the target only with its peaks held down. loudnorm's dynamic mode, which did that
    // before, follows the loudness heard so far: a sample ending on an exclamation came out
    // 1.2 LU over the target, one starting on it 4.3 LU under.
    const exclaimed = join(dir, 'exclaimed.wav');
    const modest = (speech: string) => ({ speech, gain: 0.35 });
    const exclamation = { speech: 'No, stop that right now!', gain: 1.5 };
    const spoken = [modest(sentences[0]!), modest(sentences[1]!), modest(sentences[2]!), exclamation, exclamation];
    const more = [modest(sentences[3]!), modest(sentences[4]!), modest(sentences[5]!), exclamation, modest(sentences[0]!), modest(sentences[1]!)];
    await makeRecording(exclaimed, [{ silence: 1 }, ...[...spoken, ...more].flatMap((part) => [part, { silence: 0.7 }])]);
    const created = await call('POST', '/api/voices/acme', { form: await multipart({ name: 'Exclaimed', split_mode: 'curated' }, { file: exclaimed }) });
    expect(created.status).toBe(201);
    const split = await splitDone('Exclaimed');
    expect(split.status.splitting).toBe('COMPLETED');
    expect(split.samples.length).toBeGreaterThanOrEqual(3);
    let overTheCeiling = 0;
    for (const sample of split.samples) {
      const original = await measureEbuR128(exclaimed, { startSeconds: sample.sourceStart!, durationSeconds: sample.duration });
      if (original.truePeakDbtp + TARGET_LUFS - original.integratedLufs > LEVELLING_CEILING_DBTP) overTheCeiling++;
      const path = join(dir, `exclaimed-${sample.index}.opus`);
      await writeFile(path, (await call('GET', `/api/voices/acme/Exclaimed/samples/${sample.index}`)).bytes);
      const { integratedLufs, truePeakDbtp } = await measureEbuR128(path);
      expect(Math.abs(integratedLufs - TARGET_LUFS), `sample ${sample.index} at ${integratedLufs} LUFS`).toBeLessThanOrEqual(1);
      expect(truePeakDbtp, `sample ${sample.index}`).toBeLessThanOrEqual(-1);
    }
    // Every sample holds an exclamation: none reaches the target with one gain alone.
    expect(overTheCeiling).toBe(split.samples.length);
  });

  it('explains the clipped and the noisy samples, and finds nothing against the clean ones', () => {
    for (const sample of voice.samples) {
      const parts = partsOf(sample);
      const clipped = parts.some((part) => 'speech' in part && (part.gain ?? 1) > 1);
      const noisy = parts.some((part) => 'noise' in part);
      if (clipped) expect(codes(sample), `sample ${sample.index}`).toContain('CLIPPING');
      if (noisy) expect(codes(sample), `sample ${sample.index}`).toContain('NOISE');
      if (!clipped && !noisy) {
        expect(codes(sample), `sample ${sample.index}`).toEqual([]);
        expect(sample.quality!.score).toBeGreaterThan(0.8);
      } else {
        expect(sample.quality!.score).toBeLessThan(0.8);
      }
    }
    expect(voice.samples.some((sample) => codes(sample).includes('CLIPPING'))).toBe(true);
    expect(voice.samples.some((sample) => codes(sample).includes('NOISE'))).toBe(true);
    const clipping = voice.samples.flatMap((sample) => sample.quality!.reasons).find((reason) => reason.code === 'CLIPPING')!;
    expect(clipping.unit).toBe('%');
    expect(clipping.message).toBe(`${clipping.value.toFixed(2)}% of the audio is clipped: flattened at its loudest level`);
  });

  it('adds up the clean speech and says whether it meets the recommendation', () => {
    const clean = voice.samples.filter((sample) => sample.quality!.reasons.length === 0);
    expect(clean.length).toBeGreaterThan(0);
    const seconds = clean.reduce((sum, sample) => sum + sample.speechSeconds!, 0);
    expect(voice.cleanSpeechSeconds).toBeCloseTo(seconds, 0);
    expect(voice.recommendedCleanSpeechSeconds).toBe(60);
    expect(voice.meetsCleanSpeechRecommendation).toBe(false);
  });

  it('keeps the REST body as the voice document defines it', async () => {
    const detail = await call('GET', '/api/voices/acme/Curated');
    expect(Object.keys(detail.body.samples[0]).sort()).toEqual(['duration', 'index', 'source_timestamp']);
    expect(detail.body.samples).toHaveLength(voice.samples.length);
  });

  it('re-splits in fixed mode exactly as before, each sample still explained', async () => {
    const answer = await call('POST', '/api/voices/acme/Curated/split', { urlencoded: 'sample_duration=10&max_samples=3&split_mode=fixed' });
    expect(answer.status).toBe(202);
    const fixed = await splitDone('Curated');
    expect(fixed.splitMode).toBe('FIXED');
    expect(fixed.samples.map((sample) => [sample.sourceTimestamp, sample.sourceStart, Math.round(sample.duration)])).toEqual([
      ['00:00', 0, 10],
      ['00:10', 10, 10],
      ['00:20', 20, 10],
    ]);
    for (const sample of fixed.samples) expect(sample.quality).not.toBeNull();
    // Fixed slices fall where the clock says: some of them inside speech.
    expect(fixed.samples.some((sample) => sample.quality!.reasons.some((reason) => reason.code === 'CUT_IN_SPEECH'))).toBe(true);
  });

  it('takes split_mode as a GraphQL argument when creating and re-splitting a voice', async () => {
    const created = await executeWithFiles(
      app.url,
      key,
      CreateCuratedVoice,
      { partner: 'acme', name: 'ByGraphql', file: null, splitMode: 'CURATED' },
      { file: recording },
    );
    expect(created.errors).toBeUndefined();
    expect((await splitDone('ByGraphql')).splitMode).toBe('CURATED');
    const resplit = await execute(app.url, key, SplitVoiceAgain, { partner: 'acme', name: 'ByGraphql', sampleDuration: 20, splitMode: 'FIXED' });
    expect(resplit.errors).toBeUndefined();
    const fixed = await splitDone('ByGraphql');
    expect(fixed.splitMode).toBe('FIXED');
    expect(fixed.samples[1]?.sourceTimestamp).toBe('00:20');
  });

  it('leaves out what is not speech, and fails a recording that holds none, saying so', async () => {
    const tone = await renderLavfi(join(dir, 'tone.wav'), `aevalsrc='0.3*sin(2*PI*220*t)*lt(mod(t\\,5)\\,4)':s=48000:d=30`);
    const created = await call('POST', '/api/voices/acme', { form: await multipart({ name: 'Tone', split_mode: 'curated' }, { file: tone }) });
    expect(created.status).toBe(201);
    const done = await waitFor(
      async () => (await call('GET', '/api/voices/acme/Tone')).body,
      (detail) => detail.status.splitting !== 'in_progress' && detail.status.embedding !== 'in_progress',
    );
    expect(done.status).toMatchObject({
      splitting: 'failed',
      splitting_error: 'No speech was found in the recording',
      embedding: 'failed',
      embedding_error: 'Splitting failed: No speech was found in the recording',
    });
    expect(done.samples).toEqual([]);
  });

  it('refuses an unknown split_mode with 422, naming the parameter', async () => {
    const refused = await call('POST', '/api/voices/acme/Curated/split', { urlencoded: 'split_mode=smart' });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ detail: 'split_mode: must be one of fixed, curated' });
    const onCreate = await call('POST', '/api/voices/acme', { form: await multipart({ name: 'Refused', split_mode: 'smart' }, { file: recording }) });
    expect(onCreate.status).toBe(422);
    expect((await call('GET', '/api/voices/acme/Refused')).status).toBe(404);
  });
});
