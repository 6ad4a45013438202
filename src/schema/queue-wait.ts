import { WAIT_REASONS, type QueueWait, type WaitReason } from '../domain/shared/queued-work';
import { builder } from './builder';

const REASON_DESCRIPTIONS: Record<WaitReason, string> = {
  WAITING_FOR_TURN: 'Other jobs start before it: partners take turns on every queue, and within a partner the oldest work goes first.',
  PARTNER_LIMIT: 'Its partner (or API key) already runs PARTNER_MAX_RUNNING jobs of this kind; it starts when one of them ends.',
  RETRY_BACKOFF: 'An attempt failed and the next one waits for nextAttemptAt.',
  ENGINE_BUSY: 'The job runs, and the engine it waits on reports a backlog of its own (position is its place there).',
};

export const WaitReasonEnum = builder.enumType('QueueWaitReason', {
  description: 'Why work has not started yet.',
  values: Object.fromEntries(WAIT_REASONS.map((reason) => [reason, { value: reason, description: REASON_DESCRIPTIONS[reason] }])) as Record<
    WaitReason,
    { value: WaitReason; description: string }
  >,
});

export const QueueWaitRef = builder.objectRef<QueueWait>('QueueWait').implement({
  description:
    'Why work waits and when it should start; null once it runs. Pushed through the same subscriptions as progress, at most about four times a second, whenever its queue moves.',
  fields: (t) => ({
    reason: t.field({ type: WaitReasonEnum, resolve: (wait) => wait.reason }),
    position: t.int({
      nullable: true,
      description: 'Jobs that will start before it in the fair order (for ENGINE_BUSY: ahead of it at the engine); null when unknown.',
      resolve: (wait) => wait.position,
    }),
    estimatedStartAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: "An estimate from the queue's measured job durations and its live worker slots; null until a job of this kind has run.",
      resolve: (wait) => wait.estimatedStartAt,
    }),
    nextAttemptAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'With RETRY_BACKOFF: when the next attempt starts.',
      resolve: (wait) => wait.nextAttemptAt,
    }),
  }),
});
