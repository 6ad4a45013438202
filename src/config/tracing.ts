import { z } from 'zod';
import { BOOLEAN_WORDS, booleanWord } from './boolean-words';

/**
 * OpenTelemetry's own environment variables (the SDK specification's names and meanings), for
 * the traces this service sends. Parsed here like every other variable, so a bad value stops
 * the start naming it; the SDK is then handed the parsed values and reads no environment.
 */

/** The samplers of the specification this service offers; the remote ones (jaeger_remote, xray) need an agent it does not run. */
export const SAMPLERS = ['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'] as const;

/** `key=value,key=value` with percent-encoded values, as OTEL_RESOURCE_ATTRIBUTES and OTEL_EXPORTER_OTLP_HEADERS are written. */
function keyValueList(what: string) {
  return z.string().transform((value, context) => {
    const pairs: Record<string, string> = {};
    for (const entry of value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const separator = entry.indexOf('=');
      const key = entry.slice(0, separator).trim();
      let decoded: string | undefined;
      try {
        decoded = decodeURIComponent(entry.slice(separator + 1).trim());
      } catch {
        decoded = undefined;
      }
      if (separator <= 0 || !key || decoded === undefined) {
        // The entry itself is not repeated: a header list holds credentials.
        context.addIssue({
          code: 'custom',
          message: `each entry must be ${what}=value (value percent-encoded); entry ${Object.keys(pairs).length + 1} is not`,
        });
        return z.NEVER;
      }
      pairs[key] = decoded;
    }
    return pairs;
  });
}

const endpoint = z.url().refine((value) => /^https?:\/\//.test(value), 'must be an http:// or https:// URL (OTLP over HTTP)');

export const tracingVariables = {
  /** The collector's base URL; traces go to <it>/v1/traces. Unset (with the next one): no tracing at all. */
  OTEL_EXPORTER_OTLP_ENDPOINT: endpoint.optional(),
  /** The full URL traces go to, used as it is; wins over OTEL_EXPORTER_OTLP_ENDPOINT. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: endpoint.optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: z.enum(['http/protobuf', 'http/json']).optional(),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: z.enum(['http/protobuf', 'http/json']).optional(),
  /** Headers every export carries (a vendor's API key: Honeycomb's x-honeycomb-team). */
  OTEL_EXPORTER_OTLP_HEADERS: keyValueList('header').optional(),
  OTEL_EXPORTER_OTLP_TRACES_HEADERS: keyValueList('header').optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('persona-platform'),
  OTEL_RESOURCE_ATTRIBUTES: keyValueList('key').optional(),
  OTEL_TRACES_SAMPLER: z.enum(SAMPLERS).default('parentbased_always_on'),
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0, 'must be a ratio from 0 to 1').max(1, 'must be a ratio from 0 to 1').optional(),
  /** The specification's switch: true turns tracing off even with an endpoint set. */
  OTEL_SDK_DISABLED: z
    .string()
    .refine((value) => booleanWord(value) !== undefined, `must be one of ${BOOLEAN_WORDS.join(', ')}`)
    .transform((value) => booleanWord(value)!)
    .default(false),
};
