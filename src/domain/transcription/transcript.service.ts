import { randomUUID } from 'node:crypto';
import type { Caller } from '../shared/caller';
import type { AudioProbe } from '../shared/audio-probe';
import { blamesInput } from '../shared/engine-error';
import type { EventBus } from '../../events/event-bus';
import type { PushStream } from '../../events/push-stream';
import type { Readable } from 'node:stream';
import type { BlobStore, ByteRange } from '../../store/blob-store';
import { audioContentType, isValidAudioToken, keptAudio, newAudioSecret, transcriptAudioUrl } from './transcript-audio';
import type { ChangeEvent } from '../../store/record-store';
import { Invalid, NotFound } from '../errors';
import type { OutputEvent, OutputLog, OutputResource, OutputWriter } from '../output/output-log';
import { pageOf, sortedEntries, type Page, type PageRequest } from '../shared/pagination';
import { throttledProgress, type ProgressReporter } from '../shared/progress';
import type { UploadedFile } from '../shared/uploaded-file';
import type { UrlGuard } from '../webhooks/webhook.ports';
import { AUDIO_FORMAT_MESSAGE, invalid, parseCaptionRequest, type TranscriptSubmission } from './transcript.inputs';
import {
  transcriptCaptions,
  transcriptParagraphs,
  transcriptSentences,
  type CaptionFormat,
  type TranscriptParagraph,
  type TranscriptSentence,
} from './transcript-structure';
import {
  canSee,
  isAcceptedContainer,
  isFinished,
  TRANSCRIPT_PATH,
  type TranscriptRecord,
  type TranscriptResult,
  type TranscriptStatus,
} from './transcript.types';
import type { QueueWait } from '../shared/queued-work';
import { resolveSpeakerVoices, type VoiceDirectory } from './speaker-voices';
import type { TranscriptJobs } from './transcript.jobs';
import { RECENT_TRANSCRIPTS_KEPT, TRANSCRIPT_TTL_SECONDS, transcriptTopic, type TranscriptRepository } from './transcript.repository';

export interface TranscriptServiceDeps {
  repository: TranscriptRepository;
  jobs: TranscriptJobs;
  events: EventBus;
  blobs: BlobStore;
  /** For where a waiting job stands in its queue. */
  /** Probes an upload while the request waits, so unreadable audio is refused at once. */
  audio: Pick<AudioProbe, 'probe'>;
  /** Refuses a webhook_url the service must not call (a private address). */
  urlGuard: UrlGuard;
  /** Where speaker_voices are looked up. */
  voices: VoiceDirectory;
  /** TRANSCRIPT_KEEP_AUDIO: an uploaded recording stays as long as its transcript, for playback; false removes it once transcribed. */
  keepAudio: boolean;
  /** Where the text grows segment by segment while the job runs. */
  output: OutputLog;
}

/** A kept recording as the audio route serves it: its size and type, and its bytes (all, or a range). */
export interface TranscriptAudio {
  /** The API key the transcript belongs to: a playback through its token counts against that key's rate limit. */
  keyId: string;
  size: number;
  contentType: string;
  filename: string;
  read(range?: ByteRange): Readable;
}

/** Who asks for a recording: a key that sees the transcript, or the token of its playback URL. */
export type AudioAccess = { caller: Caller } | { token: string };

const now = () => new Date().toISOString();

// A listed transcript's place: its submission time (to the microsecond, as listed) and id.
const listingKey = (atMs: number, id: string) => `${atMs.toFixed(3)}|${id}`;

function newestFirst(a: string, b: string): number {
  const [aAt, aId] = a.split('|') as [string, string];
  const [bAt, bId] = b.split('|') as [string, string];
  return Number(bAt) - Number(aAt) || (aId < bId ? -1 : aId > bId ? 1 : 0);
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The uuid in `/v2/transcript/<uuid>` or a bare uuid; anything else names no transcript. */
export function transcriptIdFrom(value: string): string {
  const id = value.startsWith(TRANSCRIPT_PATH) ? value.slice(TRANSCRIPT_PATH.length) : value;
  if (!UUID.test(id)) throw new NotFound('Transcript not found');
  return id.toLowerCase();
}

function outputOf(id: string): OutputResource {
  return { kind: 'transcript', id };
}

/**
 * Transcripts: the only place that changes a transcript record. They belong to the API
 * key that submitted them; every other key is told they do not exist.
 */
export class TranscriptService {
  constructor(private readonly deps: TranscriptServiceDeps) {}

  /**
   * Probes an upload (so audio we cannot read is refused before anything is stored, in the
   * same 422 as the other parameters), then stores the transcript as queued and enqueues its job.
   */
  async submit(caller: Caller, submission: TranscriptSubmission, requestId?: string): Promise<TranscriptRecord> {
    const { request, audio } = submission;
    const errors = { ...submission.errors };
    const audioFormat = audio && !errors.audio ? await this.acceptedAudioFormat(audio) : null;
    if (audio && !errors.audio && !audioFormat) errors.audio = [AUDIO_FORMAT_MESSAGE];
    const webhookRefusal = request?.webhook ? await this.deps.urlGuard.refusal(request.webhook.url) : null;
    if (webhookRefusal) errors.webhook_url = [`The webhook url field ${webhookRefusal}.`];
    const speakerVoices = request ? await resolveSpeakerVoices(caller, request.speakerVoices, this.deps.voices) : null;
    if (speakerVoices && speakerVoices.errors.length > 0) errors.speaker_voices = speakerVoices.errors;
    if (!request || !speakerVoices || Object.keys(errors).length > 0) throw invalid(errors);

    const id = randomUUID();
    const timestamp = now();
    const blobId = request.audio ? await this.deps.blobs.adopt(request.audio.path) : null;
    const record: Omit<TranscriptRecord, 'version'> = {
      id,
      keyId: caller.keyId,
      status: 'queued',
      source: blobId
        ? {
            kind: 'upload',
            blobId,
            filename: (request.audio?.filename ?? '').slice(0, 255),
            contentType: audioContentType(audioFormat ?? ''),
            keep: this.deps.keepAudio,
            secret: this.deps.keepAudio ? newAudioSecret() : null,
          }
        : { kind: 'url', url: request.audioUrl! },
      options: { ...request.options, speakerVoices: speakerVoices.voices },
      text: null,
      audioDuration: null,
      error: null,
      progress: null,
      createdAt: timestamp,
      updatedAt: timestamp,
      partners: [...caller.partners],
      webhook: request.webhook,
    };
    let created: TranscriptRecord;
    try {
      created = await this.deps.repository.create(record);
    } catch (error) {
      await this.deps.blobs.remove(blobId);
      throw error;
    }
    await this.deps.jobs.transcribe(created, { requestId });
    // Listed once its job is queued: a failed listing must not leave a transcript queued with no job.
    await this.deps.repository.listAsRecent(caller.keyId, id);
    return created;
  }

  async get(caller: Caller, idOrPath: string): Promise<TranscriptRecord> {
    const id = transcriptIdFrom(idOrPath);
    const record = await this.getById(id);
    if (!record || !canSee(caller, record)) throw new NotFound('Transcript not found');
    return record;
  }

  /**
   * The caller's key's newest transcripts, newest first (at most RECENT_TRANSCRIPTS_KEPT).
   * Ids whose transcript has expired are dropped from the list as they are met.
   */
  async recent(caller: Caller, first: number): Promise<TranscriptRecord[]> {
    if (!Number.isInteger(first) || first < 1 || first > RECENT_TRANSCRIPTS_KEPT) {
      throw Invalid.param('first', `must be between 1 and ${RECENT_TRANSCRIPTS_KEPT}`);
    }
    return (await this.deps.repository.recent(caller.keyId, first)).filter((record) => canSee(caller, record));
  }

  /**
   * A page of the caller's key's transcripts, newest first, those with `filter.status` only.
   * The cursor is the submission time and id, so newer submissions do not shift later pages.
   */
  async page(caller: Caller, request: PageRequest, filter: { status?: TranscriptStatus | null } = {}): Promise<Page<TranscriptRecord>> {
    const listed = await this.deps.repository.listed(caller.keyId);
    const idByKey = new Map(listed.map(({ id, atMs }) => [listingKey(atMs, id), id]));
    const entries = sortedEntries([...idByKey.keys()], newestFirst, (keys) => this.deps.repository.getMany(keys.map((key) => idByKey.get(key)!)));
    return pageOf(entries, request, (record) => canSee(caller, record) && (!filter.status || record.status === filter.status));
  }

  /** The transcript's captions (`srt` or `vtt`); 400 until it is completed or when it has no timings. */
  async captions(caller: Caller, idOrPath: string, format: CaptionFormat, query: Record<string, unknown>): Promise<string> {
    const { charsPerCaption, speakerLabels } = parseCaptionRequest(query);
    return transcriptCaptions(await this.get(caller, idOrPath), format, charsPerCaption, speakerLabels);
  }

  /** The transcript with its sentences; 400 until it is completed or when it has no word timings. */
  async sentences(caller: Caller, idOrPath: string): Promise<{ transcript: TranscriptRecord; sentences: TranscriptSentence[] }> {
    const transcript = await this.get(caller, idOrPath);
    return { transcript, sentences: transcriptSentences(transcript) };
  }

  /** The transcript with its paragraphs; 400 until it is completed or when it has no word timings. */
  async paragraphs(caller: Caller, idOrPath: string): Promise<{ transcript: TranscriptRecord; paragraphs: TranscriptParagraph[] }> {
    const transcript = await this.get(caller, idOrPath);
    return { transcript, paragraphs: transcriptParagraphs(transcript) };
  }

  getById(id: string): Promise<TranscriptRecord | null> {
    return this.deps.repository.get(id);
  }

  /** Why the transcript's job has not started, and when it should; null when none waits. */
  queueWait(transcript: TranscriptRecord): Promise<QueueWait | null> {
    return this.deps.jobs.waitOf(transcript);
  }

  /** The current state, then each change, ending once the transcript is finished. */
  watch(caller: Caller, idOrPath: string): PushStream<ChangeEvent<TranscriptRecord>> {
    const id = transcriptIdFrom(idOrPath);
    return this.deps.events.live<TranscriptRecord>(transcriptTopic(id), {
      load: async () => [await this.get(caller, id)],
      until: (event) => event.deleted || isFinished(event.data),
      waitingOn: this.deps.jobs.waitingOn,
    });
  }

  /**
   * The text as it grows, segment by segment (the output log's contract, output-log.ts): the
   * events after `after`, or the snapshot first, then each new one, ending after `done`. The
   * same refusals as `get`; a transcript that finished without its log saying so (a process
   * died between the two writes) has its log settled here, when a reader subscribes or its
   * stream is quiet.
   */
  followOutput(caller: Caller, idOrPath: string, after: number | null): PushStream<OutputEvent> {
    const id = transcriptIdFrom(idOrPath);
    return this.deps.output.follow(outputOf(id), {
      after,
      check: async () => {
        const record = await this.get(caller, id);
        if (isFinished(record)) await this.settleOutput(record);
      },
    });
  }

  /** The text so far while the transcript is processing; null before any, and once it is finished (`text` has it). */
  async partialText(transcript: TranscriptRecord): Promise<string | null> {
    if (transcript.status !== 'processing') return null;
    const snapshot = await this.deps.output.snapshot(outputOf(transcript.id));
    return snapshot.seq === 0 || snapshot.done ? null : snapshot.text;
  }

  // Worker-facing state changes. A job can run twice; each change applies only from the
  // states it makes sense in, so a late or repeated job changes nothing.

  /** Where one attempt of the job publishes the text segment by segment; its first write starts the text over. */
  outputWriter(id: string): OutputWriter {
    return this.deps.output.writer(outputOf(id), { ttlSeconds: TRANSCRIPT_TTL_SECONDS });
  }

  /** Moves a queued transcript to processing; null when there is nothing (left) to do. */
  async startProcessing(id: string): Promise<TranscriptRecord | null> {
    const updated = await this.deps.repository.update(id, (current) =>
      current.status === 'queued' ? { ...current, status: 'processing', updatedAt: now() } : null,
    );
    return updated && !isFinished(updated) ? updated : null;
  }

  /**
   * Where the transcribe job reports how far it has come, throttled. Written only while the
   * transcript is processing; the record keeps its expiry.
   */
  progress(id: string): ProgressReporter {
    return throttledProgress((progress) =>
      this.deps.repository.updateIfCurrent(
        id,
        (current) => ({ generation: 0, running: current.status === 'processing' }),
        (current) => ({ ...current, progress: progress && { ...progress, generation: 0 } }),
      ),
    );
  }

  /**
   * The utterances of the segments transcribed so far (in order, labelled as they will stay),
   * so a subscriber sees who said what while a long recording is still being transcribed.
   * Written only while the transcript is processing.
   */
  async reportUtterances(id: string, heard: Pick<TranscriptResult, 'utterances' | 'speakers'>): Promise<void> {
    await this.deps.repository.update(id, (current) =>
      current.status === 'processing' ? { ...current, utterances: heard.utterances, speakers: heard.speakers, updatedAt: now() } : null,
    );
  }

  async complete(id: string, result: TranscriptResult): Promise<boolean> {
    return this.finish(id, (current) => ({ ...current, ...result, status: 'completed', error: null }));
  }

  async fail(id: string, reason: string): Promise<boolean> {
    return this.finish(id, (current) => ({ ...current, status: 'error', error: reason }));
  }

  /**
   * The uploaded audio is only needed until the transcript is finished, unless it is kept for
   * playback: then it goes with the transcript (the orphan sweep removes it once the record expires).
   */
  async releaseUpload(id: string): Promise<void> {
    const record = await this.getById(id);
    if (record?.source.kind === 'upload' && !record.source.keep && isFinished(record)) await this.deps.blobs.remove(record.source.blobId);
  }

  /** Where the transcript's kept recording plays from (with a token an <audio> element can use), or null when none is kept. */
  audioUrl(transcript: TranscriptRecord): string | null {
    return transcriptAudioUrl(transcript);
  }

  /**
   * The kept recording of a transcript, for a key that sees it or the token of its playback URL;
   * 404 for anyone else, and when no recording is kept.
   */
  async audio(access: AudioAccess, idOrPath: string): Promise<TranscriptAudio> {
    const transcript = 'caller' in access ? await this.get(access.caller, idOrPath) : await this.getById(transcriptIdFrom(idOrPath));
    if (!transcript || ('token' in access && !isValidAudioToken(transcript, access.token))) throw new NotFound('Transcript not found');
    const kept = keptAudio(transcript);
    const size = kept ? await this.deps.blobs.size(kept.blobId) : null;
    if (!kept || size === null) throw new NotFound('Recording not found');
    const { blobs } = this.deps;
    return {
      keyId: transcript.keyId,
      size,
      contentType: kept.contentType,
      filename: kept.filename || 'audio',
      read: (range) => blobs.read(kept.blobId, range),
    };
  }

  private async finish(id: string, change: (current: TranscriptRecord) => TranscriptRecord): Promise<boolean> {
    let applied = false;
    const updated = await this.deps.repository.update(id, (current) => {
      applied = !isFinished(current);
      return applied ? { ...change(current), updatedAt: now() } : null;
    });
    if (!updated) return false;
    await this.releaseUpload(id);
    // The result is stored: a failure to say so in the log (Redis gone again) is made good by
    // the readers' settling (followOutput), so it does not fail the finished work.
    if (applied) await this.settleOutput(updated).catch(() => undefined);
    return applied;
  }

  /**
   * Ends a finished transcript's log: a completed one's with exactly its `text` (the segments'
   * texts as published can differ from the stitched whole at a cut inside speech); a failed
   * one's keeps what was published. Nothing when it has ended already.
   */
  private async settleOutput(transcript: TranscriptRecord): Promise<void> {
    const finalText = transcript.status === 'completed' ? (transcript.text ?? '') : undefined;
    await this.deps.output.finish(outputOf(transcript.id), { finalText, ttlSeconds: TRANSCRIPT_TTL_SECONDS });
  }

  /** The upload's container (ffprobe's name) when it is audio we accept, else null. */
  private async acceptedAudioFormat(file: UploadedFile): Promise<string | null> {
    try {
      const probe = await this.deps.audio.probe(file.path);
      return probe.hasAudio && isAcceptedContainer(probe.formatName) ? probe.formatName : null;
    } catch (error) {
      if (blamesInput(error)) return null;
      throw error;
    }
  }
}
