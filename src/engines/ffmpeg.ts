import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ProcessFailed, ProcessNotStarted, runProcess } from './child-process';
import { EngineError } from './engine-error';

export interface FfmpegOptions {
  ffmpegPath: string;
  ffprobePath: string;
}

export interface AudioProbe {
  durationSeconds: number;
  formatName: string;
  audioCodec?: string;
  channels?: number;
  sampleRate?: number;
  bitRate?: number;
  hasAudio: boolean;
  hasVideo: boolean;
}

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

export interface SamplePlan {
  index: number;
  startSeconds: number;
  durationSeconds: number;
}

interface CallOptions {
  signal?: AbortSignal;
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
const STDERR_TAIL_CHARS = 4000;

/**
 * Demuxers ffmpeg may use on files we did not make. Playlist and concat demuxers (hls,
 * concat, ...) open other files or URLs named inside the upload, so a crafted upload could
 * read server files or reach internal hosts; only plain media containers are allowed.
 */
const INPUT_FORMATS = [
  'mov,mp4,m4a,3gp,3g2,mj2', 'matroska,webm', 'ogg', 'wav', 'w64', 'mp3', 'flac', 'aac', 'aiff',
  'caf', 'asf', 'amr', 'amrnb', 'amrwb', 'avi', 'flv', 'mpegts', 'mpeg', 'au', 'wv', 'ape', 'tta',
].join(',');
const INPUT_GUARD = ['-format_whitelist', INPUT_FORMATS, '-protocol_whitelist', 'file'];

/**
 * ffmpeg failures that are the server's fault. Any other failure on a file ffmpeg could be
 * started on means the input cannot be decoded; listing the many ways a damaged or foreign
 * file shows up in ffmpeg's log would never be complete.
 */
const SERVER_SIDE_FAILURES = [
  'No space left on device',
  'Unknown encoder',
  'Cannot allocate memory',
  'Too many open files',
  'Read-only file system',
  'Permission denied',
  'Error opening output',
  'Could not write header',
  'Error writing trailer',
];

const NOT_READABLE = 'The file is not readable audio';


/** Wraps the system ffmpeg/ffprobe: every call spawns the binary with an argument array, never a shell. */
export class Ffmpeg {
  constructor(private readonly options: FfmpegOptions) {}

  async probe(path: string, options: CallOptions = {}): Promise<AudioProbe> {
    let stdout: string;
    try {
      ({ stdout } = await this.run(
        this.options.ffprobePath,
        ['-v', 'error', ...INPUT_GUARD, '-print_format', 'json', '-show_format', '-show_streams', fileUrl(path)],
        options.signal,
      ));
    } catch (error) {
      if (error instanceof ProcessFailed) throw new EngineError(NOT_READABLE, false);
      throw error;
    }
    const parsed = parseProbe(stdout);
    if (!parsed.hasAudio) throw new EngineError(NOT_READABLE, false);
    if (parsed.durationSeconds === undefined) {
      // Streamed recordings (browser MediaRecorder webm, for instance) carry no duration in
      // their headers; decoding is the only way to learn it.
      parsed.durationSeconds = await this.decodedDuration(path, options.signal);
    }
    return { ...parsed, durationSeconds: parsed.durationSeconds };
  }

  /** Converts to the sample format of the platform: Ogg Opus, 96 kbps, mono, 48 kHz. */
  async toOpus(
    input: string,
    output: string,
    options: CallOptions & { startSeconds?: number; durationSeconds?: number } = {},
  ): Promise<void> {
    const slice: string[] = [];
    if (options.startSeconds !== undefined && options.startSeconds > 0) slice.push('-ss', seconds(options.startSeconds));
    const length = options.durationSeconds !== undefined ? ['-t', seconds(options.durationSeconds)] : [];
    await this.convert(
      output,
      [
        ...slice, ...INPUT_GUARD, '-i', fileUrl(input), ...length,
        '-map', '0:a:0', '-vn', '-sn', '-dn', '-map_metadata', '-1',
        // Constrained VBR keeps the average at the promised 96 kbps (plain VBR drifts to
        // 115 kbps on tonal audio) while still letting the encoder adapt within a frame.
        '-ac', '1', '-ar', '48000', '-c:a', 'libopus', '-b:a', '96k', '-vbr', 'constrained',
        '-f', 'ogg',
      ],
      options.signal,
    );
  }

  /** 16 kHz mono 16-bit WAV: what speech-to-text engines expect. */
  async toWav16kMono(input: string, output: string, options: CallOptions = {}): Promise<void> {
    await this.convert(
      output,
      [
        ...INPUT_GUARD, '-i', fileUrl(input), '-map', '0:a:0', '-vn', '-sn', '-dn', '-map_metadata', '-1',
        '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-f', 'wav',
      ],
      options.signal,
    );
  }

  /**
   * Signal measurements computed in JS from 48 kHz mono PCM streamed out of ffmpeg.
   * Parsing astats/silencedetect logs would tie us to the log format of one ffmpeg version
   * and would not give a spectrum; decoding once gives exact, documented definitions and
   * constant memory, as each 43 ms frame is folded into running sums.
   */
  async analyze(path: string, options: CallOptions = {}): Promise<AudioAnalysis> {
    const analyzer = new SignalAnalyzer(ANALYSIS_RATE);
    await this.decodePcm(path, ANALYSIS_RATE, (chunk) => analyzer.push(chunk), options.signal);
    const analysis = analyzer.finish();
    if (!analysis) throw new EngineError(NOT_READABLE, false);
    return analysis;
  }

  private async decodedDuration(path: string, signal?: AbortSignal): Promise<number> {
    const rate = 8000;
    let bytes = 0;
    await this.decodePcm(path, rate, (chunk) => {
      bytes += chunk.length;
    }, signal);
    return bytes / 2 / rate;
  }

  private async decodePcm(path: string, sampleRate: number, onChunk: (chunk: Buffer) => void, signal?: AbortSignal) {
    try {
      await this.run(
        this.options.ffmpegPath,
        [
          '-hide_banner', '-nostdin', '-loglevel', 'error', ...INPUT_GUARD, '-i', fileUrl(path),
          '-map', '0:a:0', '-vn', '-ac', '1', '-ar', String(sampleRate), '-c:a', 'pcm_s16le', '-f', 's16le', 'pipe:1',
        ],
        signal,
        onChunk,
      );
    } catch (error) {
      throw toEngineError(error, 'Audio decoding failed', 'pipe:1');
    }
  }

  private async convert(output: string, args: string[], signal?: AbortSignal): Promise<void> {
    try {
      await this.run(
        this.options.ffmpegPath,
        ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args, fileUrl(output)],
        signal,
      );
    } catch (error) {
      await rm(output, { force: true });
      throw toEngineError(error, 'Audio conversion failed', fileUrl(output));
    }
  }

  private async run(binary: string, args: string[], signal?: AbortSignal, onStdout?: (chunk: Buffer) => void): Promise<{ stdout: string }> {
    try {
      return await runProcess(binary, args, { signal, onStdout, stderrTailChars: STDERR_TAIL_CHARS });
    } catch (error) {
      if (!(error instanceof ProcessNotStarted)) throw error;
      const name = binary.split(/[\\/]/).pop() ?? binary;
      throw error.missing
        ? new EngineError(`The audio tool ${name} is not installed on the server`, false)
        : new EngineError(`The audio tool ${name} could not be started: ${error.message}`);
    }
  }
}

/** Consecutive slices from 0, at most maxSamples; a last slice shorter than 1 s is dropped. */
export function planSamples(durationSeconds: number, maxSamples: number, sampleDurationSeconds: number): SamplePlan[] {
  const plan: SamplePlan[] = [];
  if (!(durationSeconds > 0) || !(sampleDurationSeconds > 0)) return plan;
  for (let index = 0; index < maxSamples; index++) {
    const startSeconds = index * sampleDurationSeconds;
    const remaining = durationSeconds - startSeconds;
    if (remaining < 1) break;
    plan.push({ index, startSeconds, durationSeconds: roundMs(Math.min(sampleDurationSeconds, remaining)) });
  }
  return plan;
}

/** `MM:SS`; minutes keep counting past 59 (`75:03`). */
export function formatTimestamp(totalSeconds: number): string {
  // The epsilon absorbs float noise such as 0.1 * 30 = 2.9999999999999996.
  const whole = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds + 1e-6) : 0;
  const minutes = Math.floor(whole / 60);
  const secs = whole % 60;
  return `${String(minutes).padStart(2, '0')}:${String(secs).padStart(2, '0')}`;
}

function roundMs(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function seconds(value: number): string {
  return value.toFixed(3);
}

/** The file: prefix stops ffmpeg from reading a name like `x:y` as a protocol or `-x` as an option. */
function fileUrl(path: string): string {
  return `file:${resolve(path)}`;
}

function toEngineError(error: unknown, action: string, output: string): unknown {
  if (!(error instanceof ProcessFailed)) return error;
  const serverSide =
    error.exitCode === null ||
    error.stderrTail.includes(output) ||
    SERVER_SIDE_FAILURES.some((pattern) => error.stderrTail.includes(pattern));
  if (!serverSide) return new EngineError(NOT_READABLE, false);
  const how = error.exitCode === null ? 'was killed' : `exit code ${error.exitCode}`;
  return new EngineError(`${action} (ffmpeg ${how}): ${lastLines(error.stderrTail)}`);
}

function lastLines(text: string): string {
  const lines = text.split('\n').map((line) => line.trim()).filter(Boolean);
  const tail = lines.slice(-3).join(' | ');
  return tail.length > 500 ? tail.slice(-500) : tail || 'no error output';
}

interface ProbeJson {
  format?: { format_name?: string; duration?: string; bit_rate?: string };
  streams?: {
    codec_type?: string;
    codec_name?: string;
    channels?: number;
    sample_rate?: string;
    bit_rate?: string;
    duration?: string;
    disposition?: { attached_pic?: number };
  }[];
}

function parseProbe(stdout: string): Omit<AudioProbe, 'durationSeconds'> & { durationSeconds?: number } {
  let json: ProbeJson;
  try {
    json = JSON.parse(stdout) as ProbeJson;
  } catch {
    throw new EngineError(NOT_READABLE, false);
  }
  const streams = json.streams ?? [];
  const audio = streams.find((stream) => stream.codec_type === 'audio');
  // Cover art in mp3/m4a is a video stream flagged attached_pic; it does not make a video.
  const hasVideo = streams.some((stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1);
  const duration = positive(json.format?.duration) ?? positive(audio?.duration);
  const result: Omit<AudioProbe, 'durationSeconds'> & { durationSeconds?: number } = {
    formatName: json.format?.format_name ?? 'unknown',
    hasAudio: audio !== undefined,
    hasVideo,
  };
  if (duration !== undefined) result.durationSeconds = duration;
  if (audio?.codec_name) result.audioCodec = audio.codec_name;
  if (audio?.channels) result.channels = audio.channels;
  const sampleRate = positive(audio?.sample_rate);
  if (sampleRate !== undefined) result.sampleRate = sampleRate;
  const bitRate = positive(audio?.bit_rate) ?? positive(json.format?.bit_rate);
  if (bitRate !== undefined) result.bitRate = bitRate;
  return result;
}

function positive(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : undefined;
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
    this.bandEdgesHz = Array.from({ length: BAND_COUNT + 1 }, (_, i) =>
      Math.round(melToHz(lowMel + ((highMel - lowMel) * i) / BAND_COUNT)),
    );
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
      this.add(((chunk[0]! << 8) | this.carry) << 16 >> 16);
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
