import { SPLIT_MODES, type SplitMode } from '../domain/voice/voice.types';
import { builder } from './builder';

export const SplitModeEnum = builder.enumType('SplitMode', {
  description: 'FIXED: consecutive slices of sampleDuration (the default). CURATED: cut at pauses, trimmed, levelled to one loudness.',
  values: Object.fromEntries(SPLIT_MODES.map((mode) => [mode.toUpperCase(), { value: mode }])) as Record<Uppercase<SplitMode>, { value: SplitMode }>,
});
