import type { OutputEvent } from '../domain/output/output-log';
import { builder } from './builder';

export const OutputEventRef = builder.objectRef<OutputEvent>('OutputEvent').implement({
  description:
    'A numbered piece of output written over time (docs/graphql.md, "Streaming output"). The output so far is the text of every event since the last one with reset, that one included; done comes last.',
  fields: (t) => ({
    seq: t.exposeInt('seq', {
      description:
        '1, 2, 3, ... per resource, with no gap; subscribe again with after: <the last seq you have> to resume. A snapshot carries the seq of the last event it includes (0 before any).',
    }),
    text: t.exposeString('text', { description: 'Text to append, or, with reset, the whole text so far.' }),
    reset: t.exposeBoolean('reset', { description: 'The text starts over with this event (a snapshot, a retry, a final pass).' }),
    done: t.exposeBoolean('done', { description: 'The last event: the final result is stored; nothing follows.' }),
  }),
});
