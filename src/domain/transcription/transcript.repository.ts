import type { JobStage, RecordStore } from '../../store/record-store';
import { TRANSCRIPT_LAYOUT } from './transcript.record';
import { TRANSCRIPT_KIND, type TranscriptRecord } from './transcript.types';

/** The spec leaves transcript retention open; a week covers any polling client. */
export const TRANSCRIPT_TTL_SECONDS = 7 * 24 * 3600;

/** How many of a key's newest transcripts `recentTranscripts` returns at most. */
export const RECENT_TRANSCRIPTS_KEPT = 100;

/** How many of a key's newest transcripts its list holds (`transcriptsConnection` pages through them); older ones stay readable by id. */
export const TRANSCRIPTS_LISTED = 1000;

/** The pub/sub topic every change of one transcript is published on. */
export function transcriptTopic(id: string): string {
  return `transcript:${id}`;
}

/**
 * Transcript records (read through their layout, transcript.record.ts), their expiry and each
 * key's list of its newest transcripts: the keys and topics of transcripts live here, as the
 * voice and knowledge base repositories keep theirs.
 */
export class TranscriptRepository {
  constructor(
    private readonly records: RecordStore,
    private readonly ttlSeconds = TRANSCRIPT_TTL_SECONDS,
  ) {
    records.define(TRANSCRIPT_KIND, TRANSCRIPT_LAYOUT);
  }

  async create(record: Omit<TranscriptRecord, 'version'>): Promise<TranscriptRecord> {
    const created = await this.records.create<TranscriptRecord>(TRANSCRIPT_KIND, record.id, record, this.write(record.id));
    await this.expire(record.id);
    return created;
  }

  get(id: string): Promise<TranscriptRecord | null> {
    return this.records.get<TranscriptRecord>(TRANSCRIPT_KIND, id);
  }

  /** Changes a transcript (`change` returns null to leave it); every write restarts its expiry. */
  async update(id: string, change: (current: TranscriptRecord) => TranscriptRecord | null): Promise<TranscriptRecord | null> {
    const updated = await this.records.update<TranscriptRecord>(TRANSCRIPT_KIND, id, change, this.write(id));
    if (updated) await this.expire(id);
    return updated;
  }

  /** A write of the job now running, which keeps the record's expiry (progress). */
  updateIfCurrent(id: string, stageOf: (current: TranscriptRecord) => JobStage, change: (current: TranscriptRecord) => TranscriptRecord | null) {
    return this.records.updateIfCurrent<TranscriptRecord>(TRANSCRIPT_KIND, id, { generation: 0, stageOf }, change, this.write(id));
  }

  /**
   * Lists a transcript among its key's newest. Scored below the millisecond, so two
   * submissions in the same millisecond still list in order.
   */
  async listAsRecent(keyId: string, id: string): Promise<void> {
    await this.records.addRecent(this.recentKey(keyId), id, performance.timeOrigin + performance.now(), {
      keepMs: this.ttlSeconds * 1000,
      keepCount: TRANSCRIPTS_LISTED,
    });
  }

  /** A key's newest transcripts, newest first; ids whose records have expired leave the list. */
  async recent(keyId: string, first: number): Promise<TranscriptRecord[]> {
    const listKey = this.recentKey(keyId);
    const ids = await this.records.recent(listKey, first);
    const found = await this.records.getMany<TranscriptRecord>(TRANSCRIPT_KIND, ids);
    await this.records.removeRecent(
      listKey,
      ids.filter((_id, index) => !found[index]),
    );
    return found.filter((record): record is TranscriptRecord => record !== null);
  }

  /** The key's listed transcripts with when each was submitted (milliseconds), newest first. */
  listed(keyId: string): Promise<{ id: string; atMs: number }[]> {
    return this.records.recentWithTimes(this.recentKey(keyId), TRANSCRIPTS_LISTED);
  }

  getMany(ids: readonly string[]): Promise<(TranscriptRecord | null)[]> {
    return this.records.getMany<TranscriptRecord>(TRANSCRIPT_KIND, ids);
  }

  private write(id: string) {
    return { topics: [transcriptTopic(id)] };
  }

  private recentKey(keyId: string): string {
    return this.records.keys.key('recent-transcripts', keyId);
  }

  private async expire(id: string): Promise<void> {
    await this.records.expire(TRANSCRIPT_KIND, id, this.ttlSeconds);
  }
}
