import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Job } from 'bullmq';
import type { TranscriptService } from '../domain/transcription/transcript.service';
import { applyTextOptions, boostedWordsPrompt } from '../domain/transcription/transcript-text';
import { AUDIO_FORMATS, isAcceptedContainer } from '../domain/transcription/transcript.types';
import { EngineError } from '../domain/shared/engine-error';
import { withProgress, type ProgressReporter } from '../domain/shared/progress';
import type { Ffmpeg } from '../engines/ffmpeg';
import { downloadToFile, type DownloadOptions } from '../engines/safe-download';
import type { SpeechToTextClient, TranscribeOptions } from '../engines/speech-to-text.client';
import { transcribeQueue, type TranscribeJob } from '../queues/transcription.queues';
import type { BlobStore } from '../store/blob-store';
import type { JobProcessor } from './worker-runner';

export interface AudioToTextDeps {
  ffmpeg: Ffmpeg;
  blobs: BlobStore;
  speechToText: SpeechToTextClient;
  download: DownloadOptions;
}

export type AudioInput = { url: string } | { path: string };

/**
 * Audio in any accepted container to text: fetched when it is a URL, probed, normalized to
 * 16 kHz mono WAV (every engine reads that), then sent to the speech-to-text engine. With a
 * reporter, each step reports its stage: downloading (bytes), converting (seconds of audio),
 * transcribing (the engine says nothing until it is done, so no total).
 */
export async function audioToText(
  deps: AudioToTextDeps,
  input: AudioInput,
  options: TranscribeOptions,
  progress?: ProgressReporter,
): Promise<{ text: string; durationSeconds: number }> {
  const workDir = await deps.blobs.tmpDirectory();
  try {
    let path: string;
    if ('url' in input) {
      path = join(workDir, 'download');
      progress?.report('downloading', 0, null);
      await downloadToFile(input.url, path, { ...deps.download, onProgress: (done, total) => progress?.report('downloading', done, total) });
    } else path = input.path;
    const probe = await deps.ffmpeg.probe(path).catch((error: unknown) => {
      throw error instanceof EngineError ? new EngineError('The audio is not readable audio', false) : error;
    });
    if (!isAcceptedContainer(probe.formatName)) {
      throw new EngineError(`The audio is not in a supported format (${AUDIO_FORMATS.join(', ')})`, false);
    }
    const wav = join(workDir, 'audio.wav');
    const totalSeconds = probe.durationSeconds;
    progress?.report('converting', 0, Math.ceil(totalSeconds));
    await deps.ffmpeg.toWav16kMono(path, wav, { totalSeconds, onProgress: (done, total) => progress?.report('converting', done, total) });
    progress?.report('transcribing', 0, null);
    const result = await deps.speechToText.transcribe(wav, { ...options, filename: 'audio.wav' });
    return { text: result.text, durationSeconds: probe.durationSeconds };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** Transcribes one transcript's audio and records the text through the transcript service. */
export function transcribeProcessor(deps: AudioToTextDeps & { transcripts: TranscriptService }): JobProcessor<typeof transcribeQueue> {
  const { transcripts, blobs } = deps;
  return {
    queue: transcribeQueue,
    async process(job: Job<TranscribeJob>) {
      const transcript = await transcripts.startProcessing(job.data.transcriptId);
      if (!transcript) return;
      const { source, options } = transcript;
      const result = await withProgress(transcripts.progress(transcript.id), (progress) =>
        audioToText(
          deps,
          source.kind === 'url' ? { url: source.url } : { path: blobs.pathOf(source.blobId) },
          {
            // The engine detects the language itself when none is given.
            language: options.languageAuto ? undefined : options.languageCode,
            prompt: boostedWordsPrompt(options.boostedWords),
          },
          progress,
        ),
      );
      await transcripts.complete(transcript.id, applyTextOptions(result.text, options), Math.round(result.durationSeconds));
    },
    failed: async (job, reason) => {
      await transcripts.fail(job.data.transcriptId, reason);
    },
  };
}
