import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { EngineError } from '../domain/shared/engine-error';
import {
  fileUrl,
  INPUT_GUARD,
  OPUS_OUTPUT,
  QUIET,
  runTool,
  stretchInputs,
  toEngineError,
  type CallOptions,
  type FfmpegOptions,
  type OpusSlice,
} from './ffmpeg-process';

/** Where levelled audio should land: integrated loudness, and the highest true peak of the encoded file. */
export interface LoudnessTarget {
  integratedLufs: number;
  truePeakDbtp: number;
}

/** EBU R128 figures of a stretch, as loudnorm prints them. */
export interface LoudnessMeasurement {
  integratedLufs: number;
  truePeakDbtp: number;
  rangeLu: number;
  /** The relative gate of the integrated loudness. */
  thresholdLufs: number;
}

/** A stretch of `input` to level, its first-pass measurement (null: digital silence), and the file to write. */
export interface LevellingSample {
  output: string;
  stretch: OpusSlice;
  measured: LoudnessMeasurement | null;
}

/**
 * loudnorm as a meter: linear mode with the measurement given as its own target, so it applies
 * unit gain and prints what it read. Its integrated loudness and true peak are those of EBU
 * R128; its true peak is the sample peak at 192 kHz, where loudnorm works (4× oversampling for
 * 48 kHz audio, as BS.1770 asks).
 */
const METER = 'linear=true:I=-24:measured_I=-24:measured_TP=-99:measured_LRA=1:measured_thresh=-34:print_format=json';
/** Where a true-peak limiter must work: 4× the rate of the samples, so that its sample peaks are their true peaks. */
const OVERSAMPLED_RATE = 192_000;
/**
 * The limiter's lookahead and release (alimiter's defaults): 5 ms lets a peak be turned down
 * smoothly before it comes; 50 ms lets go within a syllable, so the speech around a loud one
 * keeps its level.
 */
const LIMITER = 'attack=5:release=50:level=false:latency=true';
/**
 * Opus encoding overshoots a peak by a few tenths of a dB (more where limited peaks crowd):
 * levelling aims this much under the true-peak target.
 */
const OPUS_PEAK_HEADROOM_DB = 0.5;
/** How much further than its overshoot the limiter is set down when a limited sample's file peaks over the target. */
const CEILING_STEP_DB = 0.2;
/**
 * How far METER's true peak may lie from ebur128's, which oversamples with a filter of its
 * own: a file is taken to peak over the target from this much under it.
 */
const METERS_AGREE_DB = 0.05;
/** A limited sample counts as levelled this close to the target; further from it, it is levelled again with another gain. */
const LEVELLED_WITHIN_LU = 0.3;
/** Levelling runs that set a limited sample's gain: one, then a few that make up what the limiter took. */
const LEVELLING_RUNS = 5;
/** The most the limiter may take off a peak: speech limited harder sounds squashed. */
const MAX_LIMITING_DB = 10;

/**
 * The loudness of stretches as EBU R128 defines it (METER), one meter per stretch in one
 * ffmpeg run. Each loudnorm holds about 9 MB (3 s at 192 kHz, twice): pass a few stretches at
 * a time. Null for a stretch with nothing above the absolute gate.
 */
export function measureLoudness(
  tools: FfmpegOptions,
  input: string,
  stretches: readonly OpusSlice[],
  options: CallOptions = {},
): Promise<(LoudnessMeasurement | null)[]> {
  return meterRun(tools, stretchInputs(input, stretches), stretches.length, options.signal);
}

/**
 * Stretches levelled to the loudness target from their measurements and encoded in the sample
 * format, all in one ffmpeg run. Each gets the one gain that brings its integrated loudness to
 * the target. Where that gain would lift its true peak within OPUS_PEAK_HEADROOM_DB of the
 * target's, a true-peak limiter holds the peaks there. Limiting takes some loudness with it,
 * and the encoder overshoots a signal crowded with limited peaks more than a sparse one, so
 * each limited sample's file is measured and levelled again in another run: while it peaks
 * over the true-peak target, with the limiter set lower; and while it lies further than
 * LEVELLED_WITHIN_LU from the loudness target, with another gain, for LEVELLING_RUNS runs at
 * most. The limiter never takes more than MAX_LIMITING_DB off a peak: a sample that would need
 * more stays quieter than the target. No gain that varies with the speech (loudnorm's dynamic
 * mode, used here before): it follows the loudness heard so far, so a loud passage late in a
 * sample left the sample louder than the target, and one early left it quieter. A stretch
 * without a measurement (digital silence) is encoded as it is.
 */
export async function toLevelledOpus(
  tools: FfmpegOptions,
  input: string,
  samples: readonly LevellingSample[],
  target: LoudnessTarget,
  options: CallOptions = {},
): Promise<void> {
  const ceilingDbtp = target.truePeakDbtp - OPUS_PEAK_HEADROOM_DB;
  const plans = samples.map(({ measured }): Levelling | null => {
    if (!measured) return null;
    const maxGainDb = ceilingDbtp + MAX_LIMITING_DB - measured.truePeakDbtp;
    const gainDb = Math.min(maxGainDb, target.integratedLufs - measured.integratedLufs);
    return { gainDb, maxGainDb, ceilingDbtp, limited: measured.truePeakDbtp + gainDb > ceilingDbtp, tried: [] };
  });
  let batch = samples.map((_, k) => k);
  for (let run = 1; batch.length > 0; run++) {
    await levelRun(
      tools,
      input,
      batch.map((k) => ({ sample: samples[k]!, plan: plans[k]! })),
      options,
    );
    const limited = batch.filter((k) => plans[k]?.limited);
    const results = await meterRun(
      tools,
      limited.flatMap((k) => [...INPUT_GUARD, '-i', fileUrl(samples[k]!.output)]),
      limited.length,
      options.signal,
    );
    batch = limited.filter((k, position) => {
      const plan = plans[k]!;
      const result = results[position];
      if (!result) return false;
      const overDb = result.truePeakDbtp - (target.truePeakDbtp - METERS_AGREE_DB);
      if (overDb > 0) {
        // Lowering the limiter lowers what the encoder makes of it by as much. The tries so
        // far were made under the old ceiling: the next steps start afresh.
        plan.ceilingDbtp -= overDb + CEILING_STEP_DB;
        plan.tried = [];
        return true;
      }
      plan.tried.push({ gainDb: plan.gainDb, resultLufs: result.integratedLufs });
      if (run >= LEVELLING_RUNS || Math.abs(target.integratedLufs - result.integratedLufs) <= LEVELLED_WITHIN_LU) return false;
      const gainDb = Math.min(plan.maxGainDb, nextGain(plan.tried, target.integratedLufs));
      if (gainDb === plan.gainDb) return false;
      plan.gainDb = gainDb;
      return true;
    });
  }
}

/**
 * How a sample is levelled: its gain (at most `maxGainDb`), whether the limiter holds its
 * peaks and where, and the gains tried at that ceiling and where each landed.
 */
interface Levelling {
  gainDb: number;
  maxGainDb: number;
  ceilingDbtp: number;
  limited: boolean;
  tried: Try[];
}

interface Try {
  gainDb: number;
  resultLufs: number;
}

/**
 * The gain for a limited sample's next run. A limiter gives back at most each dB of gain put
 * into it, so a step by what the sample is short (or over) cannot go past the target: the
 * first step is that. Later ones divide it by the share of its gain the last step gave (at
 * least half, so a step is at most twice that), and once one try is under the target and
 * another over, the next lies between them, where the line through the two meets the target.
 */
function nextGain(tried: readonly Try[], targetLufs: number): number {
  const under = tried.filter((each) => each.resultLufs < targetLufs).sort((a, b) => a.gainDb - b.gainDb);
  const over = tried.filter((each) => each.resultLufs > targetLufs).sort((a, b) => a.gainDb - b.gainDb)[0];
  const last = under.at(-1);
  if (!last) return over!.gainDb - (over!.resultLufs - targetLufs);
  if (over) return last.gainDb + ((targetLufs - last.resultLufs) * (over.gainDb - last.gainDb)) / (over.resultLufs - last.resultLufs);
  const before = under.at(-2);
  const share = before ? (last.resultLufs - before.resultLufs) / (last.gainDb - before.gainDb) : 1;
  return last.gainDb + (targetLufs - last.resultLufs) / Math.min(1, Math.max(0.5, share));
}

/** One ffmpeg run that writes each sample at its gain, through the limiter where it is limited. */
async function levelRun(
  tools: FfmpegOptions,
  input: string,
  samples: readonly { sample: LevellingSample; plan: Levelling | null }[],
  options: CallOptions,
): Promise<void> {
  const level = samples.map(({ plan }, k) => {
    if (!plan) return `[${k}:a:0]anull[l${k}]`;
    const gain = `volume=${plan.gainDb.toFixed(2)}dB`;
    if (!plan.limited) return `[${k}:a:0]aformat=channel_layouts=mono,${gain}[l${k}]`;
    const limit = (10 ** (plan.ceilingDbtp / 20)).toFixed(6);
    return `[${k}:a:0]aformat=channel_layouts=mono,aresample=${OVERSAMPLED_RATE},${gain},alimiter=limit=${limit}:${LIMITER}[l${k}]`;
  });
  const outputs = samples.map(({ sample }) => sample.output);
  try {
    await runTool(
      tools.ffmpegPath,
      [
        ...QUIET,
        '-y',
        ...stretchInputs(
          input,
          samples.map(({ sample }) => sample.stretch),
        ),
        '-filter_complex',
        level.join(';'),
        ...outputs.flatMap((output, k) => ['-map', `[l${k}]`, '-map_metadata', '-1', ...OPUS_OUTPUT, fileUrl(output)]),
      ],
      options.signal,
    );
  } catch (error) {
    await Promise.all(outputs.map((output) => rm(output, { force: true })));
    throw toEngineError(error, 'Audio levelling failed', fileUrl(dirname(outputs[0] ?? '.')));
  }
}

/** Each of `count` inputs (their arguments, each ending in its `-i`) read by a METER of its own, in one ffmpeg run. */
async function meterRun(tools: FfmpegOptions, inputs: string[], count: number, signal?: AbortSignal): Promise<(LoudnessMeasurement | null)[]> {
  if (count === 0) return [];
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
        ...inputs,
        '-filter_complex',
        Array.from({ length: count }, (_, k) => `[${k}:a:0]aformat=channel_layouts=mono,${meter(k)}[m${k}]`).join(';'),
        ...Array.from({ length: count }, (_, k) => ['-map', `[m${k}]`, '-f', 'null', '-']).flat(),
      ],
      signal,
    ));
  } catch (error) {
    throw toEngineError(error, 'Loudness measurement failed', 'pipe:1');
  }
  return Array.from({ length: count }, (_, k) => parseLoudness(stderrTail, k));
}

/** METER named after its stretch so its printed measurement can be told apart. */
function meter(stretch: number): string {
  return `loudnorm@s${stretch}=${METER}`;
}

/** What meter `stretch` printed; null when the stretch was silent. */
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
