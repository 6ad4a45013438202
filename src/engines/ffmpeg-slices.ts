import { join } from 'node:path';
import type { ProgressCallback } from '../domain/shared/progress';
import { EngineError } from '../domain/shared/engine-error';
import { byLine, fileUrl, INPUT_GUARD, QUIET, runTool, seconds, toEngineError, type CallOptions, type FfmpegOptions, type OpusSlice } from './ffmpeg-process';

/** A stretch without sound, in seconds from the start of the recording. */
export interface Silence {
  startSeconds: number;
  endSeconds: number;
}

/** The raw audio `detectSilences` keeps for cutting: mono 16-bit little-endian at the rate speech engines use. */
export const SPEECH_PCM = { sampleRate: 16_000, bytesPerSecond: 32_000 } as const;

/** A slice as written: its file and the length of audio it holds. */
export interface CutSlice {
  path: string;
  durationSeconds: number;
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
export async function detectSilences(
  tools: FfmpegOptions,
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
    await runTool(
      tools.ffmpegPath,
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

/**
 * Consecutive stretches of an Ogg Opus file from its start, written in ONE ffmpeg run as
 * `0.opus`, `1.opus`, ... in `outputDir`, their packets copied rather than decoded and
 * encoded again: the samples of a voice come out of its converted original, already in the
 * platform's format. One run instead of a cut and a probe per slice, because starting
 * ffmpeg costs more CPU than copying a slice. Boundaries fall on Opus packets (20 ms).
 * `onSliceWritten` hears each slice as its file is complete; the durations come from the
 * segment muxer's list (packet times), so no file needs probing.
 */
export async function cutOpusSlices(
  tools: FfmpegOptions,
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
    await runTool(
      tools.ffmpegPath,
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
