import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { EngineError, EngineUnavailable, reworded } from '../../domain/shared/engine-error';
import type { ProgressCallback } from '../../domain/shared/progress';
import type { Ffmpeg } from '../ffmpeg';
import { SPEECH_PCM } from '../ffmpeg-slices';
import type { SpeechToTextClient, TranscribeOptions, Transcription } from '../speech-to-text.client';
import { RecordingOrder } from './recording-order';
import { PAUSE_SECONDS, SegmentPlanner, SILENCE_THRESHOLD_DB, type SpeechSegment } from './segment-plan';
import { stitch, type SegmentTranscription } from './stitch';

export interface SegmentedTranscriberOptions {
  ffmpeg: Ffmpeg;
  speechToText: SpeechToTextClient;
  /** The engine's limit on a request body (ASR_MAX_UPLOAD_MB), in bytes. */
  maxUploadBytes: number;
  /** The longest audio one request may carry (ASR_MAX_SEGMENT_SECONDS). */
  maxSegmentSeconds: number;
  /** Segments of one recording in flight at once (ASR_CONCURRENCY). */
  concurrency: number;
}

export interface SegmentedTranscription {
  /** Seconds of the recording as its header says (the probe): the plan's first estimate, until the audio is decoded. */
  durationSeconds: number;
  /** Where the decoded recording (115 MB an hour) and the segment files are written; the caller removes it. */
  workDir: string;
  options: Omit<TranscribeOptions, 'filename' | 'signal' | 'deadline'>;
  /** Hears seconds of the recording transcribed of its whole length. */
  onProgress?: ProgressCallback;
  /**
   * Hears each segment's text (as the engine gave it) in the recording's order, as soon as it
   * and every segment before it are done: a later segment that finishes first waits.
   */
  onSegmentText?: (text: string) => void;
  signal?: AbortSignal;
  /** When the job must be done (epoch ms): no request's retry waits past it. */
  deadline?: number;
  /** Another engine for this recording's segments (speaker labels: diarized-segments.ts); the speech-to-text client by default. */
  engine?: SegmentEngine;
}

/** What a segment's audio goes to, when not the plain speech-to-text client. */
export interface SegmentEngine {
  /** Throws the not-configured failure before any audio is read. */
  ensureConfigured(): void;
  /** Segments in flight at once, in place of ASR_CONCURRENCY. */
  concurrency: number;
  /** Bytes of each request its other fields may take (reference clips), left out of what the audio may fill. */
  reservedBytes: number;
  transcribe(file: string, segment: SpeechSegment, context: SegmentContext): Promise<Transcription>;
}

export interface SegmentContext {
  /** The whole recording as decoded (16 kHz mono s16le), on the timeline segments are cut from. */
  pcm: string;
  workDir: string;
  signal: AbortSignal;
  deadline?: number;
}

/** 16 kHz 16-bit mono FLAC never exceeds raw PCM by more than its frame headers: 32 kB a second with room to spare. */
const FLAC_BYTES_PER_SECOND_AT_MOST = 32_768;
/** The request's other fields and multipart framing: the prompt alone may take 10 kB. */
const FORM_ALLOWANCE_BYTES = 64 * 1024;

/**
 * Speech-to-text for recordings of any length. One ffmpeg pass finds the pauses and keeps
 * what it decoded as 16 kHz PCM in the job's scratch directory; as soon as the first stretch
 * is planned, its segment is cut from that PCM (FLAC, only the audio to send) and sent, while
 * the pass reads on, with `concurrency` segments in flight. Long silences are
 * never sent, so the engine cannot invent words in them, and a recording without speech
 * costs no request at all. The results are stitched onto the recording's timeline.
 */
export class SegmentedTranscriber {
  /** The most audio a segment carries: the configured length, or less when the size limit says so. */
  readonly maxSegmentSeconds: number;
  private readonly maxFileBytes: number;

  constructor(private readonly options: SegmentedTranscriberOptions) {
    this.maxFileBytes = options.maxUploadBytes - FORM_ALLOWANCE_BYTES;
    this.maxSegmentSeconds = Math.min(options.maxSegmentSeconds, Math.floor(this.maxFileBytes / FLAC_BYTES_PER_SECOND_AT_MOST));
    if (this.maxSegmentSeconds < 10) throw new Error('The speech-to-text upload limit leaves room for less than 10 s of audio a request');
  }

  /**
   * The transcription, with the recording's length as decoded: a header can claim any length
   * (an MP3's Xing frame count is written by whoever made the file), the decoded audio cannot.
   */
  async transcribe(path: string, job: SegmentedTranscription): Promise<Transcription & { durationSeconds: number }> {
    const engine = job.engine ?? null;
    if (engine) engine.ensureConfigured();
    else this.options.speechToText.ensureConfigured();
    const maxFileBytes = this.maxFileBytes - (engine?.reservedBytes ?? 0);
    const maxSegmentSeconds = Math.min(this.maxSegmentSeconds, Math.floor(maxFileBytes / FLAC_BYTES_PER_SECOND_AT_MOST));
    const controller = new AbortController();
    if (job.signal?.aborted) controller.abort(job.signal.reason);
    const abortWithCaller = () => controller.abort(job.signal?.reason);
    job.signal?.addEventListener('abort', abortWithCaller, { once: true });
    const { signal } = controller;
    const planner = new SegmentPlanner({ durationSeconds: job.durationSeconds, maxSeconds: maxSegmentSeconds });
    const segments = new SegmentQueue();
    const progress = spanProgress(job.durationSeconds, job.onProgress);
    const texts = new RecordingOrder<string>((text) => job.onSegmentText?.(text));
    // Segments are cut from what the detection pass decoded, on the very timeline it measured.
    const pcm = join(job.workDir, 'recording.pcm');
    let openSilence: number | null = null;
    let decodedSeconds = 0;

    const detection = async () => {
      try {
        await this.options.ffmpeg.detectSilences(
          path,
          { thresholdDb: SILENCE_THRESHOLD_DB, minSeconds: PAUSE_SECONDS },
          {
            signal,
            pcmOutput: pcm,
            totalSeconds: job.durationSeconds,
            onSilenceStart: (start) => {
              openSilence = start;
            },
            onSilence: (silence) => {
              openSilence = null;
              planner.addSilence(silence);
            },
            onProgress: (seconds) => {
              // A silence is reported once it has lasted PAUSE_SECONDS, and the PCM file is
              // written up to a second behind the position: two seconds back, both are sure.
              planner.knownUpTo(Math.min(seconds - 2, openSilence ?? Number.POSITIVE_INFINITY));
              segments.add(planner.take());
            },
          },
        );
        decodedSeconds = (await stat(pcm)).size / SPEECH_PCM.bytesPerSecond;
        segments.add(planner.finish(decodedSeconds));
      } finally {
        segments.close();
      }
    };
    const sender = async () => {
      for (let segment = await segments.next(); segment; segment = await segments.next()) {
        const result = await this.transcribeSegment(pcm, segment, job, signal, maxFileBytes);
        results.push(result);
        progress.done(segment);
        texts.add(segment.index, result.transcription.text);
      }
    };
    const results: SegmentTranscription[] = [];
    try {
      job.onProgress?.(0, Math.ceil(job.durationSeconds));
      await allOrNothing([detection(), ...Array.from({ length: engine?.concurrency ?? this.options.concurrency }, sender)], controller);
    } finally {
      job.signal?.removeEventListener('abort', abortWithCaller);
      await rm(pcm, { force: true });
    }
    progress.finish(decodedSeconds);
    if (results.length === 0) return { text: '', ...(job.options.words ? { words: [] } : {}), durationSeconds: decodedSeconds };
    return { ...stitch(results), durationSeconds: decodedSeconds };
  }

  private async transcribeSegment(
    pcm: string,
    segment: SpeechSegment,
    job: SegmentedTranscription,
    signal: AbortSignal,
    maxFileBytes: number,
  ): Promise<SegmentTranscription> {
    const file = join(job.workDir, `segment-${segment.index}.flac`);
    try {
      await this.options.ffmpeg.pcmToSpeechFlac(pcm, file, segment.pieces, { signal });
      const { size } = await stat(file);
      // The bound on FLAC's size makes this unreachable; a request the engine would refuse is not sent.
      if (size > maxFileBytes) throw new EngineError(`A segment came out at ${size} bytes, over the speech-to-text upload limit`, false);
      const transcription = job.engine
        ? await job.engine.transcribe(file, segment, { pcm, workDir: job.workDir, signal, deadline: job.deadline })
        : await this.options.speechToText.transcribe(file, { ...job.options, filename: 'audio.flac', signal, deadline: job.deadline });
      return { segment, transcription };
    } catch (error) {
      if (!(error instanceof EngineError) || signal.aborted) throw error;
      const message = `${error.message} (the audio from ${clock(segment.span.startSeconds)} to ${clock(segment.span.endSeconds)})`;
      // An engine that is down or restarting gets the job's own retries, later. Anything else
      // the client has retried as far as a retry can mend; doing the whole recording again would not help.
      throw error instanceof EngineUnavailable ? reworded(error, message) : new EngineError(message, false);
    } finally {
      await rm(file, { force: true });
    }
  }
}

/**
 * Runs the tasks together; the first to fail aborts the others, and the call returns (or
 * throws that first failure) only once every task has stopped, so no ffmpeg process or
 * request outlives it and the caller can remove the files they used.
 */
async function allOrNothing(tasks: Promise<void>[], controller: AbortController): Promise<void> {
  let failure: { error: unknown } | null = null;
  await Promise.all(
    tasks.map((task) =>
      task.catch((error: unknown) => {
        failure ??= { error };
        controller.abort(error);
      }),
    ),
  );
  if (failure) throw (failure as { error: unknown }).error;
}

/** Segments as the plan decides them, handed to the senders in order. */
class SegmentQueue {
  private readonly waiting: SpeechSegment[] = [];
  private readonly takers: ((segment: SpeechSegment | null) => void)[] = [];
  private closed = false;

  add(segments: readonly SpeechSegment[]): void {
    for (const segment of segments) {
      const taker = this.takers.shift();
      if (taker) taker(segment);
      else this.waiting.push(segment);
    }
  }

  /** The next segment, or null once the plan is complete and every segment has been taken. */
  next(): Promise<SpeechSegment | null> {
    const segment = this.waiting.shift();
    if (segment) return Promise.resolve(segment);
    if (this.closed) return Promise.resolve(null);
    return new Promise((resolve) => this.takers.push(resolve));
  }

  close(): void {
    this.closed = true;
    for (const taker of this.takers.splice(0)) taker(null);
  }
}

/** Seconds of the recording accounted for: the spans of the segments done, whatever order they finish in. */
function spanProgress(durationSeconds: number, onProgress: ProgressCallback | undefined) {
  const total = Math.ceil(durationSeconds);
  let done = 0;
  return {
    done(segment: SpeechSegment) {
      done += segment.span.endSeconds - segment.span.startSeconds;
      onProgress?.(Math.min(total, Math.floor(done)), total);
    },
    /** All done: the total is the length as decoded, which the header's estimate may have missed by far. */
    finish(decodedSeconds: number) {
      const decodedTotal = Math.ceil(decodedSeconds);
      onProgress?.(decodedTotal, decodedTotal);
    },
  };
}

/** `H:MM:SS`, as a player shows a position. */
function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${Math.floor(whole / 3600)}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}`;
}
