import DataLoader from 'dataloader';
import type { VoiceRecord } from '../domain/voice/voice.types';
import type { Services } from '../services';

/**
 * DataLoaders live for one request (or one subscription event), so batching never serves
 * a record older than the request that asked for it.
 */
export interface Loaders {
  voiceById: DataLoader<string, VoiceRecord | null>;
}

export function createLoaders(services: Services): Loaders {
  return {
    voiceById: new DataLoader((ids: readonly string[]) => services.voices.getMany(ids)),
  };
}
