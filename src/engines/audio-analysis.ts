import { EngineError } from '../domain/shared/engine-error';
import type { ProgressCallback } from '../domain/shared/progress';
import type { Ffmpeg } from './ffmpeg';
import { NOT_READABLE, type CallOptions } from './ffmpeg-process';
import { ANALYSIS_RATE, SignalAnalyzer, type AudioAnalysis } from './signal-analyzer';

/** A stretch of a recording, in seconds from its start. */
export interface Stretch {
  startSeconds: number;
  durationSeconds: number;
}

/**
 * Signal measurements computed in JS from 48 kHz mono PCM streamed out of ffmpeg. Parsing
 * astats/silencedetect logs would tie us to the log format of one ffmpeg version and would
 * not give a spectrum; decoding once gives exact, documented definitions. Running sums fold in
 * each frame; a few numbers per 21 ms frame are kept until the end (about 1 KB per second),
 * since the background level that tells sound from silence is known only then.
 */
export async function analyzeAudio(ffmpeg: Ffmpeg, path: string, options: CallOptions = {}): Promise<AudioAnalysis> {
  const analyzer = new SignalAnalyzer();
  await ffmpeg.decodePcm(path, ANALYSIS_RATE, (chunk) => analyzer.push(chunk), options.signal);
  const analysis = analyzer.finish();
  if (!analysis) throw new EngineError(NOT_READABLE, false);
  return analysis;
}

/**
 * Each stretch of one recording measured on its own, in ONE decoding pass from the first
 * stretch's start to the last one's end. Stretches must be in order and must not overlap.
 * `onProgress` hears seconds decoded of the span.
 */
export async function analyzeStretches(
  ffmpeg: Ffmpeg,
  path: string,
  stretches: readonly Stretch[],
  options: CallOptions & { onProgress?: ProgressCallback } = {},
): Promise<AudioAnalysis[]> {
  const first = stretches[0];
  const last = stretches.at(-1);
  if (!first || !last) return [];
  const origin = Math.round(first.startSeconds * ANALYSIS_RATE);
  const bounds = stretches.map(({ startSeconds, durationSeconds }) => {
    const start = Math.round(startSeconds * ANALYSIS_RATE) - origin;
    return { start, end: start + Math.round(durationSeconds * ANALYSIS_RATE) };
  });
  const spanSamples = bounds.at(-1)!.end;
  const results: AudioAnalysis[] = [];
  let current = 0;
  let analyzer = new SignalAnalyzer();
  let position = 0;
  let carry: Buffer | null = null;
  let reported = -1;
  const close = () => {
    const analysis = analyzer.finish();
    if (!analysis) throw new EngineError(NOT_READABLE, false);
    results.push(analysis);
    analyzer = new SignalAnalyzer();
    current++;
  };
  const onChunk = (chunk: Buffer) => {
    let data = carry ? Buffer.concat([carry, chunk]) : chunk;
    carry = data.length % 2 ? data.subarray(data.length - 1) : null;
    if (carry) data = data.subarray(0, data.length - 1);
    let offset = 0;
    const samples = data.length / 2;
    while (offset < samples && current < bounds.length) {
      const { start, end } = bounds[current]!;
      const at = position + offset;
      if (at < start) {
        offset += Math.min(start - at, samples - offset);
        continue;
      }
      const take = Math.min(end - at, samples - offset);
      analyzer.pushSamples(data, offset, take);
      offset += take;
      if (position + offset >= end) close();
    }
    position += samples;
    const seconds = Math.floor(Math.min(position, spanSamples) / ANALYSIS_RATE);
    if (seconds !== reported) {
      reported = seconds;
      options.onProgress?.(seconds, Math.ceil(spanSamples / ANALYSIS_RATE));
    }
  };
  await ffmpeg.decodePcm(path, ANALYSIS_RATE, onChunk, options.signal, {
    startSeconds: first.startSeconds,
    durationSeconds: last.startSeconds + last.durationSeconds - first.startSeconds,
  });
  // A recording a little shorter than its probed length ends the last stretch early.
  if (current < bounds.length && analyzer.hasSamples()) close();
  if (results.length < stretches.length) {
    throw new EngineError(`Audio analysis failed: the recording ended after ${results.length} of ${stretches.length} samples`, false);
  }
  return results;
}
