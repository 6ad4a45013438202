import { createWriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import type { SpeakerVoice, Utterance } from '../../domain/transcription/transcript.types';
import type { DiarizingSpeechToTextClient, KnownSpeaker } from '../diarizing-speech-to-text.client';
import { MAX_KNOWN_SPEAKERS } from '../diarizing-speech-to-text.client';
import type { Ffmpeg } from '../ffmpeg';
import { SPEECH_PCM } from '../ffmpeg-slices';
import type { Transcription } from '../speech-to-text.client';
import type { SpeechSegment } from './segment-plan';
import type { SegmentContext, SegmentEngine } from './segmented-transcriber';
import { MAX_CLIP_MS, SpeakerContinuity, type ClipStretch, type PlannedReference } from './speaker-continuity';
import { onRecording } from './stitch';

/** FLAC of 16 kHz mono speech is at most 32 kB a second; base64 adds a third; a little for the form's framing. */
const REFERENCE_BYTES_AT_MOST = Math.ceil(((MAX_CLIP_MS / 1000) * 32_768 * 4) / 3) + 1024;

export interface DiarizedSegmentsOptions {
  ffmpeg: Ffmpeg;
  client: DiarizingSpeechToTextClient;
  /** The voices named by speaker_voices, in the order given. */
  voices: readonly SpeakerVoice[];
  /** A named voice's reference sample as a local file for `use`; null when the voice or its sample is gone. */
  withVoiceSample: <T>(voice: SpeakerVoice, use: (path: string) => Promise<T>) => Promise<T | null>;
  language?: string;
  /** Hears every utterance so far, labelled as it will stay, after each segment (in order). */
  onUtterances?: (utterances: Utterance[]) => Promise<void> | void;
}

/**
 * The segments of one recording through a diarizing engine, in order: every request after the
 * first names the speakers the earlier ones found, with a clip of each, so a speaker keeps one
 * label for the whole recording (speaker-continuity.ts). A segment sent before the one before it
 * has come back could not name the speakers that one found, so the requests go one at a time,
 * not ASR_CONCURRENCY at once. Two segments are taken at a time all the same: while one is at
 * the engine, the next is cut from the recording and waits its turn here, so the engine is
 * kept busy and the cost is the engine's time per segment, added up (docs/transcripts.md#speakers).
 */
export class DiarizedSegments implements SegmentEngine {
  /** One at the engine, the next being cut meanwhile. */
  readonly concurrency = 2;
  readonly reservedBytes = MAX_KNOWN_SPEAKERS * REFERENCE_BYTES_AT_MOST;
  private readonly continuity: SpeakerContinuity;
  private readonly utterances: Utterance[] = [];
  /** Clips made so far, by the speaker's label: a new one only when the speaker's stretch changed. */
  private readonly clips = new Map<string, { key: string; dataUrl: string }>();
  /** The index of the segment whose turn it is at the engine, and the later ones waiting for theirs. */
  private nextIndex = 0;
  private readonly waiting = new Map<number, () => void>();

  constructor(private readonly options: DiarizedSegmentsOptions) {
    this.continuity = new SpeakerContinuity(options.voices);
  }

  ensureConfigured(): void {
    this.options.client.ensureConfigured();
  }

  async transcribe(file: string, segment: SpeechSegment, context: SegmentContext): Promise<Transcription> {
    await this.turnOf(segment.index, context.signal);
    try {
      return await this.transcribeInTurn(file, segment, context);
    } finally {
      this.nextIndex = segment.index + 1;
      this.waiting.get(this.nextIndex)?.();
      this.waiting.delete(this.nextIndex);
    }
  }

  /** Resolves once every earlier segment has been transcribed; rejects when the job stops meanwhile. */
  private turnOf(index: number, signal: AbortSignal): Promise<void> {
    if (index <= this.nextIndex) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const stop = () => reject(signal.reason instanceof Error ? signal.reason : new Error('The transcription was stopped'));
      if (signal.aborted) return stop();
      signal.addEventListener('abort', stop, { once: true });
      this.waiting.set(index, () => {
        signal.removeEventListener('abort', stop);
        resolve();
      });
    });
  }

  private async transcribeInTurn(file: string, segment: SpeechSegment, context: SegmentContext): Promise<Transcription> {
    const planned = this.continuity.references();
    const sent: PlannedReference[] = [];
    const knownSpeakers: KnownSpeaker[] = [];
    for (const reference of planned) {
      const dataUrl = await this.clip(reference, context);
      if (dataUrl === null) continue;
      sent.push(reference);
      knownSpeakers.push({ name: reference.name, reference: dataUrl });
    }
    const diarization = await this.options.client.diarize(file, {
      language: this.options.language,
      knownSpeakers,
      filename: 'audio.flac',
      signal: context.signal,
      deadline: context.deadline,
    });
    const placed = onRecording(
      segment,
      diarization.turns.map((turn) => ({ ...turn, ...(turn.words ? { words: onRecording(segment, turn.words) } : {}) })),
    );
    const utterances = this.continuity.label(placed, sent);
    this.utterances.push(...utterances);
    await this.options.onUtterances?.([...this.utterances]);
    const allWords = utterances.every((utterance) => utterance.words);
    return {
      text: utterances.map((utterance) => utterance.text).join(' '),
      utterances,
      segments: utterances.map(({ text, start, end }) => ({ text, start, end })),
      ...(allWords ? { words: utterances.flatMap((utterance) => utterance.words!) } : {}),
    };
  }

  /** A reference's clip as a `data:` URL: cut from the recording (a found speaker) or from a voice's sample (a named one). */
  private async clip(reference: PlannedReference, context: SegmentContext): Promise<string | null> {
    const key = 'voice' in reference.source ? 'voice' : `${reference.source.stretch.start}-${reference.source.stretch.end}`;
    const cached = this.clips.get(reference.label);
    if (cached?.key === key) return cached.dataUrl;
    const output = join(context.workDir, `reference-${this.clips.size}-${Date.now()}.flac`);
    try {
      if ('voice' in reference.source) {
        const made = await this.options.withVoiceSample(reference.source.voice, (path) => this.sampleClip(path, output, context));
        if (made === null) return null;
      } else {
        await this.recordingClip(reference.source.stretch, output, context);
      }
      const dataUrl = `data:audio/flac;base64,${(await readFile(output)).toString('base64')}`;
      this.clips.set(reference.label, { key, dataUrl });
      return dataUrl;
    } finally {
      await rm(output, { force: true });
    }
  }

  private recordingClip(stretch: ClipStretch, output: string, context: SegmentContext): Promise<void> {
    return this.options.ffmpeg.pcmToSpeechFlac(context.pcm, output, [{ startSeconds: stretch.start / 1000, endSeconds: stretch.end / 1000 }], {
      signal: context.signal,
    });
  }

  /** The first 10 s of a voice's sample, decoded to the recording's PCM format and cut as a recording's clip is. */
  private async sampleClip(path: string, output: string, context: SegmentContext): Promise<void> {
    const pcm = `${output}.pcm`;
    try {
      const sink = createWriteStream(pcm);
      let bytes = 0;
      await this.options.ffmpeg.decodePcm(
        path,
        SPEECH_PCM.sampleRate,
        (chunk) => {
          bytes += chunk.length;
          sink.write(chunk);
        },
        context.signal,
        { startSeconds: 0, durationSeconds: MAX_CLIP_MS / 1000 },
      );
      sink.end();
      await once(sink, 'close');
      await this.recordingClip({ start: 0, end: Math.floor((bytes / SPEECH_PCM.bytesPerSecond) * 1000) }, output, context);
    } finally {
      await rm(pcm, { force: true });
    }
  }
}
