import { percentOf, type Progress } from '../domain/shared/progress';
import { builder } from './builder';

export const ProgressRef = builder.objectRef<Progress>('Progress').implement({
  description: 'How far the running job has come. Sent at most about four times a second per resource; null when no job runs or it has not reported yet.',
  fields: (t) => ({
    stage: t.exposeString('stage', { description: 'What the job is doing now, e.g. splitting, embedding, downloading, transcribing.' }),
    done: t.exposeInt('done', { description: 'Units of the stage done: samples, chunks, seconds of audio, bytes, pages.' }),
    total: t.int({ nullable: true, description: 'Units the stage will take; null when unknown in advance.', resolve: (progress) => progress.total }),
    percent: t.float({ nullable: true, description: 'done of total, 0 to 100; null when total is unknown.', resolve: (progress) => percentOf(progress) }),
    updatedAt: t.field({ type: 'DateTime', resolve: (progress) => progress.updatedAt }),
  }),
});
