import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { transcriptPath, type TranscriptRecord } from './transcript.types';

/**
 * A kept recording is played by a browser's <audio> element, which cannot send the API key
 * header: its URL carries a token instead, signed with a secret of the transcript's own (so
 * no deployment-wide secret is needed, and every instance checks it alike) and valid for an
 * hour. The expiry is rounded up to a quarter hour, so reading the transcript again within it
 * hands out the same URL and a player does not reload.
 */
export const AUDIO_TOKEN_SECONDS = 3600;
const EXPIRY_STEP_SECONDS = 900;

// ffprobe's demuxer names of the accepted containers, as the media types a browser plays.
const CONTENT_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  'mov,mp4,m4a,3gp,3g2,mj2': 'audio/mp4',
  'matroska,webm': 'audio/webm',
};

export function audioContentType(formatName: string): string {
  return CONTENT_TYPES[formatName] ?? 'application/octet-stream';
}

export function newAudioSecret(): string {
  return randomBytes(24).toString('base64url');
}

/** The kept upload of a transcript, or null when it has none (a URL source, or a recording not kept). */
export function keptAudio(transcript: TranscriptRecord) {
  const { source } = transcript;
  return source.kind === 'upload' && source.keep && source.secret ? source : null;
}

function signature(secret: string, id: string, expires: number): string {
  return createHmac('sha256', secret).update(`${id}.${expires}`).digest('base64url');
}

/** Where the kept recording plays from, relative to the service: the audio route with a fresh token. */
export function transcriptAudioUrl(transcript: TranscriptRecord, nowMs = Date.now()): string | null {
  const kept = keptAudio(transcript);
  if (!kept) return null;
  const expires = Math.ceil((nowMs / 1000 + AUDIO_TOKEN_SECONDS) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
  return `${transcriptPath(transcript.id)}/audio?token=${expires}.${signature(kept.secret!, transcript.id, expires)}`;
}

/** Whether `token` is one `transcriptAudioUrl` made for this transcript and it has not expired. */
export function isValidAudioToken(transcript: TranscriptRecord, token: string, nowMs = Date.now()): boolean {
  const kept = keptAudio(transcript);
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!kept || !match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 < nowMs) return false;
  const expected = Buffer.from(signature(kept.secret!, transcript.id, expires));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
