import { digitizeQueue, embedKnowledgeBaseQueue, rewriteQueue } from './knowledge-base.queues';
import { completeQueue, transcribeQueue } from './transcription.queues';
import { embedVoiceQueue, splitVoiceQueue } from './voice.queues';
import { deliverWebhookQueue } from './webhook.queues';

/** Every queue of the service, for tools that must see them all (the queue board). */
export const ALL_QUEUES = [
  splitVoiceQueue,
  embedVoiceQueue,
  digitizeQueue,
  rewriteQueue,
  embedKnowledgeBaseQueue,
  transcribeQueue,
  completeQueue,
  deliverWebhookQueue,
];
