import { spawn } from 'node:child_process';

/**
 * What the stand-in speech-to-text engine "hears" in an upload, the way Whisper behaves where
 * it matters to the service: text where there is sound, and, like Whisper, invented text in
 * long stretches of silence ("Thank you for watching." is its best-known hallucination), so
 * a service that sends silence gets words where nobody spoke.
 *
 * The audio is decoded with the real ffmpeg and measured in 10 ms frames: a frame above
 * -50 dBFS is sound. Two ways to turn sound into words:
 * - `transcript`: a fixed text, its words spread evenly over the stretches of sound
 *   (pauses under 2.5 s included), as the older tests expect;
 * - `tones`: one word per burst of tone, named after its pitch (300 Hz `alpha`, 400 Hz `bravo`,
 *   ...), so a test that builds a recording from tones knows every word the engine must hear
 *   and where; a pause of 0.5 s or more ends a sentence.
 */
export type Recognition = 'transcript' | 'tones';

export interface HeardToken {
  /** As it appears in the text, punctuation included. */
  text: string;
  start: number;
  end: number;
}

export interface Heard {
  durationSeconds: number;
  text: string;
  tokens: HeardToken[];
  /** Whisper's phrases: a sentence, or an invented stretch. */
  segments: { start: number; end: number; text: string }[];
}

export const HALLUCINATION = 'Thank you for watching.';
/** Whisper's answer to a file with no sound at all. */
export const SILENT_FILE_HALLUCINATION = 'Thank you.';
/** Silence this long or longer is where Whisper starts inventing. */
export const HALLUCINATION_SECONDS = 2.5;

const RATE = 8000;
const FRAME = 80;
const FRAME_SECONDS = FRAME / RATE;
/** -50 dBFS of 16-bit full scale. */
const SOUND_RMS = 104;
/** Gaps shorter than this do not separate two bursts. */
const BURST_GAP_SECONDS = 0.15;
const SENTENCE_GAP_SECONDS = 0.5;

/** Tone pitches the `tones` recognition names, 100 Hz apart. */
export const TONE_NAMES: Record<number, string> = {
  300: 'alpha',
  400: 'bravo',
  500: 'charlie',
  600: 'delta',
  700: 'echo',
  800: 'foxtrot',
  900: 'golf',
  1000: 'hotel',
};

interface Burst {
  start: number;
  end: number;
  frequency: number;
}

export async function recognise(path: string, options: { ffmpegPath: string; mode: Recognition; transcript: string }): Promise<Heard> {
  const { bursts, durationSeconds } = await listen(path, options.ffmpegPath);
  if (bursts.length === 0) {
    const tokens = spread(SILENT_FILE_HALLUCINATION, 0, Math.min(durationSeconds, 1));
    return { durationSeconds, text: SILENT_FILE_HALLUCINATION, tokens, segments: [phrase(tokens)] };
  }
  const spoken = options.mode === 'tones' ? toneSentences(bursts) : transcriptOver(bursts, options.transcript);
  const invented = silences(bursts, durationSeconds)
    .filter((gap) => gap.end - gap.start >= HALLUCINATION_SECONDS)
    .map((gap) => spread(HALLUCINATION, gap.start + 0.5, gap.end - 0.5));
  const phrases = [...spoken, ...invented].filter((tokens) => tokens.length > 0).sort((a, b) => a[0]!.start - b[0]!.start);
  const tokens = phrases.flat();
  return { durationSeconds, text: tokens.map((token) => token.text).join(' '), tokens, segments: phrases.map(phrase) };
}

function phrase(tokens: HeardToken[]) {
  return { start: tokens[0]?.start ?? 0, end: tokens.at(-1)?.end ?? 0, text: tokens.map((token) => token.text).join(' ') };
}

/** Decodes the upload and finds its bursts of sound, each with its pitch from the zero crossings. */
async function listen(path: string, ffmpegPath: string): Promise<{ bursts: Burst[]; durationSeconds: number }> {
  const loud: boolean[] = [];
  const crossings: number[] = [];
  let carry: Buffer = Buffer.alloc(0);
  let previous = 0;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(ffmpegPath, ['-v', 'error', '-nostdin', '-i', path, '-map', '0:a:0', '-ac', '1', '-ar', String(RATE), '-f', 's16le', 'pipe:1'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    child.stdout.on('data', (chunk: Buffer) => {
      const data = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      const whole = data.length - (data.length % (FRAME * 2));
      for (let offset = 0; offset < whole; offset += FRAME * 2) {
        let squares = 0;
        let crossed = 0;
        for (let index = 0; index < FRAME; index++) {
          const sample = data.readInt16LE(offset + index * 2);
          squares += sample * sample;
          if (sample >= 0 !== previous >= 0) crossed++;
          previous = sample;
        }
        loud.push(Math.sqrt(squares / FRAME) > SOUND_RMS);
        crossings.push(crossed);
      }
      carry = data.subarray(whole);
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg could not decode the upload (exit code ${code})`))));
  });
  const bursts: Burst[] = [];
  let open: { start: number; end: number; crossings: number } | null = null;
  const close = () => {
    if (open)
      bursts.push({
        start: open.start * FRAME_SECONDS,
        end: open.end * FRAME_SECONDS,
        frequency: open.crossings / 2 / ((open.end - open.start) * FRAME_SECONDS),
      });
    open = null;
  };
  const gapFrames = Math.round(BURST_GAP_SECONDS / FRAME_SECONDS);
  loud.forEach((isLoud, frame) => {
    if (!isLoud) {
      if (open && frame - open.end >= gapFrames) close();
      return;
    }
    if (!open) open = { start: frame, end: frame + 1, crossings: 0 };
    open.end = frame + 1;
    open.crossings += crossings[frame]!;
  });
  close();
  return { bursts, durationSeconds: loud.length * FRAME_SECONDS };
}

/** The stretches between bursts, the leading and trailing ones included. */
function silences(bursts: readonly Burst[], durationSeconds: number): { start: number; end: number }[] {
  const gaps: { start: number; end: number }[] = [];
  let at = 0;
  for (const burst of bursts) {
    if (burst.start > at) gaps.push({ start: at, end: burst.start });
    at = burst.end;
  }
  if (durationSeconds > at) gaps.push({ start: at, end: durationSeconds });
  return gaps;
}

/** The fixed text's words spread evenly over the sound, pauses shorter than a hallucination included. */
function transcriptOver(bursts: readonly Burst[], transcript: string): HeardToken[][] {
  const stretches: { start: number; end: number }[] = [];
  for (const burst of bursts) {
    const last = stretches.at(-1);
    if (last && burst.start - last.end < HALLUCINATION_SECONDS) last.end = burst.end;
    else stretches.push({ start: burst.start, end: burst.end });
  }
  const words = transcript.split(/\s+/).filter(Boolean);
  const total = stretches.reduce((sum, stretch) => sum + stretch.end - stretch.start, 0);
  const slot = total / words.length;
  const at = (position: number) => {
    let passed = 0;
    for (const stretch of stretches) {
      const length = stretch.end - stretch.start;
      if (position <= passed + length + 1e-9) return stretch.start + position - passed;
      passed += length;
    }
    return stretches.at(-1)!.end;
  };
  return [words.map((text, index) => ({ text, start: centiseconds(at(index * slot)), end: centiseconds(at((index + 1) * slot)) }))];
}

/** One word per burst, named after its pitch; sentences end at pauses of half a second. */
function toneSentences(bursts: readonly Burst[]): HeardToken[][] {
  const sentences: HeardToken[][] = [];
  let previousEnd = Number.NEGATIVE_INFINITY;
  for (const burst of bursts) {
    const pitch = Math.round(burst.frequency / 100) * 100;
    const token = { text: TONE_NAMES[pitch] ?? `tone${pitch}`, start: centiseconds(burst.start), end: centiseconds(burst.end) };
    if (burst.start - previousEnd >= SENTENCE_GAP_SECONDS || sentences.length === 0) sentences.push([]);
    sentences.at(-1)!.push(token);
    previousEnd = burst.end;
  }
  return sentences.map((sentence) =>
    sentence.map((token, index) => ({
      ...token,
      text: `${index === 0 ? capitalized(token.text) : token.text}${index === sentence.length - 1 ? '.' : ''}`,
    })),
  );
}

function spread(text: string, start: number, end: number): HeardToken[] {
  const words = text.split(' ');
  const slot = Math.max(0, end - start) / words.length;
  return words.map((word, index) => ({ text: word, start: centiseconds(start + index * slot), end: centiseconds(start + (index + 1) * slot) }));
}

function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function centiseconds(seconds: number): number {
  return Math.round(seconds * 100) / 100;
}
