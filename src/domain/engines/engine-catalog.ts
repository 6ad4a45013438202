import type { EngineDescription } from '../../config/engines';

export type { EngineDescription, EngineKind, EngineStatus } from '../../config/engines';
export { ENGINE_KINDS, ENGINE_STATUSES } from '../../config/engines';

/** Which engines this deployment has, as its configuration says: read by any key, no partner needed. */
export class EngineCatalog {
  constructor(private readonly engines: readonly EngineDescription[]) {}

  list(): readonly EngineDescription[] {
    return this.engines;
  }
}
