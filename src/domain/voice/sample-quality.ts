/**
 * How fit a sample is to clone a voice from, and why: one model for the split (which judges
 * each stretch of the original it cuts) and the local voice engine (which judges the sample
 * files it is given). Engines measure the signal; this file alone turns measurements into a
 * score and reasons, so both say the same thing about the same audio.
 */

export const QUALITY_REASON_CODES = ['cut_in_speech', 'clipping', 'noise', 'too_quiet', 'reverb', 'no_speech'] as const;
export type QualityReasonCode = (typeof QUALITY_REASON_CODES)[number];

/** One defect: what it is in words, and the value measured, in `unit`. */
export interface QualityReason {
  code: QualityReasonCode;
  message: string;
  value: number;
  unit: string;
}

export interface SampleQuality {
  /** 0 (unusable as a voice reference) to 1 (clean speech). */
  score: number;
  /** Empty for a clean sample. */
  reasons: QualityReason[];
}

/** What an engine measures of a stretch of audio (see src/engines/signal-analyzer.ts). */
export interface SampleMeasurements {
  durationSeconds: number;
  /** Seconds of audible sound in stretches that change like speech does. */
  speechSeconds: number;
  /** Seconds of broadband sound without speech above the background: a burst of noise. */
  noiseSeconds: number;
  /** Level of the speech (RMS of its frames), dBFS; null without speech. */
  speechLevelDb: number | null;
  /** Level of the quietest tenth of the audio, dBFS: the background heard in pauses. */
  noiseFloorDb: number;
  /** Spectral flatness of that background: about 0.5 for hiss, near 0 for a hum or tone. */
  noiseFloorFlatness: number;
  /** Share of the samples within 0.5 dB of the peak: flattened tops. */
  clippedRatio: number;
  /** Estimated reverberation time (RT60) in seconds; null when the audio shows too few decays. */
  reverbSeconds: number | null;
  /** Whether the stretch begins (ends) inside sound rather than in a pause. */
  speechAtStart: boolean;
  speechAtEnd: boolean;
}

/** The port through which a request measures an uploaded sample. */
export interface SampleMeter {
  measure(path: string): Promise<SampleMeasurements>;
}

/**
 * The clean speech a voice should have: cloning services ask for one to two minutes of
 * clean audio for an instant clone, and a single reference clip of 10-15 s for zero-shot TTS.
 */
export const RECOMMENDED_CLEAN_SPEECH_SECONDS = 60;

/** Below this share of speech a sample is mostly something else (silence, noise, a tone). */
const SPEECH_SHARE_LIMIT = 0.5;
/** Flattened tops on a thousandth of the samples are audible as crackle on every loud syllable. */
const CLIPPED_LIMIT = 0.001;
const CLIPPED_ZERO = 0.01;
/** Below this the background is heard under the speech once it is levelled. */
const SNR_LIMIT_DB = 25;
const SNR_ZERO_DB = 5;
const SNR_FULL_DB = 35;
const NOISE_BURST_LIMIT_SECONDS = 0.5;
/** A background this loud and this broadband is noise in its own right. */
const STEADY_NOISE_DB = -50;
const STEADY_NOISE_FLATNESS = 0.2;
/** Speech quieter than this is levelled up by 20 dB or more, its background with it. */
const QUIET_LIMIT_DB = -40;
const QUIET_ZERO_DB = -60;
/** Small rooms and treated booths decay in under half a second; 0.7 s is an audible echo. */
const REVERB_LIMIT_SECONDS = 0.7;
const REVERB_FULL_SECONDS = 0.5;
const REVERB_ZERO_SECONDS = 1.5;
/** What one end cut in the middle of a word costs. */
const CUT_FACTOR = 0.85;

/**
 * The score is the product of one factor per defect, so one severe defect is enough to make a
 * sample unusable; a reason is given for every defect past its limit.
 */
export function assessSample(measured: SampleMeasurements): SampleQuality {
  const reasons: QualityReason[] = [];
  let score = 1;
  const judge = (factor: number, reason: QualityReason | null) => {
    score *= clamp01(factor);
    if (reason) reasons.push(reason);
  };
  const speechShare = measured.durationSeconds > 0 ? measured.speechSeconds / measured.durationSeconds : 0;
  const hasSpeech = measured.speechLevelDb !== null && measured.speechSeconds > 0;

  judge(
    (speechShare - 0.2) / 0.4,
    !isMostlySpeech(measured)
      ? reason(
          'no_speech',
          hasSpeech ? `Only ${percent(speechShare)}% of the sample is speech` : 'No speech was found in the sample',
          round1(speechShare * 100),
          '%',
        )
      : null,
  );

  if (hasSpeech) {
    judge(
      1 - measured.clippedRatio / CLIPPED_ZERO,
      measured.clippedRatio >= CLIPPED_LIMIT
        ? reason(
            'clipping',
            `${percent(measured.clippedRatio, 2)}% of the audio is clipped: flattened at its loudest level`,
            round2(measured.clippedRatio * 100),
            '%',
          )
        : null,
    );
    const reverberant = measured.reverbSeconds !== null && measured.reverbSeconds >= REVERB_LIMIT_SECONDS;
    // An echo that fills the pauses raises the background too; only a hiss-like one is noise then.
    if (!reverberant || measured.noiseFloorFlatness >= STEADY_NOISE_FLATNESS) {
      const snr = measured.speechLevelDb! - measured.noiseFloorDb;
      judge(
        (snr - SNR_ZERO_DB) / (SNR_FULL_DB - SNR_ZERO_DB),
        snr < SNR_LIMIT_DB
          ? reason('noise', `Background noise is only ${round1(snr)} dB below the speech (${SNR_LIMIT_DB} dB or more is clean)`, round1(snr), 'dB')
          : null,
      );
    }
    judge(
      1 - (QUIET_LIMIT_DB - measured.speechLevelDb!) / (QUIET_LIMIT_DB - QUIET_ZERO_DB),
      measured.speechLevelDb! < QUIET_LIMIT_DB
        ? reason(
            'too_quiet',
            `The speech is very quiet (${round1(measured.speechLevelDb!)} dBFS): levelling it raises its noise with it`,
            round1(measured.speechLevelDb!),
            'dBFS',
          )
        : null,
    );
    if (measured.reverbSeconds !== null) {
      const rt = measured.reverbSeconds;
      judge(
        1 - (rt - REVERB_FULL_SECONDS) / (REVERB_ZERO_SECONDS - REVERB_FULL_SECONDS),
        rt >= REVERB_LIMIT_SECONDS
          ? reason('reverb', `The room echoes: sound takes about ${round1(rt)} s to die away (${REVERB_LIMIT_SECONDS} s or less is dry)`, round2(rt), 's')
          : null,
      );
    }
  }

  const bursts = measured.noiseSeconds >= NOISE_BURST_LIMIT_SECONDS && !reasons.some((each) => each.code === 'noise');
  const steadyNoise = !hasSpeech && measured.noiseFloorDb >= STEADY_NOISE_DB && measured.noiseFloorFlatness >= STEADY_NOISE_FLATNESS;
  if (bursts) {
    judge(
      1 - (2 * measured.noiseSeconds) / Math.max(measured.durationSeconds, 1),
      reason('noise', `${round1(measured.noiseSeconds)} s of the sample is noise without speech`, round1(measured.noiseSeconds), 's'),
    );
  } else if (steadyNoise) {
    judge(0, reason('noise', `The sample is steady noise at ${round1(measured.noiseFloorDb)} dBFS`, round1(measured.noiseFloorDb), 'dBFS'));
  }

  const cuts = Number(measured.speechAtStart) + Number(measured.speechAtEnd);
  if (cuts > 0 && hasSpeech) {
    const where = cuts === 2 ? 'starts and ends' : measured.speechAtStart ? 'starts' : 'ends';
    judge(CUT_FACTOR ** cuts, reason('cut_in_speech', `The sample ${where} in the middle of speech, not in a pause`, cuts, 'cuts'));
  }
  return { score: round3(score), reasons };
}

/** Whether speech is at least half of the audio measured: what a curated split keeps. */
export function isMostlySpeech(measured: Pick<SampleMeasurements, 'durationSeconds' | 'speechSeconds'>): boolean {
  return measured.durationSeconds > 0 && measured.speechSeconds >= measured.durationSeconds * SPEECH_SHARE_LIMIT;
}

/** The speech in a voice's samples that have no defect at all. */
export function cleanSpeechSeconds(samples: readonly { quality?: SampleQuality | null; speechSeconds?: number | null }[]): number {
  const seconds = samples.reduce((sum, sample) => (sample.quality && sample.quality.reasons.length === 0 ? sum + (sample.speechSeconds ?? 0) : sum), 0);
  return round1(seconds);
}

function reason(code: QualityReasonCode, message: string, value: number, unit: string): QualityReason {
  return { code, message, value, unit };
}

function percent(share: number, digits = 0): string {
  return (share * 100).toFixed(digits);
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
