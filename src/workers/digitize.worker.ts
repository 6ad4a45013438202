import { rm } from 'node:fs/promises';
import type { Job } from 'bullmq';
import { originalFilename } from '../domain/knowledge-base/document-files';
import type { DocumentProcessingService } from '../domain/knowledge-base/document-processing.service';
import { isVideoPlatformUrl, type DocumentRecord, type OriginalFile } from '../domain/knowledge-base/knowledge-base.types';
import type { DocumentParser } from '../engines/digitize/document-parser';
import { detectFileFormat } from '../engines/digitize/format-detection';
import { JobFailure } from '../domain/shared/job-failure';
import { withProgress, type ProgressReporter } from '../domain/shared/progress';
import type { Ffmpeg } from '../engines/ffmpeg';
import type { SegmentedTranscriber } from '../engines/long-audio/segmented-transcriber';
import { downloadToFile, type DownloadOptions } from '../engines/safe-download';
import type { TranscriptWord } from '../domain/transcription/transcript.types';
import { digitizeQueue, type DigitizeDocumentJob } from '../domain/knowledge-base/knowledge-base.queues';
import { originOf } from '../queues/queue-registry';
import type { BlobStore } from '../store/blob-store';
import type { JobProcessor } from './worker-runner';

export interface DigitizeWorkerDeps {
  processing: DocumentProcessingService;
  blobs: BlobStore;
  ffmpeg: Ffmpeg;
  transcriber: SegmentedTranscriber;
  download: DownloadOptions;
  parser: DocumentParser;
}

/**
 * Turns a document's source into text: a URL is fetched first (again on every run, as pages
 * change), then PDF, DOCX, HTML and text are read by a parser process (in the partner's turn
 * when all are busy) and audio or video goes to the speech-to-text engine in segments that fit
 * it. Safe to run twice: every result is recorded under the job's generation, and a superseded
 * job's files are dropped.
 */
export function digitizeProcessor(deps: DigitizeWorkerDeps): JobProcessor<typeof digitizeQueue> {
  const { processing } = deps;
  return {
    queue: digitizeQueue,
    async process(job: Job<DigitizeDocumentJob>, signal) {
      const { documentId, generation, thenRewrite, partner } = job.data;
      let document = await processing.currentDocument(documentId, generation);
      if (!document) return;

      if (document.type === 'url' && document.url) {
        const url = document.url;
        const original = await withProgress(processing.progress(documentId, generation), (progress) => fetchOriginal(deps, url, progress));
        if (!(await processing.recordOriginal(documentId, generation, original))) return;
        document = await processing.currentDocument(documentId, generation);
        if (!document) return;
      }
      if (!document.original) throw new JobFailure('The document has no original file or URL to digitize', false);

      const { original } = document;
      const current = document;
      const { text, title, words } = await withProgress(processing.progress(documentId, generation), (progress) =>
        readOriginal(deps, current, original, progress, { lane: partner, signal }),
      );
      if (!text.trim()) throw new JobFailure('No text could be extracted from the document', false);
      await processing.recordDigitized(documentId, generation, text, { title, thenRewrite, origin: originOf(job), words });
    },
    failed: (job, reason) => processing.recordProcessingFailure(job.data.documentId, job.data.generation, reason),
  };
}

async function fetchOriginal(deps: DigitizeWorkerDeps, url: string, progress: ProgressReporter): Promise<OriginalFile> {
  const path = deps.blobs.scratch.tmpPath();
  try {
    progress.report('downloading', 0, null);
    const download = await downloadToFile(url, path, { ...deps.download, onProgress: (done, total) => progress.report('downloading', done, total) });
    const format = await detectFileFormat(path, { filename: download.filename, contentType: download.contentType });
    if (isVideoPlatformUrl(url) && format !== 'audio' && format !== 'video') {
      throw new JobFailure('The video platform did not return a media file for this URL', false);
    }
    if (!format) throw new JobFailure('The URL does not point to a supported document format', false);
    return {
      blobId: await deps.blobs.adopt(path),
      format,
      filename: originalFilename(format, download.filename),
      sourceName: download.filename?.slice(0, 255) ?? null,
    };
  } finally {
    await rm(path, { force: true });
  }
}

/** Reports extracting (pages of a PDF, one step for the other formats), or transcribing (seconds of audio) for media. */
async function readOriginal(
  deps: DigitizeWorkerDeps,
  document: DocumentRecord,
  original: OriginalFile,
  progress: ProgressReporter,
  { lane, signal }: { lane: string; signal: AbortSignal },
): Promise<{ text: string; title?: string; words?: TranscriptWord[] }> {
  const format = original.format;
  if (format === 'audio' || format === 'video') return deps.blobs.withLocalFile(original.blobId, (path) => transcribe(deps, path, progress, signal));
  progress.report('extracting', 0, null);
  const onProgress = (done: number, total: number | null) => progress.report('extracting', done, total);
  return deps.blobs.withLocalFile(original.blobId, (path) => deps.parser.parse({ path, format, url: document.url ?? undefined }, { lane, signal, onProgress }));
}

/**
 * The media's sound track as text, in segments that fit the engine; the probe says when it
 * has none. The words' timings are kept: retrieval places a passage in the recording by them.
 */
async function transcribe(
  deps: DigitizeWorkerDeps,
  path: string,
  progress: ProgressReporter,
  signal: AbortSignal,
): Promise<{ text: string; words?: TranscriptWord[] }> {
  const workDir = await deps.blobs.scratch.tmpDirectory();
  try {
    const { durationSeconds } = await deps.ffmpeg.probe(path, { signal });
    const transcription = await deps.transcriber.transcribe(path, {
      durationSeconds,
      workDir,
      options: { words: true },
      onProgress: (done, total) => progress.report('transcribing', done, total),
      signal,
    });
    return { text: transcription.text, words: transcription.words };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
