import { randomUUID } from 'node:crypto';
import { TRANSCRIPT_LAYOUT } from '../src/domain/transcription/transcript.record';
import type { TranscriptRecord } from '../src/domain/transcription/transcript.types';
import { DEFAULT_TRANSCRIPT_OPTIONS } from '../src/domain/transcription/transcript.types';
import { VOICE_LAYOUT } from '../src/domain/voice/voice.record';
import type { TtsEmbedding, VoiceRecord } from '../src/domain/voice/voice.types';
import { KeySpace } from '../src/store/keys';
import { RecordReads } from '../src/store/record.reads';
import { round } from './support';

const ROUNDS = 7;
const ROUND_MS = 300;
const at = '2026-11-20T10:00:00.000Z';

/** The store's own read of a record's text, without Redis: what every read pays after the GET. */
class Decoder extends RecordReads {
  constructor() {
    super(null as never, new KeySpace('bench'));
    this.define('voice', VOICE_LAYOUT);
    this.define('transcript', TRANSCRIPT_LAYOUT);
  }

  read(kind: string, raw: string): unknown {
    return this.decode(kind, 'bench:record', raw);
  }
}

/** A voice as big as they come: 100 curated samples, each measured, embedded for three TTS types. */
function bigVoice(): VoiceRecord {
  const samples = Array.from({ length: 100 }, (_, index) => ({
    index,
    blobId: randomUUID(),
    sourceTimestamp: `${String(Math.floor((index * 15) / 60)).padStart(2, '0')}:${String((index * 15) % 60).padStart(2, '0')}`,
    sourceStartSeconds: index * 15.125,
    durationSeconds: 14.87,
    quality: { score: 0.81, reasons: index % 3 ? [] : [{ code: 'noise' as const, message: 'Background noise at -47.5 dBFS', value: -47.5, unit: 'dBFS' }] },
    speechSeconds: 12.4,
  }));
  const embedding = (ttsType: string): TtsEmbedding => ({
    ttsType,
    engine: 'gpu-jobs',
    archiveBlobId: randomUUID(),
    testSamples: Array.from({ length: 10 }, (_, sampleIndex) => ({
      filename: `test_${sampleIndex}_0.opus`,
      blobId: randomUUID(),
      sampleIndex,
      sentenceIndex: 0,
    })),
    sampleScores: samples.map((sample) => ({ sampleIndex: sample.index, score: 0.7 })),
    completedAt: at,
    sampleBlobIds: samples.map((sample) => sample.blobId),
  });
  const done = { status: 'completed' as const, error: null, generation: 2, updatedAt: at };
  return {
    id: randomUUID(),
    partner: 'bench',
    name: 'Big Voice',
    creatorName: 'Ada',
    creatorEmail: 'ada@example.com',
    original: { blobId: randomUUID(), uploadBlobId: null, uploadedName: 'recording.wav', durationSeconds: 1512.5 },
    samples,
    splitting: done,
    embedding: done,
    embeddingType: 'vendor_tts_v2',
    embeddingInfo: { ttsType: 'vendor_tts_v2', lastUpdateStatus: 'success', lastUpdateTime: at, testSamples: [], sampleScores: [] },
    embeddings: { vendor_tts_v2: embedding('vendor_tts_v2'), vendor_tts_v3: embedding('vendor_tts_v3'), local: embedding('local') },
    preferredSampleIndex: 4,
    splitMode: 'curated',
    retiredSampleBlobIds: [],
    progress: null,
    createdAt: at,
    updatedAt: at,
    version: 14,
  };
}

/** An hour of speech transcribed: about 9,000 words, each timed and scored. */
function hourTranscript(): TranscriptRecord {
  const words = Array.from({ length: 9000 }, (_, index) => ({ text: `word${index % 700}`, start: index * 400, end: index * 400 + 330, confidence: 0.94 }));
  return {
    id: randomUUID(),
    keyId: 'bench-key',
    status: 'completed',
    source: { kind: 'upload', blobId: randomUUID(), filename: 'meeting.mp3', keep: true, secret: randomUUID(), contentType: 'audio/mpeg' },
    options: DEFAULT_TRANSCRIPT_OPTIONS,
    text: words.map((word) => word.text).join(' '),
    audioDuration: 3600,
    words,
    error: null,
    progress: null,
    createdAt: at,
    updatedAt: at,
    partners: ['bench'],
    webhook: null,
    version: 3,
  };
}

/** The record as this build writes it, and as the build before layouts did (without what was added since). */
function texts(record: object, added: (record: Record<string, unknown>) => Record<string, unknown>) {
  return { current: JSON.stringify({ ...record, schemaVersion: 2 }), previous: JSON.stringify(added({ ...record })) };
}

/** Microseconds per call of `read` over one timed stretch. */
function timed(read: () => unknown): number {
  let calls = 0;
  const started = performance.now();
  while (performance.now() - started < ROUND_MS) {
    read();
    calls++;
  }
  return ((performance.now() - started) * 1000) / calls;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Microseconds per read of each way, and each way's cost over the first: the reads take turns
 * within every round (this machine's speed drifts within seconds), and the medians of the rounds
 * are reported, the ratios taken within each round.
 */
function compare(reads: (() => unknown)[]): { microseconds: number[]; overFirst: number[] } {
  for (const read of reads) timed(read);
  const rounds = Array.from({ length: ROUNDS }, () => reads.map(timed));
  return {
    microseconds: reads.map((_, index) => median(rounds.map((figures) => figures[index]!))),
    overFirst: reads.map((_, index) => median(rounds.map((figures) => figures[index]! / figures[0]! - 1))),
  };
}

/**
 * What reading a record costs once it is fetched, for a big voice and an hour's transcript: the
 * JSON parse every read always paid, the read of a record of the current layout (a property
 * check more), and the read of one of layout 1 (a parse through its zod schema, defaults filled).
 */
export function benchRecordReads({ log }: { log: (line: string) => void }): void {
  const decoder = new Decoder();
  const voice = texts(bigVoice(), ({ splitMode: _mode, retiredSampleBlobIds: _retired, progress: _progress, ...rest }) => rest);
  const transcript = texts(hourTranscript(), ({ partners: _partners, webhook: _webhook, progress: _progress, ...rest }) => rest);
  log('record reads after the GET, microseconds per read (median of rounds), and the cost over JSON.parse alone:');
  for (const [kind, text] of [
    ['voice', voice],
    ['transcript', transcript],
  ] as const) {
    const { microseconds, overFirst } = compare([
      () => JSON.parse(text.current),
      () => decoder.read(kind, text.current),
      () => decoder.read(kind, text.previous),
    ]);
    const figure = (index: number) => `${round(microseconds[index]!, 1)} µs (${overFirst[index]! >= 0 ? '+' : ''}${round(overFirst[index]! * 100, 0)}%)`;
    log(
      `  ${kind} (${round(text.current.length / 1024, 0)} KiB): JSON.parse ${round(microseconds[0]!, 1)} µs; ` +
        `current layout ${figure(1)}; layout 1, upgraded ${figure(2)}`,
    );
  }
}
