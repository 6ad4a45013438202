import { QUALITY_REASON_CODES, type QualityReason, type QualityReasonCode, type SampleQuality } from '../domain/voice/sample-quality';
import { builder } from './builder';

export const SampleQualityReasonCodeEnum = builder.enumType('SampleQualityReasonCode', {
  description: 'Why a sample is a poorer voice reference (docs/voice-samples.md).',
  values: Object.fromEntries(QUALITY_REASON_CODES.map((code) => [code.toUpperCase(), { value: code }])) as Record<
    Uppercase<QualityReasonCode>,
    { value: QualityReasonCode }
  >,
});

export const SampleQualityReasonRef = builder.objectRef<QualityReason>('SampleQualityReason').implement({
  description: 'One defect of a sample, in words and as measured.',
  fields: (t) => ({
    code: t.field({ type: SampleQualityReasonCodeEnum, resolve: (reason) => reason.code }),
    message: t.exposeString('message', { description: 'A sentence that says what is wrong, with the measured value.' }),
    value: t.exposeFloat('value', { description: 'The value measured, in unit.' }),
    unit: t.exposeString('unit', { description: '%, dB, dBFS, s or cuts.' }),
  }),
});

export const SampleQualityRef = builder.objectRef<SampleQuality>('SampleQuality').implement({
  description: 'How fit a sample is to clone a voice from: the speech it holds, not its level.',
  fields: (t) => ({
    score: t.exposeFloat('score', { description: '0 (unusable) to 1 (clean speech).' }),
    reasons: t.field({ type: [SampleQualityReasonRef], description: 'Empty for a clean sample.', resolve: (quality) => quality.reasons }),
  }),
});
