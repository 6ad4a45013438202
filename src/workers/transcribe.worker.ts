import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Job } from 'bullmq';
import type { TranscriptService } from '../domain/transcription/transcript.service';
import { applySegmentOptions, applyTextOptions, applyWordOptions, boostedWordsPrompt } from '../domain/transcription/transcript-text';
import { AUDIO_FORMATS, isAcceptedContainer } from '../domain/transcription/transcript.types';
import type { CallLimits } from '../domain/shared/call-limits';
import { blamesInput } from '../domain/shared/engine-error';
import { JobFailure } from '../domain/shared/job-failure';
import { withProgress, type ProgressReporter } from '../domain/shared/progress';
import type { Ffmpeg } from '../engines/ffmpeg';
import type { SegmentEngine, SegmentedTranscriber } from '../engines/long-audio/segmented-transcriber';
import { spacedPieces } from '../engines/long-audio/recording-order';
import { downloadToFile, type DownloadOptions } from '../engines/safe-download';
import type { TranscribeOptions, Transcription } from '../engines/speech-to-text.client';
import { transcribeQueue, type TranscribeJob } from '../domain/transcription/transcript.queues';
import type { BlobStore } from '../store/blob-store';
import type { JobProcessor } from './worker-runner';
import { speakerLabelEngine, speakerResult, type SpeakerLabelDeps } from './speaker-labels';

export interface AudioToTextDeps {
  ffmpeg: Ffmpeg;
  blobs: BlobStore;
  transcriber: SegmentedTranscriber;
  download: DownloadOptions;
}

export type AudioInput = { url: string } | { blobId: string };

/** What to ask of the engine; the transcriber names the upload and bounds it. `engine`: another segment engine (speaker labels). */
export type AudioToTextOptions = Omit<TranscribeOptions, 'filename' | 'signal' | 'deadline'> & { engine?: SegmentEngine };

/**
 * Audio in any accepted container to text: fetched when it is a URL, probed, then
 * transcribed in segments that fit the engine (docs/transcripts.md#long-recordings). With a
 * reporter, each step reports its stage: downloading (bytes), then transcribing (seconds of
 * the recording done of its length). Every file the job makes lives in one scratch
 * directory, removed when it ends, fails or is handed back (`limits.signal`, which also aborts
 * at the job's deadline). `onSegmentText` hears each segment's text in the recording's order.
 */
export async function audioToText(
  deps: AudioToTextDeps,
  input: AudioInput,
  options: AudioToTextOptions,
  progress?: ProgressReporter,
  limits: CallLimits = {},
  onSegmentText?: (text: string) => void,
): Promise<Transcription & { durationSeconds: number }> {
  const workDir = await deps.blobs.scratch.tmpDirectory();
  const toText = (path: string) => fileToText(deps, path, workDir, options, progress, limits, onSegmentText);
  try {
    if ('blobId' in input) return await deps.blobs.withLocalFile(input.blobId, toText);
    const path = join(workDir, 'download');
    progress?.report('downloading', 0, null);
    await downloadToFile(input.url, path, { ...deps.download, onProgress: (done, total) => progress?.report('downloading', done, total) });
    return await toText(path);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

async function fileToText(
  deps: AudioToTextDeps,
  path: string,
  workDir: string,
  options: AudioToTextOptions,
  progress: ProgressReporter | undefined,
  limits: CallLimits,
  onSegmentText: ((text: string) => void) | undefined,
): Promise<Transcription & { durationSeconds: number }> {
  const probe = await deps.ffmpeg.probe(path, { signal: limits.signal }).catch((error: unknown) => {
    throw blamesInput(error) ? new JobFailure('The audio is not readable audio', false) : error;
  });
  if (!isAcceptedContainer(probe.formatName)) {
    throw new JobFailure(`The audio is not in a supported format (${AUDIO_FORMATS.join(', ')})`, false);
  }
  // The length the partner sees is the transcriber's, as decoded: the probe reads it from the
  // header, which a file can forge, and engines round or omit theirs.
  const { engine, ...asked } = options;
  return deps.transcriber.transcribe(path, {
    durationSeconds: probe.durationSeconds,
    workDir,
    options: asked,
    engine,
    onProgress: (done, total) => progress?.report('transcribing', done, total),
    onSegmentText,
    ...limits,
  });
}

/**
 * Transcribes one transcript's audio and records the text through the transcript service. The
 * text is published segment by segment as it grows (in the recording's order, with the
 * transcript's text options), so readers see it long before the last segment is done.
 */
export function transcribeProcessor(deps: AudioToTextDeps & SpeakerLabelDeps & { transcripts: TranscriptService }): JobProcessor<typeof transcribeQueue> {
  const { transcripts } = deps;
  return {
    queue: transcribeQueue,
    async process(job: Job<TranscribeJob>, signal, deadline) {
      const transcript = await transcripts.startProcessing(job.data.transcriptId);
      if (!transcript) return;
      const { source, options } = transcript;
      const output = transcripts.outputWriter(transcript.id);
      const publish = spacedPieces((piece) => output.append(piece));
      let result;
      try {
        result = await withProgress(transcripts.progress(transcript.id), (progress) =>
          audioToText(
            deps,
            source.kind === 'url' ? { url: source.url } : { blobId: source.blobId },
            {
              // The engine detects the language itself when none is given.
              language: options.languageAuto ? undefined : options.languageCode,
              prompt: boostedWordsPrompt(options.boostedWords),
              words: true,
              ...(options.speakerLabels ? { engine: speakerLabelEngine(deps, transcript) } : {}),
            },
            progress,
            { signal, deadline },
            (text) => publish(applyTextOptions(text, options)),
          ),
        );
        // Every segment's text goes out before the done event that completing writes. Should
        // Redis refuse it, the log still ends with the stored text (its done event resets to it),
        // so the recording is not transcribed again for it.
        await output.flush().catch(() => undefined);
      } finally {
        output.close();
      }
      // Without language_auto the engine was told the language; reporting it back detects nothing.
      const detected = options.languageAuto ? result.languageCode : undefined;
      await transcripts.complete(transcript.id, {
        text: applyTextOptions(result.text, options),
        audioDuration: Math.round(result.durationSeconds),
        ...(result.words ? { words: applyWordOptions(result.words, options) } : {}),
        ...(!result.words && result.segments ? { segments: applySegmentOptions(result.segments, options) } : {}),
        ...(detected ? { detectedLanguageCode: detected } : {}),
        ...(detected && result.languageConfidence !== undefined ? { languageConfidence: result.languageConfidence } : {}),
        ...(options.speakerLabels ? speakerResult(result, options) : {}),
      });
    },
    failed: async (job, reason) => {
      await transcripts.fail(job.data.transcriptId, reason);
    },
  };
}
