import { ProcessFailed } from './child-process';
import { decodePcm } from './ffmpeg-codec';
import { fileUrl, INPUT_GUARD, NOT_READABLE, runTool, type CallOptions, type FfmpegOptions } from './ffmpeg-process';
import { EngineError } from '../domain/shared/engine-error';

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

/** What ffprobe says of a file: its container, its first audio stream and its length; NOT_READABLE when it holds no audio. */
export async function probe(tools: FfmpegOptions, path: string, options: CallOptions = {}): Promise<ProbeResult> {
  let stdout: string;
  try {
    ({ stdout } = await runTool(
      tools.ffprobePath,
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
    parsed.durationSeconds = await decodedDuration(tools, path, options.signal);
  }
  return { ...parsed, durationSeconds: parsed.durationSeconds };
}

async function decodedDuration(tools: FfmpegOptions, path: string, signal?: AbortSignal): Promise<number> {
  const rate = 8000;
  let bytes = 0;
  await decodePcm(
    tools,
    path,
    rate,
    (chunk) => {
      bytes += chunk.length;
    },
    signal,
  );
  return bytes / 2 / rate;
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
