import type { Silence } from '../ffmpeg-slices';

/** Quieter than this (dBFS) counts as silence: below quiet speech, above the hiss of most rooms. */
export const SILENCE_THRESHOLD_DB = -45;
/** The shortest pause worth cutting at. */
export const PAUSE_SECONDS = 0.5;

// The plan counts in centiseconds, whole numbers, so the lengths of the pieces a segment
// is made of add up exactly, as the 10 ms frames of the encoded file do.
const CS = 100;
/** Silence at least this long is not sent (Whisper invents text in it), apart from a margin next to speech. */
const LEAVE_OUT_CS = 2 * CS;
/** What is kept of a left-out silence next to speech: word endings fade below the threshold. */
const SPEECH_MARGIN_CS = 40;
/** Where no pause allows a cut, each side of the cut hears this much of the other: no word is cut in two for both. */
const OVERLAP_CS = 1 * CS;
/** A pause is looked for in the last 20% of a segment first, then back to its middle. */
const PREFERRED_FROM = 0.8;
const ACCEPTABLE_FROM = 0.5;

/** A stretch of the original recording, in seconds from its start. */
export interface Stretch {
  startSeconds: number;
  endSeconds: number;
}

/** One request's worth of a recording. */
export interface SpeechSegment {
  index: number;
  /** What the engine hears, in order, joined without the silences between them. */
  pieces: Stretch[];
  /** Seconds of audio sent. */
  seconds: number;
  /**
   * Set where the segment meets a neighbour inside speech: it hears a little of the
   * neighbour's audio, and only words before `keepUntilSeconds` (from `keepFromSeconds` on) count.
   */
  keepFromSeconds: number | null;
  keepUntilSeconds: number | null;
  /** The part of the recording this segment answers for; the spans of all segments tile the recording. */
  span: Stretch;
}

interface Range {
  start: number;
  end: number;
}

/** Where a segment may end: after `sent` centiseconds of audio, the next resuming at `resume` in the recording. */
interface Cut {
  sent: number;
  resume: number;
  pauseLength: number;
}

/**
 * Plans the segments of a recording from its silences, while they are still being found:
 * feed it silences and how far the picture is complete, take the segments it has decided.
 * A segment is decided only from what lies before the point the picture is complete to, so
 * nothing taken ever changes. Silences of `LEAVE_OUT` or more are left out (a margin kept at
 * each side); a segment carries at most `maxSeconds` of audio and ends at the longest pause in
 * its last 20%, else at the latest pause past its middle, else inside speech with an overlap.
 */
export class SegmentPlanner {
  private readonly silences: Range[] = [];
  private duration: number;
  private readonly max: number;
  private knownUntil = 0;
  /** Where the next segment starts, or null once the recording is planned to its end. */
  private next: { start: number; keepFrom: number | null; spanStart: number } | null = { start: 0, keepFrom: null, spanStart: 0 };
  private index = 0;

  constructor(options: { durationSeconds: number; maxSeconds: number }) {
    this.duration = Math.ceil(options.durationSeconds * CS);
    this.max = Math.floor(options.maxSeconds * CS);
  }

  /** A silence as detection finished it, in order. */
  addSilence(silence: Silence): void {
    const start = Math.max(0, Math.round(silence.startSeconds * CS));
    const end = Math.round(silence.endSeconds * CS);
    if (end > start) this.silences.push({ start, end });
  }

  /** Every silence that starts before `seconds` has been added, and the audio up to there can be cut. */
  knownUpTo(seconds: number): void {
    this.knownUntil = Math.min(this.duration, Math.max(this.knownUntil, Math.floor(seconds * CS)));
  }

  /** The segments the silences so far decide. */
  take(): SpeechSegment[] {
    return this.drain(false);
  }

  /**
   * The rest, once every silence of the recording has been added; `durationSeconds` is its
   * length as decoded, when that is known better than the estimate the planner began with.
   */
  finish(durationSeconds?: number): SpeechSegment[] {
    if (durationSeconds !== undefined) this.duration = Math.ceil(durationSeconds * CS);
    this.knownUntil = this.duration;
    return this.drain(true);
  }

  private drain(final: boolean): SpeechSegment[] {
    const decided: SpeechSegment[] = [];
    for (let segment = this.decide(final); segment; segment = this.decide(final)) decided.push(segment);
    return decided;
  }

  private decide(final: boolean): SpeechSegment | null {
    const next = this.next;
    if (!next) return null;
    const pieces: Range[] = [];
    const cuts: Cut[] = [];
    let sent = 0;
    let at = next.start;
    /** Adds audio up to `until`, or up to the length limit; true when the limit was reached. */
    const keep = (until: number): boolean => {
      if (until <= at) return false;
      const room = this.max - sent;
      const end = Math.min(until, at + room);
      const last = pieces.at(-1);
      if (last && last.end === at) last.end = end;
      else pieces.push({ start: at, end });
      sent += end - at;
      at = end;
      return sent >= this.max;
    };
    for (const silence of this.silences) {
      if (silence.end <= at) continue;
      const pauseLength = silence.end - silence.start;
      const leftOut = this.leftOut(silence);
      if (leftOut) {
        const full = keep(leftOut.start);
        if (at === leftOut.start) cuts.push({ sent, resume: leftOut.end, pauseLength });
        if (full) return this.cut(pieces, cuts, sent, final);
        at = Math.max(at, leftOut.end);
        continue;
      }
      const middle = Math.round((silence.start + silence.end) / 2);
      if (middle <= at) continue;
      const full = keep(middle);
      if (at === middle) cuts.push({ sent, resume: middle, pauseLength });
      if (full) return this.cut(pieces, cuts, sent, final);
    }
    const known = final ? this.duration : this.knownUntil;
    if (keep(known)) return this.cut(pieces, cuts, sent, final);
    // The rest fits in one segment; only the end of the recording says there is no more.
    if (!final) return null;
    this.next = null;
    return pieces.length > 0 ? this.emit(pieces, next, null, this.duration) : null;
  }

  /** The limit was reached; decides where this segment ends and where the next begins. */
  private cut(pieces: Range[], cuts: Cut[], sent: number, final: boolean): SpeechSegment | null {
    const end = pieces.at(-1)!.end;
    // Audio up to here is known only when the picture reaches it.
    if (!final && end > this.knownUntil) return null;
    const next = this.next!;
    const preferred = cuts.filter((cut) => cut.sent >= PREFERRED_FROM * this.max && cut.sent > 0);
    const acceptable = cuts.filter((cut) => cut.sent >= ACCEPTABLE_FROM * this.max && cut.sent > 0);
    const chosen = preferred.length > 0 ? preferred.reduce((best, cut) => (cut.pauseLength >= best.pauseLength ? cut : best)) : acceptable.at(-1);
    if (chosen) {
      this.next = { start: chosen.resume, keepFrom: null, spanStart: chosen.resume };
      return this.emit(until(pieces, chosen.sent), next, null, chosen.resume);
    }
    // Inside speech: the seam lies OVERLAP before the limit, and each side hears OVERLAP past it.
    const seam = timeAt(pieces, sent - OVERLAP_CS);
    this.next = { start: seam - OVERLAP_CS, keepFrom: seam, spanStart: seam };
    return this.emit(pieces, next, seam, seam);
  }

  private emit(pieces: Range[], from: { keepFrom: number | null; spanStart: number }, keepUntil: number | null, spanEnd: number): SpeechSegment {
    const seconds = (value: number) => value / CS;
    const sent = pieces.reduce((sum, piece) => sum + piece.end - piece.start, 0);
    return {
      index: this.index++,
      pieces: pieces.map((piece) => ({ startSeconds: seconds(piece.start), endSeconds: seconds(piece.end) })),
      seconds: seconds(sent),
      keepFromSeconds: from.keepFrom === null ? null : seconds(from.keepFrom),
      keepUntilSeconds: keepUntil === null ? null : seconds(keepUntil),
      span: { startSeconds: seconds(from.spanStart), endSeconds: seconds(spanEnd) },
    };
  }

  /**
   * The part of a silence that is not sent, or null when all of it is. Silence that opens or
   * closes the recording goes however short: a segment of nothing but its tail would have
   * Whisper invent a "Thank you." there.
   */
  private leftOut(silence: Range): Range | null {
    const atStart = silence.start <= 1;
    const atEnd = silence.end >= this.duration - 1;
    if (atStart && atEnd) return { start: 0, end: this.duration };
    if (!atStart && !atEnd && silence.end - silence.start < LEAVE_OUT_CS) return null;
    const range = { start: atStart ? 0 : silence.start + SPEECH_MARGIN_CS, end: atEnd ? this.duration : silence.end - SPEECH_MARGIN_CS };
    return range.end > range.start ? range : null;
  }
}

/** The pieces cut off after `sent` centiseconds of audio. */
function until(pieces: Range[], sent: number): Range[] {
  const kept: Range[] = [];
  let total = 0;
  for (const piece of pieces) {
    if (total >= sent) break;
    const end = Math.min(piece.end, piece.start + sent - total);
    kept.push({ start: piece.start, end });
    total += end - piece.start;
  }
  return kept;
}

/** The time in the recording at which `sent` centiseconds of the pieces have been heard. */
function timeAt(pieces: Range[], sent: number): number {
  let total = 0;
  for (const piece of pieces) {
    const length = piece.end - piece.start;
    if (total + length >= sent) return piece.start + (sent - total);
    total += length;
  }
  return pieces.at(-1)!.end;
}
