import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { access, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../../src/domain/shared/engine-error';
import { analyzeAudio } from '../../src/engines/audio-analysis';
import { planSamples } from '../../src/domain/voice/sample-plan';
import {
  FFMPEG_PATH,
  ffmpeg,
  makeClippedSine,
  makeMostlySilent,
  makeNoise,
  makeSilence,
  makeSine,
  makeTempDir,
  probeFile,
  removeDir,
  renderLavfi,
} from '../support/audio';

let dir: string;

beforeAll(async () => {
  dir = await makeTempDir('ffmpeg-test-');
});

afterAll(async () => {
  await removeDir(dir);
});

describe('probe', () => {
  it('describes a WAV file', async () => {
    const path = await makeSine(join(dir, 'tone.wav'), { seconds: 3 });
    const probe = await probeFile(path);
    expect(probe).toMatchObject({ formatName: 'wav', audioCodec: 'pcm_s16le', channels: 1, sampleRate: 48000, hasAudio: true, hasVideo: false });
    expect(probe.durationSeconds).toBeCloseTo(3, 1);
    expect(probe.bitRate).toBe(768_000);
  });

  it('describes an MP3 file', async () => {
    const path = await makeSine(join(dir, 'tone.mp3'), { seconds: 4 });
    const probe = await probeFile(path);
    expect(probe).toMatchObject({ formatName: 'mp3', audioCodec: 'mp3', channels: 1, hasAudio: true, hasVideo: false });
    expect(Math.abs(probe.durationSeconds - 4)).toBeLessThan(0.1);
  });

  it('refuses random bytes as unreadable audio', async () => {
    const path = join(dir, 'random.mp3');
    await writeFile(path, randomBytes(64 * 1024));
    const error = await ffmpeg.probe(path).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).message).toBe('The file is not readable audio');
    expect((error as EngineError).retryable).toBe(false);
  });

  it('refuses a video without sound as unreadable audio', async () => {
    const path = join(dir, 'silent-film.mkv');
    await renderVideoOnly(path);
    await expect(ffmpeg.probe(path)).rejects.toThrow('The file is not readable audio');
  });

  it('refuses a playlist that points at other files', async () => {
    const target = await makeSine(join(dir, 'target.wav'), { seconds: 1 });
    const playlist = join(dir, 'list.m3u8');
    await writeFile(playlist, `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n${target}\n#EXT-X-ENDLIST\n`);
    await expect(ffmpeg.probe(playlist)).rejects.toThrow('The file is not readable audio');
  });
});

describe('toOpus', () => {
  it('writes 96 kbps mono Ogg Opus at 48 kHz', async () => {
    const source = await makeNoise(join(dir, 'noise.wav'), { seconds: 10 });
    const output = join(dir, 'noise.opus');
    await ffmpeg.toOpus(source, output);
    const probe = await probeFile(output);
    expect(probe).toMatchObject({ formatName: 'ogg', audioCodec: 'opus', channels: 1, sampleRate: 48000 });
    expect(Math.abs(probe.durationSeconds - 10)).toBeLessThan(0.1);
    expect(probe.bitRate).toBeGreaterThan(96_000 * 0.9);
    expect(probe.bitRate).toBeLessThan(96_000 * 1.1);
  });

  it('keeps a tone at 96 kbps too, where unconstrained VBR would overshoot', async () => {
    const source = await makeSine(join(dir, 'long-tone.wav'), { seconds: 10 });
    const output = join(dir, 'long-tone.opus');
    await ffmpeg.toOpus(source, output);
    const probe = await probeFile(output);
    expect(probe.bitRate).toBeGreaterThan(96_000 * 0.9);
    expect(probe.bitRate).toBeLessThan(96_000 * 1.1);
  });

  it('cuts the planned slices at the requested durations', async () => {
    const source = await makeSine(join(dir, 'twenty.wav'), { seconds: 20 });
    const { durationSeconds } = await probeFile(source);
    const plan = planSamples(durationSeconds, 5, 7);
    expect(plan.map((slice) => slice.durationSeconds)).toEqual([7, 7, 6]);
    for (const slice of plan) {
      const output = join(dir, `slice_${slice.index}.opus`);
      await ffmpeg.toOpus(source, output, { startSeconds: slice.startSeconds, durationSeconds: slice.durationSeconds });
      const probe = await probeFile(output);
      expect(probe.audioCodec).toBe('opus');
      expect(Math.abs(probe.durationSeconds - slice.durationSeconds)).toBeLessThanOrEqual(0.1);
    }
  });

  it('cuts all planned samples out of the Ogg Opus original in one run, packets copied', async () => {
    const original = join(dir, 'twenty.opus');
    await ffmpeg.toOpus(await makeSine(join(dir, 'twenty-source.wav'), { seconds: 20 }), original);
    const plan = planSamples((await probeFile(original)).durationSeconds, 5, 7);
    const outputDir = await makeTempDir('ffmpeg-slices-');
    try {
      const reports: number[] = [];
      const cut = await ffmpeg.cutOpusSlices(original, outputDir, plan, { onSliceWritten: (done) => reports.push(done) });
      expect(reports).toEqual([1, 2, 3]);
      expect(cut.map((slice) => slice.path)).toEqual([0, 1, 2].map((index) => join(outputDir, `${index}.opus`)));
      for (const [position, slice] of plan.entries()) {
        const probe = await probeFile(cut[position]!.path);
        expect(probe).toMatchObject({ formatName: 'ogg', audioCodec: 'opus', channels: 1, sampleRate: 48000 });
        // Within one Opus packet (20 ms) of the plan, and the reported length is the file's.
        expect(Math.abs(probe.durationSeconds - slice.durationSeconds)).toBeLessThanOrEqual(0.021);
        expect(Math.abs(cut[position]!.durationSeconds - probe.durationSeconds)).toBeLessThanOrEqual(0.021);
      }
    } finally {
      await removeDir(outputDir);
    }
  });

  it('stops cutting when the signal aborts between slices', async () => {
    const original = join(dir, 'abort-slices.opus');
    await ffmpeg.toOpus(await makeSine(join(dir, 'abort-slices-source.wav'), { seconds: 12 }), original);
    const outputDir = await makeTempDir('ffmpeg-slices-');
    try {
      const controller = new AbortController();
      const reports: number[] = [];
      const slices = [0, 2, 4, 6, 8].map((startSeconds) => ({ startSeconds, durationSeconds: 2 }));
      const cutting = ffmpeg.cutOpusSlices(original, outputDir, slices, {
        signal: controller.signal,
        onSliceWritten(done) {
          reports.push(done);
          controller.abort(new Error('superseded'));
        },
      });
      await expect(cutting).rejects.toThrow('superseded');
      expect(reports).toEqual([1]);
    } finally {
      await removeDir(outputDir);
    }
  });

  it('refuses slices that do not follow each other, and a recording shorter than the plan', async () => {
    const original = join(dir, 'short.opus');
    await ffmpeg.toOpus(await makeSine(join(dir, 'short-source.wav'), { seconds: 3 }), original);
    const outputDir = await makeTempDir('ffmpeg-slices-');
    try {
      const gap = [
        { startSeconds: 0, durationSeconds: 1 },
        { startSeconds: 2, durationSeconds: 1 },
      ];
      await expect(ffmpeg.cutOpusSlices(original, outputDir, gap)).rejects.toThrow('Opus slices must follow each other from the start');
      const tooLong = [0, 2, 4].map((startSeconds) => ({ startSeconds, durationSeconds: 2 }));
      const error = await ffmpeg.cutOpusSlices(original, outputDir, tooLong).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(EngineError);
      expect((error as EngineError).message).toBe('Audio splitting failed: the recording ended after 2 of 3 samples');
    } finally {
      await removeDir(outputDir);
    }
  });

  it('removes the partial output and reports unreadable input', async () => {
    const input = join(dir, 'garbage.wav');
    await writeFile(input, randomBytes(4096));
    const output = join(dir, 'garbage.opus');
    const error = await ffmpeg.toOpus(input, output).catch((caught: unknown) => caught);
    expect((error as EngineError).message).toBe('The file is not readable audio');
    await expect(access(output)).rejects.toThrow();
  });

  it("reports a failure on the output side as retryable, with ffmpeg's words", async () => {
    const source = await makeSine(join(dir, 'fine.wav'), { seconds: 1 });
    const error = await ffmpeg.toOpus(source, join(dir, 'missing-dir', 'out.opus')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).message).toMatch(/^Audio conversion failed \(ffmpeg exit code \d+\): .*No such file or directory/);
    expect((error as EngineError).retryable).toBe(true);
  });

  it('stops ffmpeg when the signal aborts', async () => {
    const source = await makeNoise(join(dir, 'abort-source.wav'), { seconds: 30 });
    const output = join(dir, 'aborted.opus');
    const controller = new AbortController();
    const conversion = ffmpeg.toOpus(source, output, { signal: controller.signal });
    controller.abort(new Error('worker shutting down'));
    await expect(conversion).rejects.toThrow('worker shutting down');
    await expect(access(output)).rejects.toThrow();
  });
});

describe('pcmToSpeechFlac', () => {
  it('joins the pieces asked for of the PCM detectSilences kept into 16 kHz mono FLAC, each where the lengths before it say', async () => {
    // 300 Hz for 2 s, then 500 Hz for 3 s: the pieces take 1 s of each.
    const source = await renderLavfi(
      join(dir, 'two-tones.mp3'),
      'sine=frequency=300:sample_rate=48000:duration=2[a];sine=frequency=500:sample_rate=48000:duration=3[b];[a][b]concat=n=2:v=0:a=1',
    );
    const pcm = join(dir, 'two-tones.pcm');
    await ffmpeg.detectSilences(source, { thresholdDb: -50, minSeconds: 0.3 }, { pcmOutput: pcm });
    // Mono 16-bit at 16 kHz, the whole recording.
    expect((await stat(pcm)).size / 32_000).toBeCloseTo(5, 2);
    const output = join(dir, 'pieces.flac');
    await ffmpeg.pcmToSpeechFlac(pcm, output, [
      { startSeconds: 0.5, endSeconds: 1.5 },
      { startSeconds: 3, endSeconds: 4.25 },
    ]);
    const probe = await probeFile(output);
    expect(probe).toMatchObject({ formatName: 'flac', audioCodec: 'flac', channels: 1, sampleRate: 16000 });
    const samples: number[] = [];
    await ffmpeg.decodePcm(output, 16000, (chunk) => {
      for (let offset = 0; offset + 1 < chunk.length; offset += 2) samples.push(chunk.readInt16LE(offset));
    });
    // 1 s of the first piece and 1.25 s of the second, to the sample.
    expect(samples.length).toBe(36_000);
    const pitch = (from: number, to: number) => {
      let crossings = 0;
      for (let index = from + 1; index < to; index++) if (samples[index - 1]! < 0 !== samples[index]! < 0) crossings++;
      return crossings / 2 / ((to - from) / 16000);
    };
    expect(pitch(800, 15_200)).toBeCloseTo(300, -1);
    expect(pitch(16_800, 35_200)).toBeCloseTo(500, -1);
  });
});

describe('detectSilences', () => {
  it('finds the pauses between sounds, and one that runs to the end', async () => {
    // 2 s of tone, 1.5 s of silence, 2 s of tone, 3 s of silence.
    const path = await renderLavfi(
      join(dir, 'pauses.wav'),
      'sine=frequency=300:sample_rate=48000:duration=2[a];anullsrc=r=48000:cl=mono:d=1.5[b];sine=frequency=500:sample_rate=48000:duration=2[c];anullsrc=r=48000:cl=mono:d=3[d];[a][b][c][d]concat=n=4:v=0:a=1',
    );
    const seen: number[] = [];
    const silences = await ffmpeg.detectSilences(path, { thresholdDb: -50, minSeconds: 0.3 }, { onProgress: (done) => seen.push(done), totalSeconds: 8.5 });
    expect(silences).toHaveLength(2);
    expect(silences[0]!.startSeconds).toBeCloseTo(2, 1);
    expect(silences[0]!.endSeconds).toBeCloseTo(3.5, 1);
    expect(silences[1]!.startSeconds).toBeCloseTo(5.5, 1);
    expect(silences[1]!.endSeconds).toBeCloseTo(8.5, 1);
    expect(seen.at(-1)).toBeGreaterThanOrEqual(8);
  });

  it('tells each silence as the decoding meets it, its start first', async () => {
    const path = await renderLavfi(
      join(dir, 'pauses-told.wav'),
      'sine=frequency=300:sample_rate=48000:duration=2[a];anullsrc=r=48000:cl=mono:d=1.5[b];sine=frequency=500:sample_rate=48000:duration=2[c];anullsrc=r=48000:cl=mono:d=3[d];[a][b][c][d]concat=n=4:v=0:a=1',
    );
    const told: string[] = [];
    const silences = await ffmpeg.detectSilences(
      path,
      { thresholdDb: -50, minSeconds: 0.3 },
      {
        totalSeconds: 8.5,
        onSilenceStart: (start) => told.push(`start ${start.toFixed(1)}`),
        onSilence: (silence) => told.push(`silence ${silence.startSeconds.toFixed(1)}-${silence.endSeconds.toFixed(1)}`),
      },
    );
    expect(told).toEqual(['start 2.0', 'silence 2.0-3.5', 'start 5.5', 'silence 5.5-8.5']);
    expect(silences.map((silence) => `${silence.startSeconds.toFixed(1)}-${silence.endSeconds.toFixed(1)}`)).toEqual(['2.0-3.5', '5.5-8.5']);
  });

  it('ignores pauses shorter than asked for, and finds none in a steady tone', async () => {
    const path = await renderLavfi(
      join(dir, 'short-pause.wav'),
      'sine=frequency=300:sample_rate=48000:duration=1[a];anullsrc=r=48000:cl=mono:d=0.2[b];sine=frequency=300:sample_rate=48000:duration=1[c];[a][b][c]concat=n=3:v=0:a=1',
    );
    expect(await ffmpeg.detectSilences(path, { thresholdDb: -50, minSeconds: 0.5 })).toEqual([]);
    const tone = await makeSine(join(dir, 'steady.wav'), { seconds: 2 });
    expect(await ffmpeg.detectSilences(tone, { thresholdDb: -50, minSeconds: 0.3 })).toEqual([]);
  });

  it('refuses what is not audio', async () => {
    const path = join(dir, 'noise.bin');
    await writeFile(path, randomBytes(32 * 1024));
    await expect(ffmpeg.detectSilences(path, { thresholdDb: -50, minSeconds: 0.3 })).rejects.toThrow('The file is not readable audio');
  });
});

describe('analyze', () => {
  it('measures a clean tone', async () => {
    const analysis = await analyzeAudio(ffmpeg, await makeSine(join(dir, 'a-tone.wav'), { seconds: 3, volume: 0.25 }));
    expect(analysis.durationSeconds).toBeCloseTo(3, 2);
    expect(analysis.peakDb).toBeCloseTo(20 * Math.log10(0.25), 0);
    expect(analysis.rmsDb).toBeCloseTo(analysis.peakDb - 3.01, 0);
    // A sine spends 2·acos(10^(-0.5/20))/π of its time within 0.5 dB of its peak; the quality
    // model reads that share as clipping only in speech.
    expect(analysis.clippedRatio).toBeCloseTo(0.214, 2);
    expect(analysis.silenceRatio).toBe(0);
    expect(analysis.spectralFlatness).toBeLessThan(0.05);
    const { bandEdgesHz, meanDb } = analysis.spectrum;
    const loudest = meanDb.indexOf(Math.max(...meanDb));
    expect(bandEdgesHz[loudest]).toBeLessThanOrEqual(220);
    expect(bandEdgesHz[loudest + 1]).toBeGreaterThan(220);
  });

  it('measures clipping', async () => {
    const analysis = await analyzeAudio(ffmpeg, await makeClippedSine(join(dir, 'a-clipped.wav')));
    expect(analysis.clippedRatio).toBeGreaterThan(0.5);
    expect(analysis.peakDb).toBeGreaterThan(-0.1);
  });

  it('measures silence', async () => {
    const silent = await analyzeAudio(ffmpeg, await makeSilence(join(dir, 'a-silence.wav')));
    expect(silent).toMatchObject({ rmsDb: -120, peakDb: -120, silenceRatio: 1, noiseFloorDb: -120 });
    expect(silent.spectrum.frames).toBe(0);
    const mostly = await analyzeAudio(ffmpeg, await makeMostlySilent(join(dir, 'a-mostly.wav'), { seconds: 10, soundSeconds: 1 }));
    expect(mostly.silenceRatio).toBeGreaterThan(0.85);
    expect(mostly.silenceRatio).toBeLessThan(0.95);
    expect(mostly.noiseFloorDb).toBe(-120);
  });

  it('tells noise from a tone by spectral flatness', async () => {
    const noise = await analyzeAudio(ffmpeg, await makeNoise(join(dir, 'a-noise.wav'), { seconds: 3 }));
    expect(noise.spectralFlatness).toBeGreaterThan(0.45);
    expect(noise.noiseFloorDb).toBeGreaterThan(noise.rmsDb - 3);
  });

  it('refuses random bytes as unreadable audio', async () => {
    const path = join(dir, 'a-random.ogg');
    await writeFile(path, randomBytes(8192));
    await expect(analyzeAudio(ffmpeg, path)).rejects.toThrow('The file is not readable audio');
  });
});

async function renderVideoOnly(path: string): Promise<void> {
  await promisify(execFile)(FFMPEG_PATH, [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=1:size=64x64:rate=10',
    '-c:v',
    'ffv1',
    path,
  ]);
}
