import { rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { ProcessFailed, ProcessNotStarted, runProcess } from './child-process';
import type { ProgressCallback } from '../domain/shared/progress';
import { InsufficientStorage } from '../domain/errors';
import { EngineError, ToolUnavailable } from '../domain/shared/engine-error';
import { measureEngineMethods } from '../observability/metrics';

export interface FfmpegOptions {
  ffmpegPath: string;
  ffprobePath: string;
}

export interface ProbeResult {
  durationSeconds: number;
  formatName: string;
  audioCodec?: string;
  channels?: number;
  sampleRate?: number;
  bitRate?: number;
  hasAudio: boolean;
  hasVideo: boolean;
}

/** A stretch of a recording to cut. */
export interface OpusSlice {
  startSeconds: number;
  durationSeconds: number;
}

/** A stretch without sound, in seconds from the start of the recording. */
export interface Silence {
  startSeconds: number;
  endSeconds: number;
}

/** A slice as written: its file and the length of audio it holds. */
export interface CutSlice {
  path: string;
  durationSeconds: number;
}

export interface CallOptions {
  signal?: AbortSignal;
}

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

const STDERR_TAIL_CHARS = 4000;

/**
 * Demuxers ffmpeg may use on files we did not make. Playlist and concat demuxers (hls,
 * concat, ...) open other files or URLs named inside the upload, so a crafted upload could
 * read server files or reach internal hosts; only plain media containers are allowed.
 */
const INPUT_FORMATS = [
  'mov,mp4,m4a,3gp,3g2,mj2',
  'matroska,webm',
  'ogg',
  'wav',
  'w64',
  'mp3',
  'flac',
  'aac',
  'aiff',
  'caf',
  'asf',
  'amr',
  'amrnb',
  'amrwb',
  'avi',
  'flv',
  'mpegts',
  'mpeg',
  'au',
  'wv',
  'ape',
  'tta',
].join(',');
const INPUT_GUARD = ['-format_whitelist', INPUT_FORMATS, '-protocol_whitelist', 'file'];
/** Every run: no banner, never reads the terminal, and speaks only of errors (on stderr, kept for the failure reason). */
const QUIET = ['-hide_banner', '-nostdin', '-loglevel', 'error'];

/**
 * The platform's sample format as output options. Constrained VBR keeps the average at the
 * promised 96 kbps (plain VBR drifts to 115 kbps on tonal audio) while still letting the
 * encoder adapt within a frame.
 */
const OPUS_OUTPUT = ['-ac', '1', '-ar', '48000', '-c:a', 'libopus', '-b:a', '96k', '-vbr', 'constrained', '-f', 'ogg'];

/** ffmpeg's words for a full disk, answered as the service's disk being full (507), whatever it was writing. */
const NO_SPACE = 'No space left on device';
/**
 * ffmpeg failures that are the server's fault. Any other failure on a file ffmpeg could be
 * started on means the input cannot be decoded; listing the many ways a damaged or foreign
 * file shows up in ffmpeg's log would never be complete.
 */
const SERVER_SIDE_FAILURES = [
  'Unknown encoder',
  'Cannot allocate memory',
  'Too many open files',
  'Read-only file system',
  'Permission denied',
  'Error opening output',
  'Could not write header',
  'Error writing trailer',
];

export const NOT_READABLE = 'The file is not readable audio';

/** The raw audio `detectSilences` keeps for cutting: mono 16-bit little-endian at the rate speech engines use. */
export const SPEECH_PCM = { sampleRate: 16_000, bytesPerSecond: 32_000 } as const;

/**
 * Wraps the system ffmpeg/ffprobe: every call spawns the binary with an argument array, never a
 * shell. It implements the voice domain's AudioProbe port.
 */
export class Ffmpeg {
  constructor(private readonly options: FfmpegOptions) {}

  async probe(path: string, options: CallOptions = {}): Promise<ProbeResult> {
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

  /**
   * Converts to the sample format of the platform: Ogg Opus, 96 kbps, mono, 48 kHz.
   * `onProgress` hears seconds converted, of `totalSeconds` when the caller knows the length.
   */
  async toOpus(
    input: string,
    output: string,
    options: CallOptions & { startSeconds?: number; durationSeconds?: number; onProgress?: ProgressCallback; totalSeconds?: number } = {},
  ): Promise<void> {
    const { onProgress, totalSeconds } = options;
    const slice: string[] = [];
    if (options.startSeconds !== undefined && options.startSeconds > 0) slice.push('-ss', seconds(options.startSeconds));
    const length = options.durationSeconds !== undefined ? ['-t', seconds(options.durationSeconds)] : [];
    await this.convert(
      output,
      [...slice, ...INPUT_GUARD, '-i', fileUrl(input), ...length, '-map', '0:a:0', '-vn', '-sn', '-dn', '-map_metadata', '-1', ...OPUS_OUTPUT],
      options.signal,
      onProgress && ((seconds) => onProgress(seconds, totalSeconds === undefined ? null : Math.ceil(totalSeconds))),
    );
  }

  /**
   * Consecutive stretches of an Ogg Opus file from its start, written in ONE ffmpeg run as
   * `0.opus`, `1.opus`, ... in `outputDir`, their packets copied rather than decoded and
   * encoded again: the samples of a voice come out of its converted original, already in the
   * platform's format. One run instead of a cut and a probe per slice, because starting
   * ffmpeg costs more CPU than copying a slice. Boundaries fall on Opus packets (20 ms).
   * `onSliceWritten` hears each slice as its file is complete; the durations come from the
   * segment muxer's list (packet times), so no file needs probing.
   */
  async cutOpusSlices(
    input: string,
    outputDir: string,
    slices: readonly OpusSlice[],
    options: CallOptions & { onSliceWritten?: (done: number) => void } = {},
  ): Promise<CutSlice[]> {
    const boundaries = sliceBoundaries(slices);
    const written: CutSlice[] = [];
    // The segment list (csv: file,start,end) gets a line as each segment file is closed.
    const onLine = (line: string) => {
      const times = /,(\d+(?:\.\d+)?),(\d+(?:\.\d+)?)$/.exec(line);
      // A packet past the last boundary lands in one more segment, which no slice asked for.
      // Several lines can arrive in one read: once the caller has aborted, report no more.
      if (!times || written.length >= slices.length || options.signal?.aborted) return;
      written.push({ path: join(outputDir, `${written.length}.opus`), durationSeconds: Number(times[2]) - Number(times[1]) });
      options.onSliceWritten?.(written.length);
    };
    try {
      await this.run(
        this.options.ffmpegPath,
        [
          ...QUIET,
          '-y',
          ...INPUT_GUARD,
          '-i',
          fileUrl(input),
          '-t',
          seconds(boundaries.at(-1)!),
          '-map',
          '0:a:0',
          '-vn',
          '-sn',
          '-dn',
          '-map_metadata',
          '-1',
          '-c:a',
          'copy',
          '-f',
          'segment',
          '-segment_format',
          'ogg',
          '-segment_times',
          boundaries.map(seconds).join(','),
          '-reset_timestamps',
          '1',
          '-segment_list',
          'pipe:1',
          '-segment_list_type',
          'csv',
          fileUrl(join(outputDir, '%d.opus')),
        ],
        options.signal,
        byLine(onLine),
      );
    } catch (error) {
      throw toEngineError(error, 'Audio splitting failed', fileUrl(outputDir));
    }
    if (written.length < slices.length) {
      throw new EngineError(`Audio splitting failed: the recording ended after ${written.length} of ${slices.length} samples`, false);
    }
    return written;
  }

  /**
   * The stretches of the first audio track quieter than `thresholdDb` (dBFS) for at least
   * `minSeconds`, in order, in seconds from the start; a silence that runs to the end ends
   * at the end of the recording. One decoding pass; `onProgress` hears seconds read, of
   * `totalSeconds` when the caller knows the length. Cutting at pauses (long recordings
   * sent to speech-to-text, voice samples) starts from this. `onSilenceStart` and `onSilence`
   * hear each silence as the decoding meets it (its start once it has lasted `minSeconds`, then
   * the whole of it), so a caller can act on the first part of a recording while the rest
   * is still being read. With `pcmOutput` the pass also writes what it decoded there, as 16 kHz
   * mono 16-bit PCM (SPEECH_PCM): stretches cut from that file lie exactly on the timeline the
   * silences were found on, which seeking in the original does not promise (a VBR MP3 lands
   * up to half a second off), and need no second decoding. Everything up to a second before
   * a reported position is in the file.
   */
  async detectSilences(
    input: string,
    settings: { thresholdDb: number; minSeconds: number },
    options: CallOptions & {
      onProgress?: ProgressCallback;
      totalSeconds?: number;
      onSilenceStart?: (startSeconds: number) => void;
      onSilence?: (silence: Silence) => void;
      pcmOutput?: string;
    } = {},
  ): Promise<Silence[]> {
    const silences: Silence[] = [];
    let openedAt: number | null = null;
    let lastTime = 0;
    const { onProgress, totalSeconds } = options;
    // silencedetect tags the frames where a silence starts and ends; ametadata prints those
    // tags on stdout, where they can be read as they come.
    // -progress shares stdout with them: its out_time_us lines say how far the decoding is.
    // `direct` writes each tag at once: buffered, tags would arrive long after progress lines
    // that passed them, and a reader could not tell that a stretch it was told about had a pause.
    const onLine = (line: string) => {
      const microseconds = /^out_time_us=(\d+)/.exec(line)?.[1];
      if (microseconds !== undefined) {
        lastTime = Math.max(lastTime, Number(microseconds) / 1_000_000);
        onProgress?.(Math.floor(lastTime), totalSeconds === undefined ? null : Math.ceil(totalSeconds));
        return;
      }
      const start = /^lavfi\.silence_start=(-?\d+(?:\.\d+)?)/.exec(line)?.[1];
      if (start !== undefined) {
        openedAt = Math.max(0, Number(start));
        options.onSilenceStart?.(openedAt);
      }
      const end = /^lavfi\.silence_end=(-?\d+(?:\.\d+)?)/.exec(line)?.[1];
      if (end !== undefined && openedAt !== null) {
        const silence = { startSeconds: openedAt, endSeconds: Number(end) };
        silences.push(silence);
        options.onSilence?.(silence);
        openedAt = null;
      }
    };
    try {
      await this.run(
        this.options.ffmpegPath,
        [
          ...QUIET,
          ...INPUT_GUARD,
          '-i',
          fileUrl(input),
          '-map',
          '0:a:0',
          '-vn',
          '-ac',
          '1',
          '-af',
          `silencedetect=noise=${settings.thresholdDb}dB:duration=${settings.minSeconds},ametadata=mode=print:file=-:direct=1`,
          '-progress',
          'pipe:1',
          '-nostats',
          ...(options.pcmOutput ? ['-ar', String(SPEECH_PCM.sampleRate), '-f', 's16le', fileUrl(options.pcmOutput)] : ['-f', 'null', '-']),
        ],
        options.signal,
        byLine(onLine),
      );
    } catch (error) {
      throw toEngineError(error, 'Silence detection failed', 'pipe:1');
    }
    // A silence still open when the audio ended lasts to its end.
    const durationSeconds = totalSeconds ?? lastTime;
    if (openedAt !== null && durationSeconds - openedAt >= settings.minSeconds) {
      const silence = { startSeconds: openedAt, endSeconds: durationSeconds };
      silences.push(silence);
      options.onSilence?.(silence);
    }
    return silences;
  }

  private async decodedDuration(path: string, signal?: AbortSignal): Promise<number> {
    const rate = 8000;
    let bytes = 0;
    await this.decodePcm(
      path,
      rate,
      (chunk) => {
        bytes += chunk.length;
      },
      signal,
    );
    return bytes / 2 / rate;
  }

  /**
   * Streams the first audio track as mono s16le PCM at `sampleRate` into `onChunk`; with a
   * `range`, only that stretch (sample-accurate).
   */
  async decodePcm(path: string, sampleRate: number, onChunk: (chunk: Buffer) => void, signal?: AbortSignal, range?: OpusSlice) {
    const stretch = range ? [...(range.startSeconds > 0 ? ['-ss', seconds(range.startSeconds)] : []), '-t', seconds(range.durationSeconds)] : [];
    try {
      await this.run(
        this.options.ffmpegPath,
        [
          ...QUIET,
          ...INPUT_GUARD,
          ...stretch,
          '-i',
          fileUrl(path),
          '-map',
          '0:a:0',
          '-vn',
          '-ac',
          '1',
          '-ar',
          String(sampleRate),
          '-c:a',
          'pcm_s16le',
          '-f',
          's16le',
          'pipe:1',
        ],
        signal,
        onChunk,
      );
    } catch (error) {
      throw toEngineError(error, 'Audio decoding failed', 'pipe:1');
    }
  }

  private async convert(output: string, args: string[], signal?: AbortSignal, onSeconds?: (seconds: number) => void): Promise<void> {
    // ffmpeg's -progress writes key=value lines; out_time_us is the output time reached.
    const progress = onSeconds ? ['-progress', 'pipe:1', '-nostats'] : [];
    const onStdout =
      onSeconds &&
      byLine((line) => {
        const microseconds = /^out_time_us=(\d+)/.exec(line)?.[1];
        if (microseconds) onSeconds(Math.floor(Number(microseconds) / 1_000_000));
      });
    try {
      await this.run(this.options.ffmpegPath, [...QUIET, ...progress, '-y', ...args, fileUrl(output)], signal, onStdout);
    } catch (error) {
      await rm(output, { force: true });
      throw toEngineError(error, 'Audio conversion failed', fileUrl(output));
    }
  }

  private async run(binary: string, args: string[], signal?: AbortSignal, onStdout?: (chunk: Buffer) => void): Promise<{ stdout: string; stderrTail: string }> {
    try {
      return await runProcess(binary, args, { signal, onStdout, stderrTailChars: STDERR_TAIL_CHARS });
    } catch (error) {
      if (!(error instanceof ProcessNotStarted)) throw error;
      const name = binary.split(/[\\/]/).pop() ?? binary;
      throw new ToolUnavailable(
        error.missing ? `The audio tool ${name} is not installed on the server` : `The audio tool ${name} could not be started: ${error.message}`,
      );
    }
  }

  /**
   * The loudness of stretches as EBU R128 defines it, measured by ffmpeg's loudnorm (the
   * first of its two passes), one filter per stretch in one ffmpeg run. Each filter runs in
   * linear mode at unit gain (the target given as the measurement), so it measures exactly
   * what the second pass will see without running the dynamic processor whose output a first
   * pass throws away: half the CPU. Each loudnorm holds about 9 MB (3 s at 192 kHz, twice):
   * pass a few stretches at a time. Null for a stretch with nothing above the absolute gate.
   */
  async measureLoudness(
    input: string,
    stretches: readonly OpusSlice[],
    target: LoudnessTarget,
    options: CallOptions = {},
  ): Promise<(LoudnessMeasurement | null)[]> {
    const unitGain = `measured_I=${target.integratedLufs}:measured_TP=-99:measured_LRA=1:measured_thresh=${target.integratedLufs - 10}`;
    let stderrTail: string;
    try {
      ({ stderrTail } = await this.run(
        this.options.ffmpegPath,
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
  async toLevelledOpus(
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
      await this.run(
        this.options.ffmpegPath,
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

  /**
   * The stretches `pieces` (seconds from its start, in order) of PCM that `detectSilences`
   * kept, joined into one 16 kHz mono 16-bit FLAC file: lossless, about half the size of WAV
   * (never more than 32 kB a second), and read by every speech-to-text engine, OpenAI's
   * included. The gaps between pieces are left out on a 10 ms grid, so when every piece but
   * the last lasts a whole number of centiseconds, each starts in the file exactly at the sum
   * of the lengths before it.
   */
  async pcmToSpeechFlac(
    pcm: string,
    output: string,
    pieces: readonly { startSeconds: number; endSeconds: number }[],
    options: CallOptions = {},
  ): Promise<void> {
    const from = pieces[0]?.startSeconds ?? 0;
    const to = pieces.at(-1)?.endSeconds ?? from;
    // Frames of 160 samples start on the grid; a frame is kept when its start lies in a piece.
    const inFile = (time: number) => (time - from - 0.005).toFixed(3);
    const kept = pieces.map((piece) => `gte(t\\,${inFile(piece.startSeconds)})*lt(t\\,${inFile(piece.endSeconds)})`).join('+');
    const select = pieces.length > 1 ? ['-af', `asetnsamples=n=160:p=0,aselect=${kept},asetpts=N/SR/TB`] : [];
    await this.convert(
      output,
      [
        // Our own file, so no demuxer guard: raw PCM has no header to say what it is.
        '-protocol_whitelist',
        'file',
        '-f',
        's16le',
        '-ar',
        String(SPEECH_PCM.sampleRate),
        '-ac',
        '1',
        '-ss',
        seconds(from),
        '-t',
        seconds(to - from),
        '-i',
        fileUrl(pcm),
        ...select,
        '-c:a',
        'flac',
        '-f',
        'flac',
      ],
      options.signal,
    );
  }
}

/** Where consecutive slices from the start end: the segment muxer's split times. */
function sliceBoundaries(slices: readonly OpusSlice[]): number[] {
  let end = 0;
  return slices.map((slice) => {
    // A gap or overlap would need a cut per slice; the sample plan never makes one.
    if (Math.abs(slice.startSeconds - end) > 0.001) throw new Error('Opus slices must follow each other from the start');
    end = slice.startSeconds + slice.durationSeconds;
    return end;
  });
}

/** Feeds a process's stdout to `onLine` one complete line at a time. */
function byLine(onLine: (line: string) => void): (chunk: Buffer) => void {
  let partialLine = '';
  return (chunk) => {
    const lines = (partialLine + chunk.toString('latin1')).split('\n');
    partialLine = lines.pop() ?? '';
    for (const line of lines) onLine(line.trimEnd());
  };
}

/** Each stretch of one file as an input of its own, so ffmpeg seeks to it and decodes no more. */
function stretchInputs(input: string, stretches: readonly OpusSlice[]): string[] {
  return stretches.flatMap((stretch) => [
    ...INPUT_GUARD,
    ...(stretch.startSeconds > 0 ? ['-ss', seconds(stretch.startSeconds)] : []),
    '-t',
    seconds(stretch.durationSeconds),
    '-i',
    fileUrl(input),
  ]);
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

function seconds(value: number): string {
  return value.toFixed(3);
}

/** The file: prefix stops ffmpeg from reading a name like `x:y` as a protocol or `-x` as an option. */
function fileUrl(path: string): string {
  return `file:${resolve(path)}`;
}

function toEngineError(error: unknown, action: string, output: string): unknown {
  if (!(error instanceof ProcessFailed)) return error;
  if (error.stderrTail.includes(NO_SPACE)) return new InsufficientStorage();
  const serverSide = error.exitCode === null || error.stderrTail.includes(output) || SERVER_SIDE_FAILURES.some((pattern) => error.stderrTail.includes(pattern));
  if (!serverSide) return new EngineError(NOT_READABLE, false);
  const how = error.exitCode === null ? 'was killed' : `exit code ${error.exitCode}`;
  return new EngineError(`${action} (ffmpeg ${how}): ${lastLines(error.stderrTail)}`);
}

function lastLines(text: string): string {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
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

function parseProbe(stdout: string): Omit<ProbeResult, 'durationSeconds'> & { durationSeconds?: number } {
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
  const result: Omit<ProbeResult, 'durationSeconds'> & { durationSeconds?: number } = {
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

measureEngineMethods(Ffmpeg.prototype, 'ffmpeg', [
  'probe',
  'toOpus',
  'cutOpusSlices',
  'decodePcm',
  'detectSilences',
  'pcmToSpeechFlac',
  'measureLoudness',
  'toLevelledOpus',
]);
