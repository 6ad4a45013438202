import type { ProcessAction } from '../domain/knowledge-base/knowledge-base.types';
import { builder } from './builder';

export const ProcessActionEnum = builder.enumType('ProcessAction', {
  values: {
    DIGITIZE: { value: 'digitize' satisfies ProcessAction, description: 'Digitize again (then rewrite when the document has autoRewrite).' },
    REWRITE: { value: 'rewrite' satisfies ProcessAction, description: 'Rewrite the digitized text.' },
    PROCESS: { value: 'process' satisfies ProcessAction, description: 'Digitize, then rewrite; rewrite alone when there is no source but digitized text.' },
  },
});
