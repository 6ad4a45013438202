import type { CallLimits } from '../domain/shared/call-limits';

/**
 * The voice embedding job, as both engines (the GPU job service and the local CPU engine)
 * run it: samples of one voice in, test audio, per-sample scores and an archive out.
 * `signal` and `deadline` are the job's: the engine stops when it is handed back or out of time.
 */
export interface VoiceEmbeddingRequest extends CallLimits {
  voiceId: string;
  ttsType: string;
  /** Ogg Opus sample files of the voice. */
  samples: { index: number; path: string }[];
  /** Directory the engine writes its result files into; created when missing. */
  workDir: string;
  /**
   * What the engine is doing: a short readable note, and units done of the total (samples
   * scored and test sentences made, or the GPU job service's own percent of 100).
   */
  onProgress?: (note: string, done: number, total: number | null) => void;
  /**
   * The engine holds the job in a queue of its own: its place there (null when the engine
   * does not say), each time that changes; then null once the job leaves that queue.
   */
  onEngineQueue?: (backlog: { position: number | null } | null) => Promise<void>;
}

export interface VoiceEmbeddingResult {
  ttsType: string;
  /** TTS audio of TEST_SENTENCES, written inside workDir. */
  testSamples: { sampleIndex: number; sentenceIndex: number; path: string }[];
  /** Quality of each sample as a voice reference, 0 (unusable) to 1 (clean). */
  sampleScores: { sampleIndex: number; score: number }[];
  /** Embedding archive written inside workDir. */
  archivePath: string;
}

export interface VoiceEmbeddingEngine {
  readonly name: string;
  embed(request: VoiceEmbeddingRequest): Promise<VoiceEmbeddingResult>;
}

/** Fixed so that test audio of different voices and TTS types can be compared by ear. */
export const TEST_SENTENCES: string[] = [
  'Hello, this is a short test of my new voice.',
  'The quick brown fox jumps over the lazy dog.',
  'Thank you for listening, and have a wonderful day.',
];

/** Name of a test audio file; sentence indices refer to TEST_SENTENCES. */
export function testSampleFilename(sampleIndex: number, sentenceIndex: number): string {
  return `test_${sampleIndex}_${sentenceIndex}.opus`;
}

export const EMBEDDING_ARCHIVE_FILENAME = 'embedding.zip';
