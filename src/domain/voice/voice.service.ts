import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { EventBus } from '../../events/event-bus';
import type { PushStream } from '../../events/push-stream';
import { blamesInput } from '../shared/engine-error';
import type { BlobStore } from '../../store/blob-store';
import { NameTaken, type ChangeEvent } from '../../store/record-store';
import { Conflict, Invalid, NotFound, Unreadable } from '../errors';
import type { UploadedFile } from '../shared/uploaded-file';
import type { AudioProbe } from '../shared/audio-probe';
import { compareNames, pageOf, sortedEntries, type Page, type PageRequest } from '../shared/pagination';
import { roundSeconds } from './sample-plan';
import { assessSample, type SampleMeter } from './sample-quality';
import type { VoiceJobs } from './voice.jobs';
import type { VoiceRepository } from './voice.repository';
import {
  DEFAULT_SPLIT,
  blobsOf,
  idle,
  embeddingAfterSampleChange,
  isLocked,
  now,
  restart,
  matchesVoiceFilter,
  sortByName,
  voiceTopic,
  type NewVoice,
  type SplitSettings,
  type TestSampleFile,
  type TtsEmbedding,
  type VoiceFilter,
  type VoiceOriginal,
  type VoiceRecord,
  type VoiceSample,
} from './voice.types';
import { partnerRecordId } from '../../store/keys';
import type { QueueWait } from '../shared/queued-work';

export interface VoiceServiceDeps {
  repository: VoiceRepository;
  events: EventBus;
  blobs: BlobStore;
  jobs: VoiceJobs;
  audio: AudioProbe & SampleMeter;
  defaultTtsType: string;
}

/**
 * Voices as their owners see them: create, rename, delete, samples, and the triggers of
 * splitting and embedding. Job results arrive through VoicePipelineService.
 */
export class VoiceService {
  constructor(private readonly deps: VoiceServiceDeps) {}

  async list(partner: string): Promise<VoiceRecord[]> {
    return sortByName(await this.getMany(await this.listIds(partner)));
  }

  /**
   * A page of the partner's voices in name order, those in `filter`'s states only. The cursor
   * is the name: stable while voices are added, renamed or deleted around it.
   */
  async page(partner: string, request: PageRequest, filter: VoiceFilter = {}): Promise<Page<VoiceRecord>> {
    const entries = await this.deps.repository.listNames(partner);
    const idByName = new Map(entries.map((entry) => [entry.name, entry.id]));
    const sorted = sortedEntries([...idByName.keys()], compareNames, (names) => this.getMany(names.map((name) => idByName.get(name)!)));
    return pageOf(sorted, request, (voice) => matchesVoiceFilter(voice, filter));
  }

  listIds(partner: string): Promise<string[]> {
    return this.deps.repository.listIds(partner);
  }

  getMany(ids: readonly string[]): Promise<(VoiceRecord | null)[]> {
    return this.deps.repository.getMany(ids);
  }

  find(partner: string, name: string): Promise<VoiceRecord | null> {
    return this.deps.repository.findByName(partner, name);
  }

  async get(partner: string, name: string): Promise<VoiceRecord> {
    const voice = await this.find(partner, name);
    if (!voice) throw new NotFound('Voice not found');
    return voice;
  }

  /**
   * Creates a voice; with a recording, the file is probed here (so unreadable audio is
   * refused before anything is stored) and converted, split and embedded by jobs.
   */
  async create(partner: string, input: NewVoice, recording?: UploadedFile, requestId?: string): Promise<VoiceRecord> {
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
    const timestamp = now();
    const record: Omit<VoiceRecord, 'version'> = {
      id: partnerRecordId(partner),
      partner,
      name: input.name,
      creatorName: input.creatorName ?? null,
      creatorEmail: input.creatorEmail ?? null,
      original,
      samples: [],
      splitting: original ? restart(idle()) : idle(),
      embedding: original ? restart(idle()) : idle(),
      embeddingType: this.deps.defaultTtsType,
      embeddingInfo: null,
      embeddings: {},
      preferredSampleIndex: null,
      splitMode: null,
      retiredSampleBlobIds: [],
      progress: null,
      createdAt: timestamp,
      updatedAt: timestamp,
    };
    if (original && recording) original.uploadBlobId = await this.deps.blobs.adopt(recording.path);
    let created: VoiceRecord;
    try {
      created = await this.deps.repository.create(record);
    } catch (error) {
      await this.deps.blobs.remove(original?.uploadBlobId);
      if (error instanceof NameTaken) throw new Conflict(`Voice '${input.name}' already exists`);
      throw error;
    }
    if (original) await this.deps.jobs.split(created, { ...DEFAULT_SPLIT, mode: input.splitMode ?? DEFAULT_SPLIT.mode }, { requestId });
    return created;
  }

  async rename(partner: string, name: string, newName: string): Promise<VoiceRecord> {
    const voice = await this.get(partner, name);
    try {
      const renamed = await this.deps.repository.rename(voice, newName, refuseWhileProcessing);
      if (!renamed) throw new NotFound('Voice not found');
      return renamed;
    } catch (error) {
      if (error instanceof NameTaken) throw new Conflict(`Voice '${newName}' already exists`);
      throw error;
    }
  }

  async delete(partner: string, name: string): Promise<void> {
    const voice = await this.get(partner, name);
    const removed = await this.deps.repository.remove(voice, refuseWhileProcessing);
    if (!removed) throw new NotFound('Voice not found');
    await this.deps.blobs.remove(...blobsOf(removed));
  }

  /** Converts an uploaded sample to Ogg Opus now (a sample is short), judges it and appends it. */
  async addSample(partner: string, name: string, file: UploadedFile): Promise<{ voice: VoiceRecord; sample: VoiceSample }> {
    const voice = await this.get(partner, name);
    await this.probeAudio(file.path);
    const converted = this.deps.blobs.scratch.tmpPath('.opus');
    try {
      await this.deps.audio.toOpus(file.path, converted);
      const probe = await this.deps.audio.probe(converted);
      const measured = await this.deps.audio.measure(converted);
      const judged = { quality: assessSample(measured), speechSeconds: roundSeconds(measured.speechSeconds) };
      const blobId = await this.deps.blobs.adopt(converted);
      let added: VoiceSample | undefined;
      const updated = await this.deps.repository.update(voice, (current) => {
        const index = current.samples.reduce((max, sample) => Math.max(max, sample.index + 1), 0);
        added = { index, blobId, sourceTimestamp: null, sourceStartSeconds: null, durationSeconds: roundSeconds(probe.durationSeconds), ...judged };
        return { ...current, samples: [...current.samples, added], embedding: embeddingAfterSampleChange(current) };
      });
      if (!updated || !added) {
        await this.deps.blobs.remove(blobId);
        throw new NotFound('Voice not found');
      }
      return { voice: updated, sample: added };
    } finally {
      await rm(converted, { force: true });
    }
  }

  async deleteSample(partner: string, name: string, index: number): Promise<VoiceRecord> {
    const voice = await this.get(partner, name);
    let removed: VoiceSample | undefined;
    const updated = await this.deps.repository.update(voice, (current) => {
      removed = current.samples.find((sample) => sample.index === index);
      if (!removed) throw new NotFound('Sample not found');
      return {
        ...current,
        samples: current.samples.filter((sample) => sample.index !== index),
        preferredSampleIndex: current.preferredSampleIndex === index ? null : current.preferredSampleIndex,
        embedding: embeddingAfterSampleChange(current),
      };
    });
    if (!updated) throw new NotFound('Voice not found');
    await this.deps.blobs.remove(removed?.blobId);
    return updated;
  }

  async sample(partner: string, name: string, index: number): Promise<{ sample: VoiceSample; stream: () => Readable }> {
    const voice = await this.get(partner, name);
    const sample = voice.samples.find((candidate) => candidate.index === index);
    if (!sample) throw new NotFound('Sample not found');
    return { sample, stream: () => this.deps.blobs.read(sample.blobId) };
  }

  /** The voice with a reader for each of its samples, for the samples bundle. */
  async samples(partner: string, name: string): Promise<{ voice: VoiceRecord; samples: { sample: VoiceSample; stream: () => Readable }[] }> {
    const voice = await this.get(partner, name);
    return { voice, samples: voice.samples.map((sample) => ({ sample, stream: () => this.deps.blobs.read(sample.blobId) })) };
  }

  /**
   * Re-splits the original. The samples are cleared now, as the spec says: while splitting,
   * the voice lists none and serves none. An embedding that was made or is being made is
   * redone once the split completes, so it never reports completed for samples that are gone.
   * The old files go at once unless a running embedding job may still read them; those are
   * kept on the record until the new split is recorded, when that job can no longer record
   * anything (should it still be reading, it fails as a superseded job, which changes nothing).
   */
  async split(partner: string, name: string, settings: SplitSettings, requestId?: string): Promise<VoiceRecord> {
    const voice = await this.get(partner, name);
    if (!voice.original) throw Invalid.param('file', 'the voice has no original recording to split');
    let removeNow: string[] = [];
    const updated = await this.deps.repository.update(voice, (current) => {
      const embedJobMayRead = current.embedding.status === 'in_progress' && current.splitting.status !== 'in_progress';
      const reembed = current.embedding.status === 'in_progress' || current.embedding.status === 'completed';
      const cleared = current.samples.map((sample) => sample.blobId);
      removeNow = embedJobMayRead ? [] : cleared;
      return {
        ...current,
        samples: [],
        retiredSampleBlobIds: [...current.retiredSampleBlobIds, ...(embedJobMayRead ? cleared : [])],
        splitting: restart(current.splitting),
        embedding: reembed ? restart(current.embedding) : current.embedding,
      };
    });
    if (!updated) throw new NotFound('Voice not found');
    await this.deps.blobs.remove(...removeNow);
    await this.deps.jobs.split(updated, settings, { requestId });
    return updated;
  }

  /** While a split runs, the embedding waits for it: the split's result queues the job. */
  async embed(partner: string, name: string, ttsType?: string, requestId?: string): Promise<VoiceRecord> {
    const voice = await this.get(partner, name);
    if (voice.samples.length === 0 && voice.splitting.status !== 'in_progress') {
      throw Invalid.param('samples', 'the voice has no samples to embed');
    }
    const type = ttsType ?? voice.embeddingType;
    const updated = await this.deps.repository.update(voice, (current) => ({ ...current, embedding: restart(current.embedding), embeddingType: type }));
    if (!updated) throw new NotFound('Voice not found');
    if (updated.splitting.status !== 'in_progress') await this.deps.jobs.embed(updated, { requestId });
    return updated;
  }

  async setPreferredSample(partner: string, name: string, index: number | null): Promise<VoiceRecord> {
    const voice = await this.get(partner, name);
    const updated = await this.deps.repository.update(voice, (current) => {
      if (index !== null && !current.samples.some((sample) => sample.index === index)) {
        throw Invalid.param('sample_index', `the voice has no sample with index ${index}`);
      }
      return { ...current, preferredSampleIndex: index };
    });
    if (!updated) throw new NotFound('Voice not found');
    return updated;
  }

  /** Test audio of one TTS type; the configured default type when none is named. */
  testSamples(voice: VoiceRecord, ttsType?: string | null): { ttsType: string; files: TestSampleFile[] } {
    const type = ttsType ?? this.deps.defaultTtsType;
    return { ttsType: type, files: voice.embeddings[type]?.testSamples ?? [] };
  }

  async listTestSamples(partner: string, name: string, ttsType?: string) {
    const voice = await this.get(partner, name);
    return { voice, ...this.testSamples(voice, ttsType) };
  }

  async testSample(partner: string, name: string, filename: string, ttsType?: string) {
    const voice = await this.get(partner, name);
    const file = this.testSamples(voice, ttsType).files.find((candidate) => candidate.filename === filename);
    if (!file) throw new NotFound('Test sample not found');
    return { file, stream: () => this.deps.blobs.read(file.blobId) };
  }

  async deleteTestFiles(partner: string, name: string, ttsType: string): Promise<VoiceRecord> {
    const voice = await this.get(partner, name);
    let removed: TtsEmbedding | undefined;
    const updated = await this.deps.repository.update(voice, (current) => {
      removed = current.embeddings[ttsType];
      if (!removed || removed.testSamples.length === 0) throw new NotFound('Test sample not found');
      const info = current.embeddingInfo?.ttsType === ttsType ? { ...current.embeddingInfo, testSamples: [] } : current.embeddingInfo;
      return { ...current, embeddings: { ...current.embeddings, [ttsType]: { ...removed, testSamples: [] } }, embeddingInfo: info };
    });
    if (!updated) throw new NotFound('Voice not found');
    await this.deps.blobs.remove(...(removed?.testSamples.map((file) => file.blobId) ?? []));
    return updated;
  }

  /** The archive of one TTS type's embedding; the voice's current type when none is named. */
  async embeddingArchive(partner: string, name: string, ttsType?: string) {
    const voice = await this.get(partner, name);
    const type = ttsType ?? voice.embeddingType;
    const embedding = voice.embeddings[type];
    if (!embedding) throw new NotFound('Embedding not found');
    return { voice, ttsType: type, stream: () => this.deps.blobs.read(embedding.archiveBlobId) };
  }

  /** Why the voice's split or embedding has not started, and when it should; null when none waits. */
  queueWait(voice: VoiceRecord): Promise<QueueWait | null> {
    return this.deps.jobs.waitOf(voice);
  }

  /** Current snapshot first, then each change of this voice (followed across renames). */
  watch(partner: string, name: string): PushStream<ChangeEvent<VoiceRecord>> {
    let voiceId: string | null = null;
    return this.deps.events.live<VoiceRecord>(voiceTopic(partner), {
      waitingOn: this.deps.jobs.waitingOn,
      // Only this voice's events, by name until the snapshot has told its id.
      route: () => (voiceId ? { id: voiceId } : { name }),
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
  watchAll(partner: string): PushStream<ChangeEvent<VoiceRecord>> {
    return this.deps.events.live<VoiceRecord>(voiceTopic(partner), { load: () => this.list(partner), waitingOn: this.deps.jobs.waitingOn });
  }

  private async probeAudio(path: string) {
    try {
      const probe = await this.deps.audio.probe(path);
      if (!probe.hasAudio || !(probe.durationSeconds > 0)) throw new Unreadable('The file is not readable audio');
      return probe;
    } catch (error) {
      if (blamesInput(error)) throw new Unreadable(error.message);
      throw error;
    }
  }
}

function refuseWhileProcessing(voice: VoiceRecord): void {
  if (isLocked(voice)) throw new Conflict('Voice is currently being processed');
}
