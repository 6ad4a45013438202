import { PROCESSING_STATUSES } from '../domain/voice/voice.types';
import { builder } from './builder';

export const ProcessingStatusEnum = builder.enumType('ProcessingStatus', {
  description: 'Where a voice pipeline (splitting or embedding) stands.',
  values: Object.fromEntries(PROCESSING_STATUSES.map((status) => [status.toUpperCase(), { value: status }])) as Record<
    'IDLE' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED',
    { value: (typeof PROCESSING_STATUSES)[number] }
  >,
});
