import type { Config } from './config';

/** The engines the service calls, one per kind of work it hands off. */
export const ENGINE_KINDS = ['speech_to_text', 'diarizing_speech_to_text', 'llm', 'text_embedding', 'voice'] as const;
export type EngineKind = (typeof ENGINE_KINDS)[number];

/**
 * `configured`: a service named by its variable. `local`: nothing configured, and a built-in
 * engine does the work (lower quality, no service needed). `missing`: nothing configured and
 * nothing built in, so the features that need it are accepted and then fail, naming the variable.
 */
export const ENGINE_STATUSES = ['configured', 'local', 'missing'] as const;
export type EngineStatus = (typeof ENGINE_STATUSES)[number];

export interface EngineDescription {
  kind: EngineKind;
  status: EngineStatus;
  /** The model (or the built-in engine's name) that does the work; null when missing. */
  model: string | null;
  /** Where the configured service is: scheme, host and port only, never a path's secrets or credentials. */
  host: string | null;
  /** The environment variable that configures it. */
  variable: string;
  /** What waits on it. */
  features: string[];
}

/**
 * The name each kind's calls are measured under (`measureEngineMethods` in its client): the
 * service's, or the built-in engine's when its calls are measured too.
 */
const CALL_NAMES: Record<EngineKind, { service: string; local: string | null }> = {
  speech_to_text: { service: 'speech-to-text', local: null },
  diarizing_speech_to_text: { service: 'diarizing-speech-to-text', local: null },
  llm: { service: 'llm', local: null },
  text_embedding: { service: 'embeddings', local: null },
  voice: { service: 'gpu-jobs', local: 'local-voice' },
};

/** The name the calls of the engine doing this work are measured under; null when none are. */
export function callNameOf(engine: EngineDescription): string | null {
  return engine.status === 'configured' ? CALL_NAMES[engine.kind].service : CALL_NAMES[engine.kind].local;
}

/** Every name an engine of the list may be measured under (not ffmpeg, downloads or webhooks, which are no engine of it). */
export const ENGINE_CALL_NAMES: ReadonlySet<string> = new Set(
  Object.values(CALL_NAMES).flatMap(({ service, local }) => (local ? [service, local] : [service])),
);

/**
 * Which engine does what in this configuration, with the audio tools found at start
 * (`missingTools` names those that could not be run): the one place the start-up log, /readyz
 * and the GraphQL `engines` query read it from, so they cannot disagree.
 */
export function describeEngines(config: Config, missingTools: readonly string[]): EngineDescription[] {
  return [
    remote('speech_to_text', config.ASR_BASE_URL, config.ASR_MODEL, 'ASR_BASE_URL', ['transcripts', 'completions from audio'], null),
    diarizing(config),
    remote('llm', config.LLM_BASE_URL, llmModels(config), 'LLM_BASE_URL', ['completions', 'rewrite'], null),
    // The local names are what the built-in engines report as their model.
    remote(
      'text_embedding',
      config.EMBEDDINGS_BASE_URL,
      config.EMBEDDINGS_MODEL,
      'EMBEDDINGS_BASE_URL',
      ['knowledge base embedding', 'retrieval'],
      'local-hashing-384',
    ),
    remote('voice', config.GPU_JOBS_URL, 'gpu-jobs', 'GPU_JOBS_URL', ['voice embedding', 'test samples'], localVoiceModel(missingTools)),
  ];
}

/**
 * The model switches the diarizing engine on; it is served at ASR_DIARIZE_BASE_URL, else at
 * ASR_BASE_URL. A model with neither has nowhere to go, so the variable to set is the address.
 */
function diarizing(config: Config): EngineDescription {
  const model = config.ASR_DIARIZE_MODEL;
  const url = model ? (config.ASR_DIARIZE_BASE_URL ?? config.ASR_BASE_URL) : undefined;
  const variable = model && !url ? 'ASR_DIARIZE_BASE_URL' : 'ASR_DIARIZE_MODEL';
  return remote('diarizing_speech_to_text', url, model ?? '', variable, ['transcripts with speaker labels'], null);
}

/** The built-in voice engine names the tools it works with; without ffmpeg it cannot work at all. */
function localVoiceModel(missingTools: readonly string[]): string | null {
  if (missingTools.includes('ffmpeg') || missingTools.includes('ffprobe')) return null;
  return missingTools.includes('espeak-ng') ? 'local (ffmpeg)' : 'local (ffmpeg, espeak-ng)';
}

function llmModels(config: Config): string {
  const economy = config.LLM_MODEL_ECONOMY;
  return economy && economy !== config.LLM_MODEL ? `${config.LLM_MODEL}, economy ${economy}` : config.LLM_MODEL;
}

function remote(kind: EngineKind, url: string | undefined, model: string, variable: string, features: string[], localModel: string | null): EngineDescription {
  if (url) return { kind, status: 'configured', model, host: hostOf(url), variable, features };
  return { kind, status: localModel ? 'local' : 'missing', model: localModel, host: null, variable, features };
}

/** Only where the service is: a URL may carry credentials (user:password@) or a key in its query. */
function hostOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}

/** One start-up line per engine: what does the work, or which variable to set. */
export function engineLogLine(engine: EngineDescription): string {
  const name = ENGINE_LABELS[engine.kind];
  const features = engine.features.join(', ');
  switch (engine.status) {
    case 'configured':
      return `engine ${name}: ${engine.model} at ${engine.host} (${engine.variable})`;
    case 'local':
      return `engine ${name}: local default ${engine.model}; set ${engine.variable} for a service (${features})`;
    case 'missing':
      return `engine ${name}: missing; ${features} will fail until ${engine.variable} is set`;
  }
}

const ENGINE_LABELS: Record<EngineKind, string> = {
  speech_to_text: 'speech-to-text',
  diarizing_speech_to_text: 'diarizing speech-to-text',
  llm: 'LLM',
  text_embedding: 'text embeddings',
  voice: 'voice',
};
