import type { CaptionFormat } from '../domain/transcription/transcript-structure';
import { builder } from './builder';

export const CaptionFormatEnum = builder.enumType('CaptionFormat', {
  description: 'A subtitle file format.',
  values: {
    SRT: { value: 'srt' satisfies CaptionFormat, description: 'SubRip (.srt).' },
    VTT: { value: 'vtt' satisfies CaptionFormat, description: 'WebVTT (.vtt), as HTML <track> elements read it.' },
  },
});
