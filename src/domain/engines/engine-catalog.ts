import type { EngineDescription, EngineKind } from '../../config/engines';
import type { EngineCallLog, LastEngineCall } from '../../store/engine-calls';

export type { EngineDescription, EngineKind, EngineStatus } from '../../config/engines';
export { ENGINE_KINDS, ENGINE_STATUSES } from '../../config/engines';
export type { LastEngineCall } from '../../store/engine-calls';

/** An engine as configured, and how its last call ended (null before any, and for an engine without calls to watch). */
export interface EngineState extends EngineDescription {
  lastCall: LastEngineCall | null;
}

/**
 * The name an engine's calls are measured under (`measureEngineMethods` in each client), by
 * kind: the service's, or the built-in engine's when there is one whose calls are watched.
 */
const MEASURED_AS: Record<EngineKind, { service: string; local: string | null }> = {
  speech_to_text: { service: 'speech-to-text', local: null },
  llm: { service: 'llm', local: null },
  text_embedding: { service: 'embeddings', local: null },
  voice: { service: 'gpu-jobs', local: 'local-voice' },
};

/**
 * Which engines this deployment has, as its configuration says, and whether they answer: how
 * the last call to each ended, in any process. Read by any key, no partner needed.
 */
export class EngineCatalog {
  constructor(
    private readonly engines: readonly EngineDescription[],
    private readonly calls: EngineCallLog,
  ) {}

  async list(): Promise<EngineState[]> {
    const last = await this.calls.read();
    return this.engines.map((engine) => {
      const measured = engine.status === 'configured' ? MEASURED_AS[engine.kind].service : MEASURED_AS[engine.kind].local;
      return { ...engine, lastCall: (measured && last.get(measured)) || null };
    });
  }
}
