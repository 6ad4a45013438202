import { randomUUID } from 'node:crypto';
import type { Caller } from '../../auth/api-keys';
import type { AudioProbe } from '../shared/audio-probe';
import { EngineError } from '../shared/engine-error';
import type { EventBus } from '../../events/event-bus';
import type { PushStream } from '../../events/push-stream';
import type { QueueRegistry } from '../../queues/queue-registry';
import { transcribeQueue } from '../../queues/transcription.queues';
import type { BlobStore } from '../../store/blob-store';
import type { ChangeEvent, RecordStore } from '../../store/record-store';
import { Invalid, NotFound } from '../errors';
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
  TRANSCRIPT_KIND,
  TRANSCRIPT_PATH,
  transcriptProgress,
  type TranscriptRecord,
  type TranscriptResult,
} from './transcript.types';
import type { QueueWait } from '../../queues/queue-wait';
import { queuedWork, waitingTopic, waitOfWork, type QueuedWork } from '../shared/queued-work';

const KIND = TRANSCRIPT_KIND;
/** The spec leaves transcript retention open; a week covers any polling client. */
export const TRANSCRIPT_TTL_SECONDS = 7 * 24 * 3600;
/** How many of a key's transcripts `recent` can list; older ones stay readable by id. */
export const RECENT_TRANSCRIPTS_KEPT = 100;

export interface TranscriptServiceDeps {
  records: RecordStore;
  events: EventBus;
  blobs: BlobStore;
  queues: QueueRegistry;
  /** Probes an upload while the request waits, so unreadable audio is refused at once. */
  audio: Pick<AudioProbe, 'probe'>;
  /** Refuses a webhook_url the service must not call (a private address). */
  urlGuard: UrlGuard;
  ttlSeconds?: number;
}

const now = () => new Date().toISOString();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The uuid in `/v2/transcript/<uuid>` or a bare uuid; anything else names no transcript. */
export function transcriptIdFrom(value: string): string {
  const id = value.startsWith(TRANSCRIPT_PATH) ? value.slice(TRANSCRIPT_PATH.length) : value;
  if (!UUID.test(id)) throw new NotFound('Transcript not found');
  return id.toLowerCase();
}

/**
 * Transcripts: the only place that changes a transcript record. They belong to the API
 * key that submitted them; every other key is told they do not exist.
 */
export class TranscriptService {
  private readonly ttlSeconds: number;

  constructor(private readonly deps: TranscriptServiceDeps) {
    this.ttlSeconds = deps.ttlSeconds ?? TRANSCRIPT_TTL_SECONDS;
  }

  static topic(id: string): string {
    return `transcript:${id}`;
  }

  /**
   * Probes an upload (so audio we cannot read is refused before anything is stored, in the
   * same 422 as the other parameters), then stores the transcript as queued and enqueues its job.
   */
  async submit(caller: Caller, submission: TranscriptSubmission, requestId?: string): Promise<TranscriptRecord> {
    const { request, audio } = submission;
    const errors = { ...submission.errors };
    if (audio && !errors.audio && !(await this.isAcceptedAudio(audio))) errors.audio = [AUDIO_FORMAT_MESSAGE];
    const webhookRefusal = request?.webhook ? await this.deps.urlGuard.refusal(request.webhook.url) : null;
    if (webhookRefusal) errors.webhook_url = [`The webhook url field ${webhookRefusal}.`];
    if (!request || Object.keys(errors).length > 0) throw invalid(errors);

    const id = randomUUID();
    const timestamp = now();
    const blobId = request.audio ? await this.deps.blobs.adopt(request.audio.path) : null;
    const record: Omit<TranscriptRecord, 'version'> = {
      id,
      keyId: caller.keyId,
      status: 'queued',
      source: blobId ? { kind: 'upload', blobId, filename: (request.audio?.filename ?? '').slice(0, 255) } : { kind: 'url', url: request.audioUrl! },
      options: request.options,
      text: null,
      audioDuration: null,
      error: null,
      createdAt: timestamp,
      updatedAt: timestamp,
      partners: [...caller.partners],
      webhook: request.webhook,
    };
    let created: TranscriptRecord;
    try {
      created = await this.deps.records.create<TranscriptRecord>(KIND, id, record, this.write(id));
      await this.expire(id);
    } catch (error) {
      await this.deps.blobs.remove(blobId);
      throw error;
    }
    await this.deps.queues.add(transcribeQueue, { transcriptId: id, keyId: caller.keyId }, { requestId });
    // Listed once its job is queued: a failed listing must not leave a transcript queued with no job.
    // Scored below the millisecond, so two submissions in the same millisecond still list in order.
    await this.deps.records.addRecent(this.recentKey(caller.keyId), id, performance.timeOrigin + performance.now(), {
      keepMs: this.ttlSeconds * 1000,
      keepCount: RECENT_TRANSCRIPTS_KEPT,
    });
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
    const listKey = this.recentKey(caller.keyId);
    const ids = await this.deps.records.recent(listKey, first);
    const records = await this.deps.records.getMany<TranscriptRecord>(KIND, ids);
    await this.deps.records.removeRecent(
      listKey,
      ids.filter((_id, index) => !records[index]),
    );
    return records.filter((record): record is TranscriptRecord => record !== null && canSee(caller, record));
  }

  /** The transcript's captions (`srt` or `vtt`); 400 until it is completed or when it has no timings. */
  async captions(caller: Caller, idOrPath: string, format: CaptionFormat, query: Record<string, unknown>): Promise<string> {
    const charsPerCaption = parseCaptionRequest(query);
    return transcriptCaptions(await this.get(caller, idOrPath), format, charsPerCaption);
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
    return this.deps.records.get<TranscriptRecord>(KIND, id);
  }

  /** The job the transcript is under way in, if any. */
  workOf(transcript: TranscriptRecord): QueuedWork | null {
    if (isFinished(transcript)) return null;
    return queuedWork(transcribeQueue, { transcriptId: transcript.id }, transcriptProgress(transcript) !== null);
  }

  /** Why the transcript's job has not started, and when it should; null when none waits. */
  queueWait(transcript: TranscriptRecord): Promise<QueueWait | null> {
    return waitOfWork(this.deps.queues, this.workOf(transcript));
  }

  /** The current state, then each change, ending once the transcript is finished. */
  watch(caller: Caller, idOrPath: string): PushStream<ChangeEvent<TranscriptRecord>> {
    const id = transcriptIdFrom(idOrPath);
    return this.deps.events.live<TranscriptRecord>(TranscriptService.topic(id), {
      load: async () => [await this.get(caller, id)],
      until: (event) => event.deleted || isFinished(event.data),
      waitingOn: (transcript) => waitingTopic(this.workOf(transcript)),
    });
  }

  // Worker-facing state changes. A job can run twice; each change applies only from the
  // states it makes sense in, so a late or repeated job changes nothing.

  /** Moves a queued transcript to processing; null when there is nothing (left) to do. */
  async startProcessing(id: string): Promise<TranscriptRecord | null> {
    const updated = await this.deps.records.update<TranscriptRecord>(
      KIND,
      id,
      (current) => (current.status === 'queued' ? { ...current, status: 'processing', updatedAt: now() } : null),
      this.write(id),
    );
    if (!updated || isFinished(updated)) return null;
    await this.expire(id);
    return updated;
  }

  /**
   * Where the transcribe job reports how far it has come, throttled. Written only while the
   * transcript is processing; the record keeps its expiry.
   */
  progress(id: string): ProgressReporter {
    return throttledProgress((progress) =>
      this.deps.records.updateIfCurrent<TranscriptRecord>(
        KIND,
        id,
        { generation: 0, stageOf: (current) => ({ generation: 0, running: current.status === 'processing' }) },
        (current) => ({ ...current, progress: { ...progress, generation: 0 } }),
        this.write(id),
      ),
    );
  }

  async complete(id: string, result: TranscriptResult): Promise<boolean> {
    return this.finish(id, (current) => ({ ...current, ...result, status: 'completed', error: null }));
  }

  async fail(id: string, reason: string): Promise<boolean> {
    return this.finish(id, (current) => ({ ...current, status: 'error', error: reason }));
  }

  /** The uploaded audio is only needed until the transcript is finished. */
  async releaseUpload(id: string): Promise<void> {
    const record = await this.getById(id);
    if (record?.source.kind === 'upload' && isFinished(record)) await this.deps.blobs.remove(record.source.blobId);
  }

  private async finish(id: string, change: (current: TranscriptRecord) => TranscriptRecord): Promise<boolean> {
    let applied = false;
    const updated = await this.deps.records.update<TranscriptRecord>(
      KIND,
      id,
      (current) => {
        applied = !isFinished(current);
        return applied ? { ...change(current), updatedAt: now() } : null;
      },
      this.write(id),
    );
    if (!updated) return false;
    await this.expire(id);
    await this.releaseUpload(id);
    return applied;
  }

  private write(id: string) {
    return { topics: [TranscriptService.topic(id)] };
  }

  private recentKey(keyId: string): string {
    return this.deps.records.keys.key('recent-transcripts', keyId);
  }

  private async expire(id: string): Promise<void> {
    await this.deps.records.expire(KIND, id, this.ttlSeconds);
  }

  private async isAcceptedAudio(file: UploadedFile): Promise<boolean> {
    try {
      const probe = await this.deps.audio.probe(file.path);
      return probe.hasAudio && isAcceptedContainer(probe.formatName);
    } catch (error) {
      if (error instanceof EngineError) return false;
      throw error;
    }
  }
}
