import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { EngineError } from '../domain/shared/engine-error';
import { fileUrl, OPUS_OUTPUT, QUIET, runTool, stretchInputs, toEngineError, type CallOptions, type FfmpegOptions, type OpusSlice } from './ffmpeg-process';

/** Where levelled audio should land: integrated loudness and the highest true peak. */
export interface LoudnessTarget {
  integratedLufs: number;
  truePeakDbtp: number;
}

/** EBU R128 figures of a stretch, as loudnorm's first pass prints them. */
export interface LoudnessMeasurement {
  integratedLufs: number;
  truePeakDbtp: number;
  rangeLu: number;
  /** The relative gate of the integrated loudness. */
  thresholdLufs: number;
}

/** Speech rarely spans a wider loudness range; a sample that does is levelled dynamically. */
const LOUDNESS_RANGE_LU = 20;

/**
 * The loudness of stretches as EBU R128 defines it, measured by ffmpeg's loudnorm (the
 * first of its two passes), one filter per stretch in one ffmpeg run. Each filter runs in
 * linear mode at unit gain (the target given as the measurement), so it measures exactly
 * what the second pass will see without running the dynamic processor whose output a first
 * pass throws away: half the CPU. Each loudnorm holds about 9 MB (3 s at 192 kHz, twice):
 * pass a few stretches at a time. Null for a stretch with nothing above the absolute gate.
 */
export async function measureLoudness(
  tools: FfmpegOptions,
  input: string,
  stretches: readonly OpusSlice[],
  target: LoudnessTarget,
  options: CallOptions = {},
): Promise<(LoudnessMeasurement | null)[]> {
  const unitGain = `measured_I=${target.integratedLufs}:measured_TP=-99:measured_LRA=1:measured_thresh=${target.integratedLufs - 10}`;
  let stderrTail: string;
  try {
    ({ stderrTail } = await runTool(
      tools.ffmpegPath,
      [
        '-hide_banner',
        '-nostdin',
        '-nostats',
        // The measurements are printed at the info level.
        '-loglevel',
        'info',
        ...stretchInputs(input, stretches),
        '-filter_complex',
        stretches.map((_, k) => `[${k}:a:0]${loudnorm(k, target)}:${unitGain}:print_format=json[m${k}]`).join(';'),
        ...stretches.flatMap((_, k) => ['-map', `[m${k}]`, '-f', 'null', '-']),
      ],
      options.signal,
    ));
  } catch (error) {
    throw toEngineError(error, 'Loudness measurement failed', 'pipe:1');
  }
  return stretches.map((_, k) => parseLoudness(stderrTail, k));
}

/**
 * Stretches levelled to the loudness target (loudnorm's second pass, from the first pass's
 * measurements) and encoded in the sample format, in one ffmpeg run. loudnorm applies one
 * gain when that keeps the true peak under the target and the loudness range under
 * LOUDNESS_RANGE_LU; otherwise it levels dynamically, with its true-peak limiter. A stretch
 * without a measurement (digital silence) is encoded as it is.
 */
export async function toLevelledOpus(
  tools: FfmpegOptions,
  input: string,
  samples: readonly { output: string; stretch: OpusSlice; measured: LoudnessMeasurement | null }[],
  target: LoudnessTarget,
  options: CallOptions = {},
): Promise<void> {
  const level = samples.map(({ measured }, k) => {
    if (!measured) return `[${k}:a:0]anull[l${k}]`;
    // loudnorm reads a range of 0 (a stretch too short for a 3 s window) as "not measured".
    const range = Math.max(0.1, measured.rangeLu);
    const measurement = `measured_I=${measured.integratedLufs}:measured_TP=${measured.truePeakDbtp}:measured_LRA=${range}:measured_thresh=${measured.thresholdLufs}`;
    return `[${k}:a:0]${loudnorm(k, target)}:${measurement}[l${k}]`;
  });
  try {
    await runTool(
      tools.ffmpegPath,
      [
        ...QUIET,
        '-y',
        ...stretchInputs(
          input,
          samples.map((sample) => sample.stretch),
        ),
        '-filter_complex',
        level.join(';'),
        ...samples.flatMap(({ output }, k) => ['-map', `[l${k}]`, '-map_metadata', '-1', ...OPUS_OUTPUT, fileUrl(output)]),
      ],
      options.signal,
    );
  } catch (error) {
    await Promise.all(samples.map(({ output }) => rm(output, { force: true })));
    throw toEngineError(error, 'Audio levelling failed', fileUrl(dirname(samples[0]?.output ?? '.')));
  }
}

/** Mono, then loudnorm named after its stretch so its printed measurement can be told apart. */
function loudnorm(stretch: number, target: LoudnessTarget): string {
  return `aformat=channel_layouts=mono,loudnorm@s${stretch}=I=${target.integratedLufs}:TP=${target.truePeakDbtp}:LRA=${LOUDNESS_RANGE_LU}:linear=true`;
}

/** What loudnorm `stretch` printed; null when the stretch was silent. */
function parseLoudness(stderr: string, stretch: number): LoudnessMeasurement | null {
  const printed = new RegExp(`\\[loudnorm@s${stretch} @ [^\\]]*\\]\\s*(\\{[^}]*\\})`).exec(stderr)?.[1];
  let values: Record<string, string>;
  try {
    values = JSON.parse(printed ?? '') as Record<string, string>;
  } catch {
    throw new EngineError('Loudness measurement failed: ffmpeg printed no measurement');
  }
  const measured = {
    integratedLufs: Number(values.input_i),
    truePeakDbtp: Number(values.input_tp),
    rangeLu: Number(values.input_lra),
    thresholdLufs: Number(values.input_thresh),
  };
  // Silence measures -inf (or the gate itself): nothing to level.
  if (!Object.values(measured).every(Number.isFinite) || measured.integratedLufs <= -70) return null;
  return measured;
}
