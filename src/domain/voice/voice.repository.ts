import type { JobStage, NameIndex, RecordStore } from '../../store/record-store';
import type { Progress } from '../shared/progress';
import { VOICE_LAYOUT } from './voice.record';
import { now, VOICE_KIND, voiceTopic, type VoicePipeline, type VoiceRecord } from './voice.types';

/** The kind of a partner's voice name index (see KeySpace.partnerKey). */
export const VOICE_NAME_INDEX = 'voice-names';

/**
 * Voice records in Redis: the record per id (read through its layout, voice.record.ts) and the
 * partner's name index. Every write publishes the new snapshot on the partner's topic in the
 * same atomic step.
 */
export class VoiceRepository {
  constructor(private readonly records: RecordStore) {
    records.define(VOICE_KIND, VOICE_LAYOUT);
  }

  private indexKey(partner: string): string {
    return this.records.keys.partnerKey(VOICE_NAME_INDEX, partner);
  }

  private index(partner: string, name: string): NameIndex {
    return { key: this.indexKey(partner), name };
  }

  private topics(partner: string) {
    return { topics: [voiceTopic(partner)] };
  }

  listIds(partner: string): Promise<string[]> {
    return this.records.indexedIds(this.indexKey(partner));
  }

  /** The partner's voice names, each with its record id. */
  listNames(partner: string): Promise<{ name: string; id: string }[]> {
    return this.records.indexedEntries(this.indexKey(partner));
  }

  /** One round trip for any number of ids, in their order. */
  getMany(ids: readonly string[]): Promise<(VoiceRecord | null)[]> {
    return this.records.getMany<VoiceRecord>(VOICE_KIND, ids);
  }

  getById(id: string): Promise<VoiceRecord | null> {
    return this.records.get<VoiceRecord>(VOICE_KIND, id);
  }

  async findByName(partner: string, name: string): Promise<VoiceRecord | null> {
    const id = await this.records.idByName(this.indexKey(partner), name);
    return id ? this.getById(id) : null;
  }

  /** Throws NameTaken when the partner already has a voice of that name. */
  create(record: Omit<VoiceRecord, 'version'>): Promise<VoiceRecord> {
    return this.records.create<VoiceRecord>(VOICE_KIND, record.id, record, {
      ...this.topics(record.partner),
      index: this.index(record.partner, record.name),
    });
  }

  /** Applies `change` atomically (it may run more than once); null when the voice is gone. */
  update(voice: VoiceRecord, change: (current: VoiceRecord) => VoiceRecord | null): Promise<VoiceRecord | null> {
    return this.records.update<VoiceRecord>(VOICE_KIND, voice.id, (current) => stamp(change(current)), this.topics(voice.partner));
  }

  /** Renames in the same write that moves the name index; throws NameTaken when the new name is in use. */
  rename(voice: VoiceRecord, newName: string, check: (current: VoiceRecord) => void): Promise<VoiceRecord | null> {
    return this.records.update<VoiceRecord>(
      VOICE_KIND,
      voice.id,
      (current) => {
        check(current);
        return stamp({ ...current, name: newName });
      },
      { ...this.topics(voice.partner), index: this.index(voice.partner, voice.name), rename: newName },
    );
  }

  /** Deletes the voice and its name; `guard` may throw to refuse. Returns what was deleted. */
  remove(voice: VoiceRecord, guard: (current: VoiceRecord) => void): Promise<VoiceRecord | null> {
    return this.records.remove<VoiceRecord>(VOICE_KIND, voice.id, { ...this.topics(voice.partner), index: this.index(voice.partner, voice.name), guard });
  }

  /**
   * The write of a job's result: applies only while `pipeline` is still running under the
   * job's generation, so a superseded job changes nothing. Null when nothing was written.
   */
  updateIfCurrent(
    voiceId: string,
    pipeline: VoicePipeline,
    generation: number,
    change: (current: VoiceRecord) => VoiceRecord | null,
  ): Promise<VoiceRecord | null> {
    return this.records.updateIfCurrent<VoiceRecord>(
      VOICE_KIND,
      voiceId,
      { generation, stageOf: pipelineStage(pipeline) },
      (current) => stamp(change(current)),
      { topics: (voice) => [voiceTopic(voice.partner)] },
    );
  }

  /** A running job's progress (null: none, after a failed attempt); `updatedAt` stays, since the voice itself has not changed. */
  recordProgress(voiceId: string, pipeline: VoicePipeline, generation: number, progress: Progress | null): Promise<VoiceRecord | null> {
    return this.records.updateIfCurrent<VoiceRecord>(
      VOICE_KIND,
      voiceId,
      { generation, stageOf: pipelineStage(pipeline) },
      (current) => ({ ...current, progress: progress && { ...progress, generation } }),
      { topics: (voice) => [voiceTopic(voice.partner)] },
    );
  }
}

function pipelineStage(pipeline: VoicePipeline) {
  return (voice: VoiceRecord): JobStage => ({ generation: voice[pipeline].generation, running: voice[pipeline].status === 'in_progress' });
}

function stamp(voice: VoiceRecord | null): VoiceRecord | null {
  return voice && { ...voice, updatedAt: now() };
}
