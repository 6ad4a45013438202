import { ENGINE_KINDS, ENGINE_STATUSES, type EngineState, type LastEngineCall } from '../domain/engines/engine-catalog';
import { engines } from '../resolvers/engine.queries';
import { builder } from './builder';

const EngineKindEnum = builder.enumType('EngineKind', {
  description: 'A kind of work the service hands to an engine.',
  values: Object.fromEntries(ENGINE_KINDS.map((kind) => [kind.toUpperCase(), { value: kind }])) as Record<
    'SPEECH_TO_TEXT' | 'DIARIZING_SPEECH_TO_TEXT' | 'LLM' | 'TEXT_EMBEDDING' | 'VOICE',
    { value: (typeof ENGINE_KINDS)[number] }
  >,
});

const EngineStatusEnum = builder.enumType('EngineStatus', {
  values: {
    CONFIGURED: { value: ENGINE_STATUSES[0], description: 'A service named by its variable does the work.' },
    LOCAL: { value: ENGINE_STATUSES[1], description: 'No service configured: a built-in engine does the work (lower quality, nothing to run).' },
    MISSING: { value: ENGINE_STATUSES[2], description: 'No service configured and none built in: its features are accepted, then fail naming the variable.' },
  },
});

const EngineCallRef = builder.objectRef<LastEngineCall>('EngineCall').implement({
  description: 'How a call to an engine ended.',
  fields: (t) => ({
    at: t.field({ type: 'DateTime', description: 'When it ended (a process repeats the same outcome at most every 10 seconds).', resolve: (call) => call.at }),
    ok: t.exposeBoolean('ok', { description: 'Whether the engine answered.' }),
    error: t.exposeString('error', {
      nullable: true,
      description:
        "What went wrong, in a word or two (HTTP 401, timed out, unreachable, not configured, unexpected answer, answer too large, failed); never the engine's own words. The jobs that failed say more.",
    }),
  }),
});

const EngineRef = builder.objectRef<EngineState>('Engine').implement({
  description: 'An engine of this deployment, as its configuration says, with how its last call ended (not a probe: no call, no news).',
  fields: (t) => ({
    kind: t.field({ type: EngineKindEnum, resolve: (engine) => engine.kind }),
    status: t.field({ type: EngineStatusEnum, resolve: (engine) => engine.status }),
    model: t.string({
      nullable: true,
      description: 'The model the service is asked for, or the built-in engine; null when missing.',
      resolve: (engine) => engine.model,
    }),
    host: t.string({
      nullable: true,
      description: 'Where the configured service is (scheme, host and port); null unless CONFIGURED.',
      resolve: (engine) => engine.host,
    }),
    variable: t.exposeString('variable', { description: 'The environment variable that points the service at an engine of this kind.' }),
    features: t.exposeStringList('features', { description: 'What waits on this engine.' }),
    lastCall: t.field({
      type: EngineCallRef,
      nullable: true,
      description:
        'How the last call to it ended, in any process of the deployment; null before the first (and for the built-in embedder, which runs in process).',
      resolve: (engine) => engine.lastCall,
    }),
  }),
});

builder.queryField('engines', (t) =>
  t.field({
    type: [EngineRef],
    description: 'The engines of this deployment: which features work, run on a built-in engine, or wait for a variable to be set.',
    authScopes: { owner: true },
    resolve: (_root, _args, ctx) => engines(ctx),
  }),
);
