import type { SampleMeasurements } from '../domain/voice/sample-quality';
import { Fft, hannWindow, hzToMel, melToHz, MIN_DB, percentile, powerToDb, round2, round4, roundMs, Series, toDb } from './signal-math';

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

/** The signal of a file or of a stretch of one, measured; what sample-quality.ts judges. */
export interface AudioAnalysis extends SampleMeasurements {
  /** RMS level of the whole stretch in dBFS (a full-scale square wave is 0). */
  rmsDb: number;
  peakDb: number;
  /** Share of analysis frames quieter than SILENCE_DB. */
  silenceRatio: number;
  /** Mean spectral flatness (0 = pure tone, about 0.56 = white noise) of the non-silent frames. */
  spectralFlatness: number;
  spectrum: AudioSpectrum;
}

/** A frame below this level counts as silence (room tone of a quiet recording sits around -60). */
export const SILENCE_DB = -50;

/** The rate the signal is decoded at for measuring. */
export const ANALYSIS_RATE = 48_000;
/** 21 ms: short enough to follow syllables, long enough to resolve a voice's harmonics. */
const FRAME_SIZE = 1024;
const FRAME_SECONDS = FRAME_SIZE / ANALYSIS_RATE;
/** The level envelope for decays and edges runs on half frames (11 ms). */
const HALF = FRAME_SIZE / 2;
const HALF_SECONDS = HALF / ANALYSIS_RATE;
const BAND_COUNT = 20;
const BAND_LOW_HZ = 100;
const BAND_HIGH_HZ = 8000;
const FULL_SCALE = 32768;
/** Flattened tops sit within this much of the peak; a natural waveform passes through it. */
const CLIP_BAND_DB = 0.5;

/** The background: the quietest tenth of the frames. */
const FLOOR_PERCENTILE = 0.05;
/** A frame is sound when it stands this far above the background (and above ACTIVE_MIN_DB). */
const ACTIVE_ABOVE_FLOOR_DB = 6;
const ACTIVE_MIN_DB = -70;
/** Speech is judged in half-second windows: a few syllables. */
const WINDOW_FRAMES = 24;
const WINDOW_MIN_ACTIVE = 3;
/**
 * Speech changes its spectral shape from one 21 ms frame to the next (formants move, voiced
 * and unvoiced sounds alternate): the mean change of the level-free band shape is 3-7 dB in
 * speech, clean or noisy, and below 2 dB in a tone, a hum, or an amplitude-modulated chord.
 */
const SPEECH_FLUX_DB = 2;
/** Shape changes in bands this far below the frame's loudest band are noise, not speech. */
const SHAPE_RANGE_DB = 30;
/** Broadband noise has a flat spectrum (white about 0.56, pink 0.3); speech stays below 0.2. */
const NOISE_FLATNESS = 0.3;
/** A frame below this carries no spectrum worth judging (coding noise of digital silence). */
const SPECTRUM_MIN_DB = -90;
/**
 * Reverberation, from the steepest decays of the level: a room lets sound fall no faster
 * than 60 dB per RT60, while dry speech falls far faster at the end of each sound. Decays are
 * fitted over 85 ms, starting within 20 dB of the loud speech and staying 10 dB above the floor.
 */
const DECAY_HALVES = 8;
const DECAY_START_BELOW_LOUD_DB = 20;
const DECAY_ABOVE_FLOOR_DB = 10;
const DECAY_PERCENTILE = 0.95;
const DECAY_MIN_COUNT = 20;
/** The ends of a stretch: 53 ms, in sound when this far above the background. */
const EDGE_HALVES = 5;
const EDGE_ABOVE_FLOOR_DB = 12;

/** Folds s16le mono PCM into running statistics and per-frame measurements. */
export class SignalAnalyzer {
  private readonly frame = new Float64Array(FRAME_SIZE);
  private frameFill = 0;
  private carry: number | undefined;
  private sampleCount = 0;
  private sumSquares = 0;
  private peakMagnitude = 0;
  /** Samples per absolute 16-bit value: the share near the peak, once the peak is known. */
  private readonly magnitudes = new Uint32Array(FULL_SCALE + 1);
  private silentFrames = 0;
  private flatnessSum = 0;
  private spectralFrames = 0;
  private readonly bandSum = new Float64Array(BAND_COUNT);
  private readonly bandSumSquares = new Float64Array(BAND_COUNT);
  private readonly frameLevels = new Series();
  private readonly frameFlatness = new Series();
  /** Change of the band shape from the frame before; NaN when either has no spectrum. */
  private readonly frameFlux = new Series();
  private readonly halfLevels = new Series();
  private previousShape: Float64Array | null = null;
  private readonly shape = new Float64Array(BAND_COUNT);
  private readonly bandDb = new Float64Array(BAND_COUNT);
  private readonly fft = new Fft(FRAME_SIZE);
  private readonly window = hannWindow(FRAME_SIZE);
  private readonly windowPower = this.window.reduce((sum, value) => sum + value * value, 0);
  private readonly bandEdgesHz: number[];
  private readonly bandBins: [number, number][];
  private readonly flatnessBins: [number, number];
  private readonly re = new Float64Array(FRAME_SIZE);
  private readonly im = new Float64Array(FRAME_SIZE);
  private readonly power = new Float64Array(FRAME_SIZE / 2 + 1);

  constructor() {
    const binHz = ANALYSIS_RATE / FRAME_SIZE;
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

  hasSamples(): boolean {
    return this.sampleCount > 0;
  }

  push(chunk: Buffer): void {
    let offset = 0;
    if (this.carry !== undefined && chunk.length > 0) {
      this.add((((chunk[0]! << 8) | this.carry) << 16) >> 16);
      this.carry = undefined;
      offset = 1;
    }
    const end = chunk.length - ((chunk.length - offset) % 2);
    this.pushSamples(chunk.subarray(offset, end), 0, (end - offset) / 2);
    if (end < chunk.length) this.carry = chunk[end];
  }

  /** `count` samples of a whole-sample s16le buffer, from sample `first`. */
  pushSamples(data: Buffer, first: number, count: number): void {
    // An Int16Array view needs an even byte offset; Node's pooled buffers do not promise one.
    const samples = data.byteOffset % 2 === 0 ? new Int16Array(data.buffer, data.byteOffset, data.length / 2) : new Int16Array(Uint8Array.from(data).buffer);
    for (let i = first; i < first + count; i++) this.add(samples[i]!);
  }

  finish(): AudioAnalysis | undefined {
    if (this.sampleCount === 0) return undefined;
    // A tail of at least 10 ms still says whether the end is silent; a shorter one says nothing.
    if (this.frameFill >= ANALYSIS_RATE / 100 || this.frameLevels.length === 0) this.closeFrame(this.frameFill, false);
    const frames = this.frameLevels.length;
    const levels = this.frameLevels.view();
    const floorDb = percentile(levels, FLOOR_PERCENTILE);
    const speech = this.speech(floorDb);
    const spectrumFrames = this.spectralFrames;
    const meanDb = Array.from(this.bandSum, (sum) => (spectrumFrames ? sum / spectrumFrames : MIN_DB));
    const stdDb = Array.from(this.bandSumSquares, (sumSquares, band) => {
      if (!spectrumFrames) return 0;
      const mean = meanDb[band] ?? 0;
      return Math.sqrt(Math.max(0, sumSquares / spectrumFrames - mean * mean));
    });
    const peakDb = toDb(this.peakMagnitude / FULL_SCALE);
    return {
      durationSeconds: roundMs(this.sampleCount / ANALYSIS_RATE),
      rmsDb: round2(toDb(Math.sqrt(this.sumSquares / this.sampleCount))),
      peakDb: round2(peakDb),
      clippedRatio: peakDb < SILENCE_DB ? 0 : round4(this.nearPeakCount() / this.sampleCount),
      silenceRatio: round4(frames ? this.silentFrames / frames : 1),
      noiseFloorDb: round2(floorDb),
      noiseFloorFlatness: round4(this.floorFlatness(floorDb)),
      spectralFlatness: round4(spectrumFrames ? this.flatnessSum / spectrumFrames : 0),
      spectrum: { bandEdgesHz: this.bandEdgesHz, meanDb: meanDb.map(round2), stdDb: stdDb.map(round2), frames: spectrumFrames },
      speechSeconds: roundMs(speech.speechFrames * FRAME_SECONDS),
      noiseSeconds: roundMs(speech.noiseFrames * FRAME_SECONDS),
      speechLevelDb: speech.speechFrames > 0 ? round2(powerToDb(speech.speechPower / speech.speechFrames)) : null,
      reverbSeconds: this.reverbSeconds(floorDb),
      speechAtStart: this.edgeInSound(0, floorDb),
      speechAtEnd: this.edgeInSound(Math.max(0, this.halfLevels.length - EDGE_HALVES), floorDb),
    };
  }

  private add(sample: number): void {
    const value = sample / FULL_SCALE;
    const magnitude = Math.abs(sample);
    this.sampleCount++;
    this.sumSquares += value * value;
    this.magnitudes[magnitude]!++;
    if (magnitude > this.peakMagnitude) this.peakMagnitude = magnitude;
    this.frame[this.frameFill++] = value;
    if (this.frameFill === FRAME_SIZE) {
      this.closeFrame(FRAME_SIZE, true);
      this.frameFill = 0;
    }
  }

  private closeFrame(length: number, full: boolean): void {
    let first = 0;
    let second = 0;
    const half = Math.min(HALF, length);
    for (let i = 0; i < half; i++) first += this.frame[i]! * this.frame[i]!;
    for (let i = half; i < length; i++) second += this.frame[i]! * this.frame[i]!;
    this.halfLevels.add(powerToDb(first / Math.max(1, half)));
    if (length > HALF) this.halfLevels.add(powerToDb(second / (length - half)));
    const db = powerToDb((first + second) / Math.max(1, length));
    this.frameLevels.add(db);
    if (db < SILENCE_DB) this.silentFrames++;
    if (!full || db < SPECTRUM_MIN_DB) {
      this.frameFlatness.add(NaN);
      this.frameFlux.add(NaN);
      this.previousShape = null;
      return;
    }
    this.spectralFrame(db >= SILENCE_DB);
  }

  private spectralFrame(voiced: boolean): void {
    for (let i = 0; i < FRAME_SIZE; i++) {
      this.re[i] = this.frame[i]! * this.window[i]!;
      this.im[i] = 0;
    }
    this.fft.transform(this.re, this.im);
    // Power per bin scaled so that summing the one-sided bins gives the frame's mean square
    // (Parseval, corrected for the window's energy).
    const scale = 2 / (FRAME_SIZE * this.windowPower);
    const power = this.power;
    for (let bin = 0; bin < power.length; bin++) power[bin] = (this.re[bin]! * this.re[bin]! + this.im[bin]! * this.im[bin]!) * scale;
    let loudest = MIN_DB;
    for (let band = 0; band < BAND_COUNT; band++) {
      const [from, to] = this.bandBins[band]!;
      let sum = 0;
      for (let bin = from; bin < to; bin++) sum += power[bin]!;
      const db = powerToDb(sum);
      this.bandDb[band] = db;
      if (db > loudest) loudest = db;
    }
    const [from, to] = this.flatnessBins;
    let logSum = 0;
    let linearSum = 0;
    for (let bin = from; bin < to; bin++) {
      const value = power[bin]! + 1e-20;
      logSum += Math.log(value);
      linearSum += value;
    }
    const count = to - from;
    const flatness = Math.exp(logSum / count) / (linearSum / count);
    this.frameFlatness.add(flatness);

    // The band shape without the frame's level: each band against the frame's mean band,
    // with bands far below the loudest held at that floor.
    let mean = 0;
    for (let band = 0; band < BAND_COUNT; band++) {
      this.shape[band] = Math.max(this.bandDb[band]!, loudest - SHAPE_RANGE_DB);
      mean += this.shape[band]!;
    }
    mean /= BAND_COUNT;
    let flux = NaN;
    if (this.previousShape) {
      flux = 0;
      for (let band = 0; band < BAND_COUNT; band++) flux += Math.abs(this.shape[band]! - mean - this.previousShape[band]!);
      flux /= BAND_COUNT;
    }
    this.frameFlux.add(flux);
    this.previousShape ??= new Float64Array(BAND_COUNT);
    for (let band = 0; band < BAND_COUNT; band++) this.previousShape[band] = this.shape[band]! - mean;

    if (!voiced) return;
    for (let band = 0; band < BAND_COUNT; band++) {
      const db = this.bandDb[band]!;
      this.bandSum[band] = (this.bandSum[band] ?? 0) + db;
      this.bandSumSquares[band] = (this.bandSumSquares[band] ?? 0) + db * db;
    }
    this.flatnessSum += flatness;
    this.spectralFrames++;
  }

  /** Sound frames in half-second windows that change like speech, and in those that are broadband noise. */
  private speech(floorDb: number) {
    const levels = this.frameLevels.view();
    const threshold = Math.max(ACTIVE_MIN_DB, floorDb + ACTIVE_ABOVE_FLOOR_DB);
    const active = (frame: number) => levels[frame]! > threshold;
    let speechFrames = 0;
    let speechPower = 0;
    let noiseFrames = 0;
    for (let start = 0; start < levels.length; start += WINDOW_FRAMES) {
      const end = Math.min(levels.length, start + WINDOW_FRAMES);
      let activeFrames = 0;
      let power = 0;
      let fluxSum = 0;
      let fluxCount = 0;
      let flatnessSum = 0;
      let flatnessCount = 0;
      for (let frame = start; frame < end; frame++) {
        if (!active(frame)) continue;
        activeFrames++;
        power += 10 ** (levels[frame]! / 10);
        const flatness = this.frameFlatness.at(frame);
        if (!Number.isNaN(flatness)) {
          flatnessSum += flatness;
          flatnessCount++;
        }
        const flux = this.frameFlux.at(frame);
        if (frame > start && active(frame - 1) && !Number.isNaN(flux)) {
          fluxSum += flux;
          fluxCount++;
        }
      }
      if (activeFrames < WINDOW_MIN_ACTIVE || flatnessCount === 0) continue;
      const flatness = flatnessSum / flatnessCount;
      if (flatness >= NOISE_FLATNESS) noiseFrames += activeFrames;
      else if (fluxCount > 1 && fluxSum / fluxCount >= SPEECH_FLUX_DB) {
        speechFrames += activeFrames;
        speechPower += power;
      }
    }
    return { speechFrames, speechPower, noiseFrames };
  }

  private floorFlatness(floorDb: number): number {
    const levels = this.frameLevels.view();
    let sum = 0;
    let count = 0;
    for (let frame = 0; frame < levels.length; frame++) {
      const flatness = this.frameFlatness.at(frame);
      if (levels[frame]! <= floorDb + 3 && !Number.isNaN(flatness)) {
        sum += flatness;
        count++;
      }
    }
    return count ? sum / count : 0;
  }

  /** RT60 from the 95th percentile of the decay rates fitted on the half-frame envelope. */
  private reverbSeconds(floorDb: number): number | null {
    const envelope = this.halfLevels.view();
    const loudDb = percentile(envelope, 0.95);
    const rates: number[] = [];
    const n = DECAY_HALVES;
    const meanT = ((n - 1) * HALF_SECONDS) / 2;
    let varianceT = 0;
    for (let j = 0; j < n; j++) varianceT += (j * HALF_SECONDS - meanT) ** 2;
    for (let i = 0; i + n <= envelope.length; i++) {
      if (envelope[i]! < loudDb - DECAY_START_BELOW_LOUD_DB) continue;
      let meanDb = 0;
      let above = true;
      for (let j = 0; j < n; j++) {
        const db = envelope[i + j]!;
        if (db < floorDb + DECAY_ABOVE_FLOOR_DB) above = false;
        meanDb += db;
      }
      if (!above) continue;
      meanDb /= n;
      let covariance = 0;
      for (let j = 0; j < n; j++) covariance += (j * HALF_SECONDS - meanT) * (envelope[i + j]! - meanDb);
      const slope = covariance / varianceT;
      if (slope < 0) rates.push(-slope);
    }
    if (rates.length < DECAY_MIN_COUNT) return null;
    return round2(60 / percentile(Float32Array.from(rates), DECAY_PERCENTILE));
  }

  private edgeInSound(from: number, floorDb: number): boolean {
    const envelope = this.halfLevels.view();
    const to = Math.min(envelope.length, from + EDGE_HALVES);
    if (to <= from) return false;
    let power = 0;
    for (let i = from; i < to; i++) power += 10 ** (envelope[i]! / 10);
    return powerToDb(power / (to - from)) > Math.max(SILENCE_DB, floorDb + EDGE_ABOVE_FLOOR_DB);
  }

  private nearPeakCount(): number {
    const threshold = Math.ceil(this.peakMagnitude * 10 ** (-CLIP_BAND_DB / 20));
    let count = 0;
    for (let magnitude = threshold; magnitude <= FULL_SCALE; magnitude++) count += this.magnitudes[magnitude]!;
    return count;
  }
}
