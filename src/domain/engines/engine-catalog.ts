import { callNameOf, type EngineDescription } from '../../config/engines';
import type { EngineCallLog, LastEngineCall } from '../../store/engine-calls';
import type { AudioTool } from './audio-tools';

export type { EngineDescription, EngineKind, EngineStatus } from '../../config/engines';
export { ENGINE_KINDS, ENGINE_STATUSES } from '../../config/engines';
export type { LastEngineCall } from '../../store/engine-calls';

/** An engine as configured, and how its last call ended (null before any, and for an engine without calls to watch). */
export interface EngineState extends EngineDescription {
  lastCall: LastEngineCall | null;
}

/**
 * Which engines this deployment has, as its configuration says, and whether they answer: how
 * the last call to each ended, in any process. Read by any key, no partner needed. The audio
 * tools found at start come with them: readiness names a missing one.
 */
export class EngineCatalog {
  constructor(
    readonly engines: readonly EngineDescription[],
    private readonly calls: EngineCallLog,
    readonly tools: readonly AudioTool[],
  ) {}

  async list(): Promise<EngineState[]> {
    const last = await this.calls.read();
    return this.engines.map((engine) => {
      const measured = callNameOf(engine);
      return { ...engine, lastCall: (measured && last.get(measured)) || null };
    });
  }
}
