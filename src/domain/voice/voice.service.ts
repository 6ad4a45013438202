import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { ReadStream } from 'node:fs';
import type { EventBus } from '../../events/event-bus';
import type { ChangeEvent } from '../../store/record-store';
import type { Ffmpeg } from '../../engines/ffmpeg';
import { EngineError } from '../../engines/engine-error';
import { embedVoiceQueue, splitVoiceQueue } from '../../queues/voice.queues';
import type { QueueRegistry } from '../../queues/queue-registry';
import type { BlobStore } from '../../store/blob-store';
import { NameTaken, type RecordStore } from '../../store/record-store';
import { Conflict, Invalid, NotFound, Unreadable } from '../errors';
import type { UploadedFile } from '../shared/uploaded-file';
import {
  isLocked,
  type ProcessingState,
  type TtsEmbedding,
  type VoiceOriginal,
  type VoiceRecord,
  type VoiceSample,
} from './voice.types';
import type { SplitSettings } from './voice.inputs';

const KIND = 'voice';

export interface VoiceServiceDeps {
  records: RecordStore;
  events: EventBus;
  blobs: BlobStore;
  queues: QueueRegistry;
  ffmpeg: Ffmpeg;
  defaultTtsType: string;
}

export interface NewVoice {
  name: string;
  creatorName?: string;
  creatorEmail?: string;
}

/** The split a job produced, ready to be recorded. */
export interface SplitResult {
  original: VoiceOriginal;
  samples: VoiceSample[];
}

const now = () => new Date().toISOString();
const idle = (): ProcessingState => ({ status: 'idle', error: null, generation: 0, updatedAt: now() });

/** Moves a pipeline to in_progress under a new generation, superseding any running job. */
function restart(state: ProcessingState): ProcessingState {
  return { status: 'in_progress', error: null, generation: state.generation + 1, updatedAt: now() };
}

export const DEFAULT_SPLIT: SplitSettings = { maxSamples: 25, sampleDurationSeconds: 15 };

/**
 * Voices: the only place that changes a voice record. Every change is one atomic write
 * that also publishes the new snapshot on the partner's topic.
 */
export class VoiceService {
  constructor(private readonly deps: VoiceServiceDeps) {}

  static topic(partner: string): string {
    return `voices:${partner}`;
  }

  private indexKey(partner: string): string {
    return this.deps.records.keys.key('voice-names', partner);
  }

  private write(partner: string) {
    return { topics: [VoiceService.topic(partner)] };
  }

  async list(partner: string): Promise<VoiceRecord[]> {
    return sortByName(await this.getMany(await this.listIds(partner)));
  }

  listIds(partner: string): Promise<string[]> {
    return this.deps.records.redis.hvals(this.indexKey(partner));
  }

  getMany(ids: readonly string[]): Promise<(VoiceRecord | null)[]> {
    return this.deps.records.getMany<VoiceRecord>(KIND, ids);
  }

  async find(partner: string, name: string): Promise<VoiceRecord | null> {
    const id = await this.deps.records.redis.hget(this.indexKey(partner), name);
    return id ? this.deps.records.get<VoiceRecord>(KIND, id) : null;
  }

  async get(partner: string, name: string): Promise<VoiceRecord> {
    const voice = await this.find(partner, name);
    if (!voice) throw new NotFound('Voice not found');
    return voice;
  }

  async getById(id: string): Promise<VoiceRecord | null> {
    return this.deps.records.get<VoiceRecord>(KIND, id);
  }

  /**
   * Creates a voice; with a recording, the file is probed here (so unreadable audio is
   * refused before anything is stored) and converted, split and embedded by jobs.
   */
  async create(partner: string, input: NewVoice, recording?: UploadedFile): Promise<VoiceRecord> {
    let original: VoiceOriginal | null = null;
    if (recording) {
      const probe = await this.probeAudio(recording.path);
      original = {
        blobId: null,
        uploadBlobId: null,
        uploadedName: recording.filename.slice(0, 255),
        durationSeconds: probe.durationSeconds,
      };
    }
    const id = randomUUID();
    const timestamp = now();
    const splitting = idle();
    const embedding = idle();
    const record: Omit<VoiceRecord, 'version'> = {
      id,
      partner,
      name: input.name,
      creatorName: input.creatorName ?? null,
      creatorEmail: input.creatorEmail ?? null,
      original,
      samples: [],
      splitting: original ? restart(splitting) : splitting,
      embedding: original ? restart(embedding) : embedding,
      embeddingType: this.deps.defaultTtsType,
      embeddingInfo: null,
      embeddings: {},
      preferredSampleIndex: null,
      createdAt: timestamp,
      updatedAt: timestamp,
    };
    if (original && recording) original.uploadBlobId = await this.deps.blobs.adopt(recording.path);
    let created: VoiceRecord;
    try {
      created = await this.deps.records.create<VoiceRecord>(KIND, id, record, {
        ...this.write(partner),
        index: { key: this.indexKey(partner), name: input.name },
      });
    } catch (error) {
      await this.deps.blobs.remove(original?.uploadBlobId);
      if (error instanceof NameTaken) throw new Conflict(`Voice '${input.name}' already exists`);
      throw error;
    }
    if (original) await this.enqueueSplit(created, DEFAULT_SPLIT, true);
    return created;
  }

  async rename(partner: string, name: string, newName: string): Promise<VoiceRecord> {
    const voice = await this.get(partner, name);
    try {
      const renamed = await this.deps.records.update<VoiceRecord>(
        KIND,
        voice.id,
        (current) => {
          if (isLocked(current)) throw new Conflict('Voice is currently being processed');
          return { ...current, name: newName, updatedAt: now() };
        },
        { ...this.write(partner), index: { key: this.indexKey(partner), name: voice.name }, rename: newName },
      );
      if (!renamed) throw new NotFound('Voice not found');
      return renamed;
    } catch (error) {
      if (error instanceof NameTaken) throw new Conflict(`Voice '${newName}' already exists`);
      throw error;
    }
  }

  async delete(partner: string, name: string): Promise<void> {
    const voice = await this.get(partner, name);
    const removed = await this.deps.records.remove<VoiceRecord>(KIND, voice.id, {
      ...this.write(partner),
      index: { key: this.indexKey(partner), name: voice.name },
      guard: (current) => {
        if (isLocked(current)) throw new Conflict('Voice is currently being processed');
      },
    });
    if (!removed) throw new NotFound('Voice not found');
    await this.deps.blobs.remove(...blobsOf(removed));
  }

  /** Converts an uploaded sample to Ogg Opus now (a sample is short) and appends it. */
  async addSample(partner: string, name: string, file: UploadedFile): Promise<VoiceSample> {
    const voice = await this.get(partner, name);
    await this.probeAudio(file.path);
    const converted = this.deps.blobs.tmpPath('.opus');
    try {
      await this.deps.ffmpeg.toOpus(file.path, converted);
      const probe = await this.deps.ffmpeg.probe(converted);
      const blobId = await this.deps.blobs.adopt(converted);
      let added: VoiceSample | undefined;
      const updated = await this.deps.records.update<VoiceRecord>(
        KIND,
        voice.id,
        (current) => {
          const index = current.samples.reduce((max, sample) => Math.max(max, sample.index + 1), 0);
          added = { index, blobId, sourceTimestamp: null, durationSeconds: round(probe.durationSeconds) };
          return { ...current, samples: [...current.samples, added], updatedAt: now() };
        },
        this.write(partner),
      );
      if (!updated || !added) {
        await this.deps.blobs.remove(blobId);
        throw new NotFound('Voice not found');
      }
      return added;
    } finally {
      await rm(converted, { force: true });
    }
  }

  async deleteSample(partner: string, name: string, index: number): Promise<VoiceRecord> {
    const voice = await this.get(partner, name);
    let removed: VoiceSample | undefined;
    const updated = await this.deps.records.update<VoiceRecord>(
      KIND,
      voice.id,
      (current) => {
        removed = current.samples.find((sample) => sample.index === index);
        if (!removed) throw new NotFound('Sample not found');
        return {
          ...current,
          samples: current.samples.filter((sample) => sample.index !== index),
          preferredSampleIndex: current.preferredSampleIndex === index ? null : current.preferredSampleIndex,
          updatedAt: now(),
        };
      },
      this.write(partner),
    );
    if (!updated) throw new NotFound('Voice not found');
    await this.deps.blobs.remove(removed?.blobId);
    return updated;
  }

  async sample(partner: string, name: string, index: number): Promise<{ sample: VoiceSample; stream: () => ReadStream }> {
    const voice = await this.get(partner, name);
    const sample = voice.samples.find((candidate) => candidate.index === index);
    if (!sample) throw new NotFound('Sample not found');
    return { sample, stream: () => this.deps.blobs.read(sample.blobId) };
  }

  openBlob(blobId: string): ReadStream {
    return this.deps.blobs.read(blobId);
  }

  async split(partner: string, name: string, settings: SplitSettings): Promise<VoiceRecord> {
    const voice = await this.get(partner, name);
    if (!voice.original) throw Invalid.param('file', 'the voice has no original recording to split');
    return this.enqueueSplit(voice, settings, false);
  }

  async embed(partner: string, name: string, ttsType?: string): Promise<VoiceRecord> {
    const voice = await this.get(partner, name);
    if (voice.samples.length === 0 && voice.splitting.status !== 'in_progress') {
      throw Invalid.param('samples', 'the voice has no samples to embed');
    }
    const type = ttsType ?? voice.embeddingType;
    const updated = await this.deps.records.update<VoiceRecord>(
      KIND,
      voice.id,
      (current) => ({ ...current, embedding: restart(current.embedding), embeddingType: type, updatedAt: now() }),
      this.write(partner),
    );
    if (!updated) throw new NotFound('Voice not found');
    await this.deps.queues.add(embedVoiceQueue, {
      voiceId: updated.id,
      generation: updated.embedding.generation,
      ttsType: type,
    });
    return updated;
  }

  async setPreferredSample(partner: string, name: string, index: number | null): Promise<VoiceRecord> {
    const voice = await this.get(partner, name);
    const updated = await this.deps.records.update<VoiceRecord>(
      KIND,
      voice.id,
      (current) => {
        if (index !== null && !current.samples.some((sample) => sample.index === index)) {
          throw Invalid.param('sample_index', `the voice has no sample with index ${index}`);
        }
        return { ...current, preferredSampleIndex: index, updatedAt: now() };
      },
      this.write(partner),
    );
    if (!updated) throw new NotFound('Voice not found');
    return updated;
  }

  testSamples(voice: VoiceRecord, ttsType?: string): TtsEmbedding['testSamples'] {
    return voice.embeddings[ttsType ?? this.deps.defaultTtsType]?.testSamples ?? [];
  }

  async testSample(partner: string, name: string, filename: string, ttsType?: string) {
    const voice = await this.get(partner, name);
    const file = this.testSamples(voice, ttsType).find((candidate) => candidate.filename === filename);
    if (!file) throw new NotFound('Test sample not found');
    return { file, stream: () => this.deps.blobs.read(file.blobId) };
  }

  async deleteTestFiles(partner: string, name: string, ttsType: string): Promise<VoiceRecord> {
    const voice = await this.get(partner, name);
    let removed: TtsEmbedding | undefined;
    const updated = await this.deps.records.update<VoiceRecord>(
      KIND,
      voice.id,
      (current) => {
        removed = current.embeddings[ttsType];
        if (!removed || removed.testSamples.length === 0) throw new NotFound('Test sample not found');
        const info = current.embeddingInfo?.ttsType === ttsType ? { ...current.embeddingInfo, testSamples: [] } : current.embeddingInfo;
        return {
          ...current,
          embeddings: { ...current.embeddings, [ttsType]: { ...removed, testSamples: [] } },
          embeddingInfo: info,
          updatedAt: now(),
        };
      },
      this.write(partner),
    );
    if (!updated) throw new NotFound('Voice not found');
    await this.deps.blobs.remove(...(removed?.testSamples.map((file) => file.blobId) ?? []));
    return updated;
  }

  async embeddingArchive(partner: string, name: string, ttsType?: string) {
    const voice = await this.get(partner, name);
    const embedding = voice.embeddings[ttsType ?? voice.embeddingType];
    if (!embedding) throw new NotFound('Embedding not found');
    return { voice, stream: () => this.deps.blobs.read(embedding.archiveBlobId) };
  }

  /** Current snapshot first, then each change of this voice (followed across renames). */
  watch(partner: string, name: string): AsyncIterableIterator<ChangeEvent<VoiceRecord>> {
    let voiceId: string | null = null;
    return this.deps.events.live<VoiceRecord>(VoiceService.topic(partner), {
      load: async () => {
        const voice = await this.get(partner, name);
        voiceId = voice.id;
        return [voice];
      },
      accept: (event) => (voiceId ? event.data.id === voiceId : event.data.name === name),
      until: (event) => event.deleted,
    });
  }

  /** Every voice of the partner now, then every change to any of them. */
  watchAll(partner: string): AsyncIterableIterator<ChangeEvent<VoiceRecord>> {
    return this.deps.events.live<VoiceRecord>(VoiceService.topic(partner), { load: () => this.list(partner) });
  }

  // Worker-facing state changes. Each takes the generation its job was started with, and
  // changes nothing when a newer trigger has superseded that job.

  /** The original as the split job should read it: converted when present, else the raw upload. */
  async recordConvertedOriginal(voiceId: string, generation: number, blobId: string, durationSeconds: number): Promise<boolean> {
    let uploadBlobId: string | null = null;
    const updated = await this.updateIfCurrent(voiceId, 'splitting', generation, (current) => {
      if (!current.original) return null;
      uploadBlobId = current.original.uploadBlobId;
      return { ...current, original: { ...current.original, blobId, uploadBlobId: null, durationSeconds: round(durationSeconds) } };
    });
    if (updated) await this.deps.blobs.remove(uploadBlobId);
    return updated !== null;
  }

  async recordSplit(voiceId: string, generation: number, samples: VoiceSample[], thenEmbed: boolean): Promise<boolean> {
    let replaced: VoiceSample[] = [];
    const updated = await this.updateIfCurrent(voiceId, 'splitting', generation, (current) => {
      replaced = current.samples;
      const next: VoiceRecord = {
        ...current,
        samples,
        preferredSampleIndex: samples.some((sample) => sample.index === current.preferredSampleIndex) ? current.preferredSampleIndex : null,
        splitting: { ...current.splitting, status: 'completed', error: null, updatedAt: now() },
      };
      if (thenEmbed && samples.length === 0) {
        next.embedding = { ...current.embedding, status: 'failed', error: 'The recording produced no samples to embed', updatedAt: now() };
      }
      return next;
    });
    if (!updated) {
      await this.deps.blobs.remove(...samples.map((sample) => sample.blobId));
      return false;
    }
    await this.deps.blobs.remove(...replaced.map((sample) => sample.blobId));
    if (thenEmbed && samples.length > 0 && updated.embedding.status === 'in_progress') {
      await this.deps.queues.add(embedVoiceQueue, {
        voiceId: updated.id,
        generation: updated.embedding.generation,
        ttsType: updated.embeddingType,
      });
    }
    return true;
  }

  async recordSplitFailure(voiceId: string, generation: number, reason: string, thenEmbed: boolean): Promise<void> {
    await this.updateIfCurrent(voiceId, 'splitting', generation, (current) => ({
      ...current,
      splitting: { ...current.splitting, status: 'failed', error: reason, updatedAt: now() },
      embedding:
        thenEmbed && current.embedding.status === 'in_progress'
          ? { ...current.embedding, status: 'failed', error: `Splitting failed: ${reason}`, updatedAt: now() }
          : current.embedding,
    }));
  }

  async recordEmbedding(voiceId: string, generation: number, result: TtsEmbedding): Promise<boolean> {
    let previous: TtsEmbedding | undefined;
    const updated = await this.updateIfCurrent(voiceId, 'embedding', generation, (current) => {
      previous = current.embeddings[result.ttsType];
      return {
        ...current,
        embeddings: { ...current.embeddings, [result.ttsType]: result },
        embeddingType: result.ttsType,
        embeddingInfo: {
          ttsType: result.ttsType,
          lastUpdateStatus: 'success',
          lastUpdateTime: result.completedAt,
          testSamples: result.testSamples.map(({ sampleIndex, sentenceIndex, filename }) => ({ sampleIndex, sentenceIndex, filename })),
          sampleScores: result.sampleScores,
        },
        embedding: { ...current.embedding, status: 'completed', error: null, updatedAt: now() },
      };
    });
    const stale = updated ? previous : result;
    await this.deps.blobs.remove(stale?.archiveBlobId, ...(stale?.testSamples.map((file) => file.blobId) ?? []));
    return updated !== null;
  }

  async recordEmbeddingFailure(voiceId: string, generation: number, ttsType: string, reason: string): Promise<void> {
    await this.updateIfCurrent(voiceId, 'embedding', generation, (current) => ({
      ...current,
      embedding: { ...current.embedding, status: 'failed', error: reason, updatedAt: now() },
      embeddingInfo: current.embeddingInfo
        ? { ...current.embeddingInfo, ttsType, lastUpdateStatus: 'failed', lastUpdateTime: now() }
        : { ttsType, lastUpdateStatus: 'failed', lastUpdateTime: now(), testSamples: [], sampleScores: [] },
    }));
  }

  /** Whether a job of this generation is still the one that counts. */
  async isCurrent(voiceId: string, pipeline: 'splitting' | 'embedding', generation: number): Promise<VoiceRecord | null> {
    const voice = await this.getById(voiceId);
    return voice && voice[pipeline].generation === generation && voice[pipeline].status === 'in_progress' ? voice : null;
  }

  private updateIfCurrent(
    voiceId: string,
    pipeline: 'splitting' | 'embedding',
    generation: number,
    change: (current: VoiceRecord) => VoiceRecord | null,
  ): Promise<VoiceRecord | null> {
    return this.deps.records.updateIfCurrent<VoiceRecord>(
      KIND,
      voiceId,
      { generation, stageOf: (voice) => ({ generation: voice[pipeline].generation, running: voice[pipeline].status === 'in_progress' }) },
      (current) => {
        const next = change(current);
        return next && { ...next, updatedAt: now() };
      },
      { topics: (voice) => [VoiceService.topic(voice.partner)] },
    );
  }

  private async enqueueSplit(voice: VoiceRecord, settings: SplitSettings, thenEmbed: boolean): Promise<VoiceRecord> {
    const updated = thenEmbed
      ? voice
      : await this.deps.records.update<VoiceRecord>(
          KIND,
          voice.id,
          (current) => ({ ...current, splitting: restart(current.splitting), updatedAt: now() }),
          this.write(voice.partner),
        );
    if (!updated) throw new NotFound('Voice not found');
    await this.deps.queues.add(splitVoiceQueue, {
      voiceId: updated.id,
      generation: updated.splitting.generation,
      maxSamples: settings.maxSamples,
      sampleDurationSeconds: settings.sampleDurationSeconds,
      thenEmbed,
    });
    return updated;
  }

  private async probeAudio(path: string) {
    try {
      const probe = await this.deps.ffmpeg.probe(path);
      if (!probe.hasAudio || !(probe.durationSeconds > 0)) throw new Unreadable('The file is not readable audio');
      return probe;
    } catch (error) {
      if (error instanceof EngineError) throw new Unreadable(error.message);
      throw error;
    }
  }
}

function blobsOf(voice: VoiceRecord): (string | null)[] {
  return [
    voice.original?.blobId ?? null,
    voice.original?.uploadBlobId ?? null,
    ...voice.samples.map((sample) => sample.blobId),
    ...Object.values(voice.embeddings).flatMap((embedding) => [embedding.archiveBlobId, ...embedding.testSamples.map((file) => file.blobId)]),
  ];
}

export function sortByName(voices: readonly (VoiceRecord | null | Error)[]): VoiceRecord[] {
  return voices.filter((voice): voice is VoiceRecord => voice !== null && !(voice instanceof Error)).sort((a, b) => a.name.localeCompare(b.name));
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
