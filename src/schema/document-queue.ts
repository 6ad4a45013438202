import type { QueueName } from '../domain/knowledge-base/knowledge-base.types';
import { builder } from './builder';

export const DocumentQueueEnum = builder.enumType('DocumentQueue', {
  description: 'A processing queue a document is waiting in or being worked on by.',
  values: {
    DIGITIZE: { value: 'digitize' satisfies QueueName, description: 'Text is being extracted from the original file or URL.' },
    REWRITE: { value: 'rewrite' satisfies QueueName, description: 'The LLM is writing the draft and the final rewrite.' },
  },
});
