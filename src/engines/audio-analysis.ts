import { EngineError } from '../domain/shared/engine-error';
import { NOT_READABLE, type CallOptions, type Ffmpeg } from './ffmpeg';

export interface AudioSpectrum {
  /** Edges of the mel-spaced bands, one more than the number of bands. */
  bandEdgesHz: number[];
  /** Mean log energy per band over the non-silent frames: the long-term average spectrum. */
  meanDb: number[];
  /** Standard deviation of the log energy per band over the same frames. */
  stdDb: number[];
  /** Number of non-silent analysis frames the statistics come from. */
  frames: number;
}

export interface AudioAnalysis {
  durationSeconds: number;
  /** RMS level of the whole file in dBFS (a full-scale square wave is 0). */
  rmsDb: number;
  peakDb: number;
  /** Share of samples at or above 99 % of full scale. */
  clippedRatio: number;
  /** Share of analysis frames quieter than SILENCE_DB. */
  silenceRatio: number;
  /** Level of the quietest 10 % of frames: the background heard in pauses. */
  noiseFloorDb: number;
  /** Mean spectral flatness (0 = pure tone, about 0.56 = white noise) of the non-silent frames. */
  spectralFlatness: number;
  spectrum: AudioSpectrum;
}

/** dB values are floored here so digital silence stays a finite, JSON-safe number. */
export const MIN_DB = -120;
/** A 43 ms frame below this level counts as silence (room tone of a quiet recording sits around -60). */
export const SILENCE_DB = -50;

const ANALYSIS_RATE = 48_000;
const FRAME_SIZE = 2048;
const CLIP_LEVEL = 0.99;
const BAND_COUNT = 20;
const BAND_LOW_HZ = 100;
const BAND_HIGH_HZ = 8000;
const NOISE_FLOOR_PERCENTILE = 0.1;
const HISTOGRAM_STEP_DB = 0.5;

/**
 * Signal measurements computed in JS from 48 kHz mono PCM streamed out of ffmpeg.
 * Parsing astats/silencedetect logs would tie us to the log format of one ffmpeg version
 * and would not give a spectrum; decoding once gives exact, documented definitions and
 * constant memory, as each 43 ms frame is folded into running sums.
 */
export async function analyzeAudio(ffmpeg: Ffmpeg, path: string, options: CallOptions = {}): Promise<AudioAnalysis> {
  const analyzer = new SignalAnalyzer(ANALYSIS_RATE);
  await ffmpeg.decodePcm(path, ANALYSIS_RATE, (chunk) => analyzer.push(chunk), options.signal);
  const analysis = analyzer.finish();
  if (!analysis) throw new EngineError(NOT_READABLE, false);
  return analysis;
}

function roundMs(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function toDb(amplitude: number): number {
  return amplitude > 0 ? Math.max(MIN_DB, 20 * Math.log10(amplitude)) : MIN_DB;
}

function powerToDb(power: number): number {
  return power > 0 ? Math.max(MIN_DB, 10 * Math.log10(power)) : MIN_DB;
}

function hzToMel(hz: number): number {
  return 2595 * Math.log10(1 + hz / 700);
}

function melToHz(mel: number): number {
  return 700 * (10 ** (mel / 2595) - 1);
}

/** Folds s16le mono PCM into running statistics, one FRAME_SIZE frame at a time. */
class SignalAnalyzer {
  private readonly frame = new Float64Array(FRAME_SIZE);
  private frameFill = 0;
  private carry: number | undefined;
  private sampleCount = 0;
  private sumSquares = 0;
  private peak = 0;
  private clipped = 0;
  private frames = 0;
  private silentFrames = 0;
  private readonly histogram = new Uint32Array(Math.ceil(-MIN_DB / HISTOGRAM_STEP_DB) + 1);
  private flatnessSum = 0;
  private spectralFrames = 0;
  private readonly bandSum = new Float64Array(BAND_COUNT);
  private readonly bandSumSquares = new Float64Array(BAND_COUNT);
  private readonly fft = new Fft(FRAME_SIZE);
  private readonly window = hannWindow(FRAME_SIZE);
  private readonly windowPower = this.window.reduce((sum, value) => sum + value * value, 0);
  private readonly bandEdgesHz: number[];
  private readonly bandBins: [number, number][];
  private readonly flatnessBins: [number, number];
  private readonly re = new Float64Array(FRAME_SIZE);
  private readonly im = new Float64Array(FRAME_SIZE);

  constructor(private readonly sampleRate: number) {
    const binHz = sampleRate / FRAME_SIZE;
    const lowMel = hzToMel(BAND_LOW_HZ);
    const highMel = hzToMel(BAND_HIGH_HZ);
    this.bandEdgesHz = Array.from({ length: BAND_COUNT + 1 }, (_, i) => Math.round(melToHz(lowMel + ((highMel - lowMel) * i) / BAND_COUNT)));
    this.bandBins = Array.from({ length: BAND_COUNT }, (_, i) => {
      const from = Math.round((this.bandEdgesHz[i] ?? 0) / binHz);
      const to = Math.max(from + 1, Math.round((this.bandEdgesHz[i + 1] ?? 0) / binHz));
      return [from, to];
    });
    this.flatnessBins = [Math.round(BAND_LOW_HZ / binHz), Math.round(BAND_HIGH_HZ / binHz)];
  }

  push(chunk: Buffer): void {
    let offset = 0;
    if (this.carry !== undefined && chunk.length > 0) {
      this.add((((chunk[0]! << 8) | this.carry) << 16) >> 16);
      this.carry = undefined;
      offset = 1;
    }
    const end = chunk.length - ((chunk.length - offset) % 2);
    for (let i = offset; i < end; i += 2) this.add(chunk.readInt16LE(i));
    if (end < chunk.length) this.carry = chunk[end];
  }

  finish(): AudioAnalysis | undefined {
    if (this.sampleCount === 0) return undefined;
    // A tail of at least 10 ms still says whether the end is silent; a shorter one says nothing.
    if (this.frameFill >= this.sampleRate / 100 || this.frames === 0) this.levelFrame(this.frameFill);
    const spectrumFrames = this.spectralFrames;
    const meanDb = Array.from(this.bandSum, (sum) => (spectrumFrames ? sum / spectrumFrames : MIN_DB));
    const stdDb = Array.from(this.bandSumSquares, (sumSquares, band) => {
      if (!spectrumFrames) return 0;
      const mean = meanDb[band] ?? 0;
      return Math.sqrt(Math.max(0, sumSquares / spectrumFrames - mean * mean));
    });
    return {
      durationSeconds: roundMs(this.sampleCount / this.sampleRate),
      rmsDb: round2(toDb(Math.sqrt(this.sumSquares / this.sampleCount))),
      peakDb: round2(toDb(this.peak)),
      clippedRatio: round4(this.clipped / this.sampleCount),
      silenceRatio: round4(this.frames ? this.silentFrames / this.frames : 1),
      noiseFloorDb: round2(this.percentileDb(NOISE_FLOOR_PERCENTILE)),
      spectralFlatness: round4(spectrumFrames ? this.flatnessSum / spectrumFrames : 0),
      spectrum: {
        bandEdgesHz: this.bandEdgesHz,
        meanDb: meanDb.map(round2),
        stdDb: stdDb.map(round2),
        frames: spectrumFrames,
      },
    };
  }

  private add(sample: number): void {
    const value = sample / 32768;
    const magnitude = Math.abs(value);
    this.sampleCount++;
    this.sumSquares += value * value;
    if (magnitude > this.peak) this.peak = magnitude;
    if (magnitude >= CLIP_LEVEL) this.clipped++;
    this.frame[this.frameFill++] = value;
    if (this.frameFill === FRAME_SIZE) {
      if (this.levelFrame(FRAME_SIZE)) this.spectralFrame();
      this.frameFill = 0;
    }
  }

  /** Counts the frame's level; true when it is loud enough to describe the voice. */
  private levelFrame(length: number): boolean {
    let squares = 0;
    for (let i = 0; i < length; i++) squares += this.frame[i]! * this.frame[i]!;
    const db = toDb(Math.sqrt(squares / Math.max(1, length)));
    this.frames++;
    const bin = Math.min(this.histogram.length - 1, Math.floor((db - MIN_DB) / HISTOGRAM_STEP_DB));
    this.histogram[bin] = (this.histogram[bin] ?? 0) + 1;
    if (db < SILENCE_DB) {
      this.silentFrames++;
      return false;
    }
    return true;
  }

  private spectralFrame(): void {
    for (let i = 0; i < FRAME_SIZE; i++) {
      this.re[i] = this.frame[i]! * this.window[i]!;
      this.im[i] = 0;
    }
    this.fft.transform(this.re, this.im);
    // Power per bin scaled so that summing the one-sided bins gives the frame's mean square
    // (Parseval, corrected for the window's energy).
    const scale = 2 / (FRAME_SIZE * this.windowPower);
    const power = (bin: number) => (this.re[bin]! * this.re[bin]! + this.im[bin]! * this.im[bin]!) * scale;
    this.bandBins.forEach(([from, to], band) => {
      let sum = 0;
      for (let bin = from; bin < to; bin++) sum += power(bin);
      const db = powerToDb(sum);
      this.bandSum[band] = (this.bandSum[band] ?? 0) + db;
      this.bandSumSquares[band] = (this.bandSumSquares[band] ?? 0) + db * db;
    });
    const [from, to] = this.flatnessBins;
    let logSum = 0;
    let linearSum = 0;
    for (let bin = from; bin < to; bin++) {
      const value = power(bin) + 1e-20;
      logSum += Math.log(value);
      linearSum += value;
    }
    const count = to - from;
    this.flatnessSum += Math.exp(logSum / count) / (linearSum / count);
    this.spectralFrames++;
  }

  private percentileDb(fraction: number): number {
    const target = Math.max(1, Math.ceil(this.frames * fraction));
    let seen = 0;
    for (let bin = 0; bin < this.histogram.length; bin++) {
      seen += this.histogram[bin] ?? 0;
      if (seen >= target) return MIN_DB + bin * HISTOGRAM_STEP_DB;
    }
    return MIN_DB;
  }
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

function hannWindow(size: number): Float64Array {
  return Float64Array.from({ length: size }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (size - 1)));
}

/** In-place iterative radix-2 FFT; the size must be a power of two. */
class Fft {
  private readonly cos: Float64Array;
  private readonly sin: Float64Array;
  private readonly reversed: Uint32Array;

  constructor(private readonly size: number) {
    this.cos = Float64Array.from({ length: size / 2 }, (_, i) => Math.cos((-2 * Math.PI * i) / size));
    this.sin = Float64Array.from({ length: size / 2 }, (_, i) => Math.sin((-2 * Math.PI * i) / size));
    const bits = Math.log2(size);
    this.reversed = Uint32Array.from({ length: size }, (_, i) => {
      let reversed = 0;
      for (let bit = 0; bit < bits; bit++) reversed |= ((i >> bit) & 1) << (bits - 1 - bit);
      return reversed;
    });
  }

  transform(re: Float64Array, im: Float64Array): void {
    const n = this.size;
    for (let i = 0; i < n; i++) {
      const j = this.reversed[i]!;
      if (j > i) {
        [re[i], re[j]] = [re[j]!, re[i]!];
        [im[i], im[j]] = [im[j]!, im[i]!];
      }
    }
    for (let length = 2; length <= n; length *= 2) {
      const half = length / 2;
      const step = n / length;
      for (let start = 0; start < n; start += length) {
        for (let k = 0; k < half; k++) {
          const wr = this.cos[k * step]!;
          const wi = this.sin[k * step]!;
          const a = start + k;
          const b = a + half;
          const tr = re[b]! * wr - im[b]! * wi;
          const ti = re[b]! * wi + im[b]! * wr;
          re[b] = re[a]! - tr;
          im[b] = im[a]! - ti;
          re[a] = re[a]! + tr;
          im[a] = im[a]! + ti;
        }
      }
    }
  }
}
