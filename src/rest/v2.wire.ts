import { completionPath, type CompletionRecord } from '../domain/completion/completion.types';
import { transcriptPath, type TranscriptRecord } from '../domain/transcription/transcript.types';

/** The /v2 JSON: a transcript shows its text and duration once completed, its reason once failed. */
export function transcriptJson(transcript: TranscriptRecord) {
  return {
    id: transcriptPath(transcript.id),
    status: transcript.status,
    ...(transcript.status === 'completed' ? { text: transcript.text ?? '', audio_duration: transcript.audioDuration ?? 0 } : {}),
    ...(transcript.status === 'error' ? { error: transcript.error ?? 'Transcription failed' } : {}),
  };
}

export function completionJson(completion: CompletionRecord) {
  return { id: completionPath(completion.id), state: completion.state, output: completion.output };
}
