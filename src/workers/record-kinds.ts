/**
 * The record kinds as the domain services key them in the RecordStore, for the maintenance
 * that reads every record of a kind (reconciler, orphan sweep).
 */
export const RECORD_KINDS = {
  voice: 'voice',
  document: 'kb-document',
  knowledgeBase: 'kb',
  transcript: 'transcript',
  completion: 'completion',
} as const;
