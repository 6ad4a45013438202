import type { Versioned } from '../../store/record-store';
import { progressOf, type Progress, type StoredProgress } from '../shared/progress';
import type { SampleQuality } from './sample-quality';

export const PROCESSING_STATUSES = ['idle', 'in_progress', 'completed', 'failed'] as const;
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number];

/**
 * The voice's state in one word, for lists that filter by it: in progress or failed when
 * either pipeline is, completed once it is embedded, idle otherwise.
 */
export function overallStatus(voice: Pick<VoiceRecord, 'splitting' | 'embedding'>): ProcessingStatus {
  const statuses = [voice.splitting.status, voice.embedding.status];
  if (statuses.includes('in_progress')) return 'in_progress';
  if (statuses.includes('failed')) return 'failed';
  return voice.embedding.status === 'completed' ? 'completed' : 'idle';
}

/** Which voices a list keeps: each given status must hold (overall, splitting, embedding). */
export interface VoiceFilter {
  status?: ProcessingStatus | null;
  splitting?: ProcessingStatus | null;
  embedding?: ProcessingStatus | null;
}

export function matchesVoiceFilter(voice: VoiceRecord, filter: VoiceFilter): boolean {
  return (
    (!filter.status || overallStatus(voice) === filter.status) &&
    (!filter.splitting || voice.splitting.status === filter.splitting) &&
    (!filter.embedding || voice.embedding.status === filter.embedding)
  );
}

/** One of a voice's two independent pipelines (splitting, embedding). */
export interface ProcessingState {
  status: ProcessingStatus;
  /** Readable reason when failed. */
  error: string | null;
  /** Raised by every trigger; a job whose generation is behind has been superseded. */
  generation: number;
  updatedAt: string;
}

export interface VoiceSample {
  index: number;
  blobId: string;
  /** MM:SS offset in the original recording; null for a sample uploaded on its own. */
  sourceTimestamp: string | null;
  /** Where in the original it starts, to the millisecond (null on uploads and on samples cut before it was kept). */
  sourceStartSeconds: number | null;
  durationSeconds: number;
  /** How fit it is to clone from, and why (null on samples made before it was measured). */
  quality: SampleQuality | null;
  /** Seconds of speech in it (null on samples made before it was measured). */
  speechSeconds: number | null;
}

export interface VoiceOriginal {
  /** The converted Ogg Opus recording, once the split job has converted it. */
  blobId: string | null;
  /** The upload as it arrived, kept until conversion so a retried job can start over. */
  uploadBlobId: string | null;
  uploadedName: string;
  durationSeconds: number;
}

export interface TestSampleFile {
  filename: string;
  blobId: string;
  sampleIndex: number;
  sentenceIndex: number;
}

/** What one embedding run for one TTS type produced. */
export interface TtsEmbedding {
  ttsType: string;
  engine: string;
  archiveBlobId: string;
  testSamples: TestSampleFile[];
  sampleScores: { sampleIndex: number; score: number }[];
  completedAt: string;
  /** The samples the embedding was made from; null on embeddings made before it was kept, which are never stale. */
  sampleBlobIds: string[] | null;
}

export interface EmbeddingInfo {
  ttsType: string;
  lastUpdateStatus: 'success' | 'failed';
  lastUpdateTime: string;
  testSamples: { sampleIndex: number; sentenceIndex: number; filename: string }[];
  sampleScores: { sampleIndex: number; score: number }[];
}

export interface VoiceRecord extends Versioned {
  id: string;
  partner: string;
  name: string;
  creatorName: string | null;
  creatorEmail: string | null;
  original: VoiceOriginal | null;
  samples: VoiceSample[];
  splitting: ProcessingState;
  embedding: ProcessingState;
  embeddingType: string;
  embeddingInfo: EmbeddingInfo | null;
  /** Results per TTS type, so test audio of several types can coexist. */
  embeddings: Record<string, TtsEmbedding>;
  preferredSampleIndex: number | null;
  /** How the samples were cut from the original; null before the first split (and on voices split before it was kept). */
  splitMode: SplitMode | null;
  /**
   * Sample files a re-split took off the voice while an embedding job might still read them;
   * removed once the new split is recorded.
   */
  retiredSampleBlobIds: string[];
  /** The running job's last report; its stage names the pipeline (splitting or embedding). */
  progress: StoredProgress | null;
  createdAt: string;
  updatedAt: string;
}

export const ORIGINAL_FILENAME = 'original.opus';

/** The converted original's name, as both doors show it; null until it is converted. */
export function originalFilenameOf(voice: VoiceRecord): string | null {
  return voice.original?.blobId ? ORIGINAL_FILENAME : null;
}

export function isLocked(voice: VoiceRecord): boolean {
  return voice.splitting.status === 'in_progress' || voice.embedding.status === 'in_progress';
}

export function sampleFilename(index: number): string {
  return `${index}.opus`;
}

/** A new voice as the domain takes it, parsed from either door. */
export interface NewVoice {
  name: string;
  creatorName?: string;
  creatorEmail?: string;
  /** How a recording given with it is split. */
  splitMode?: SplitMode;
}

/**
 * `fixed`: consecutive slices of sample_duration, as the voice document describes. `curated`:
 * cut at pauses, trimmed, levelled to one loudness (docs/voice-samples.md).
 */
export const SPLIT_MODES = ['fixed', 'curated'] as const;
export type SplitMode = (typeof SPLIT_MODES)[number];

export interface SplitSettings {
  maxSamples: number;
  sampleDurationSeconds: number;
  mode: SplitMode;
}

/** How a voice created with a recording is split, unless it asks for another mode. */
export const DEFAULT_SPLIT: SplitSettings = { maxSamples: 25, sampleDurationSeconds: 15, mode: 'fixed' };

export type VoicePipeline = 'splitting' | 'embedding';

/** The progress of the pipeline job now running, or null. */
export function voiceProgress(voice: VoiceRecord): Progress | null {
  const pipeline: VoicePipeline = voice.progress?.stage === 'embedding' ? 'embedding' : 'splitting';
  return progressOf(voice.progress, voice[pipeline].status === 'in_progress', voice[pipeline].generation);
}

/** The pub/sub topic every change of a partner's voices is published on. */
export function voiceTopic(partner: string): string {
  return `voices:${partner}`;
}

export const now = () => new Date().toISOString();

export const idle = (): ProcessingState => ({ status: 'idle', error: null, generation: 0, updatedAt: now() });

/** Moves a pipeline to in_progress under a new generation, superseding any running job. */
export function restart(state: ProcessingState): ProcessingState {
  return { status: 'in_progress', error: null, generation: state.generation + 1, updatedAt: now() };
}

/** The record kind of voices in the record store. */
export const VOICE_KIND = 'voice';

/** Every blob a voice record refers to: what deleting the voice removes, and what the orphan sweep keeps. */
export function blobsOf(voice: VoiceRecord): (string | null)[] {
  return [
    voice.original?.blobId ?? null,
    voice.original?.uploadBlobId ?? null,
    ...voice.samples.map((sample) => sample.blobId),
    ...voice.retiredSampleBlobIds,
    ...Object.values(voice.embeddings).flatMap((embedding) => [embedding.archiveBlobId, ...embedding.testSamples.map((file) => file.blobId)]),
  ];
}

/** A list in name order; a null is a record deleted since its id was read, and is left out. */
export function sortByName(voices: readonly (VoiceRecord | null)[]): VoiceRecord[] {
  return voices.filter((voice): voice is VoiceRecord => voice !== null).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The embedding state once the samples changed: an embedding made (or being made) from the
 * old set no longer describes the voice, so it returns to idle and a running job is
 * superseded. While a split runs the samples are about to be replaced anyway, and an
 * embedding in progress then waits for the split, so it stays as it is.
 */
export function embeddingAfterSampleChange(voice: VoiceRecord): ProcessingState {
  const { embedding } = voice;
  if (voice.splitting.status === 'in_progress') return embedding;
  if (embedding.status !== 'completed' && embedding.status !== 'in_progress') return embedding;
  return { status: 'idle', error: null, generation: embedding.generation + 1, updatedAt: now() };
}

/** Whether the last embedding made was made from other samples than the voice has now. */
export function isEmbeddingStale(voice: VoiceRecord): boolean {
  const made = voice.embeddingInfo ? voice.embeddings[voice.embeddingInfo.ttsType]?.sampleBlobIds : undefined;
  if (!made) return false;
  const current = new Set(voice.samples.map((sample) => sample.blobId));
  return made.length !== current.size || made.some((blobId) => !current.has(blobId));
}
