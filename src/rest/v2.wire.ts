import { completionPath, type CompletionRecord } from '../domain/completion/completion.types';
import { transcriptPath, type TranscriptRecord } from '../domain/transcription/transcript.types';

/**
 * The /v2 JSON: a transcript shows its text and duration once completed, its reason once
 * failed. Words and the detected language are added in AssemblyAI's names, only when the
 * engine gave them, so clients of the spec's shape see nothing new.
 */
export function transcriptJson(transcript: TranscriptRecord) {
  return {
    id: transcriptPath(transcript.id),
    status: transcript.status,
    ...(transcript.status === 'completed' ? completedJson(transcript) : {}),
    ...(transcript.status === 'error' ? { error: transcript.error ?? 'Transcription failed' } : {}),
  };
}

function completedJson(transcript: TranscriptRecord) {
  return {
    text: transcript.text ?? '',
    audio_duration: transcript.audioDuration ?? 0,
    ...(transcript.words ? { words: transcript.words } : {}),
    ...(transcript.detectedLanguageCode ? { language_code: transcript.detectedLanguageCode } : {}),
    ...(transcript.languageConfidence !== undefined ? { language_confidence: transcript.languageConfidence } : {}),
  };
}

export function completionJson(completion: CompletionRecord) {
  return { id: completionPath(completion.id), state: completion.state, output: completion.output };
}
