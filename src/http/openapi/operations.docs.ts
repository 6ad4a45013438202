import { z } from 'zod';
import { ENGINE_KINDS, ENGINE_STATUSES } from '../../domain/engines/engine-catalog';
import type { RouteDoc } from './route-doc';

const tag = 'Operations';

const readiness = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    failing: z.array(z.string()).optional().meta({ description: 'The checks that failed.' }),
    checks: z
      .record(z.string(), z.string())
      .meta({ description: 'Each check (redis, dataDir, objectStorage with BLOB_STORE=s3, audioTools): ok, or why it failed.' }),
    engines: z
      .array(
        z.object({
          kind: z.enum(ENGINE_KINDS),
          status: z.enum(ENGINE_STATUSES),
          model: z.string().nullable(),
          host: z.string().nullable(),
          variable: z.string(),
          features: z.array(z.string()),
        }),
      )
      .meta({
        description:
          'The engines as configured: configured (a service), local (a built-in default) or missing (its features fail, naming the variable). Informative only: an engine never makes the service unready.',
      }),
  })
  .meta({ id: 'Readiness' });

/** The service's own operational routes, for orchestrators and monitoring. */
export const operationsDocs = {
  healthz: {
    tag,
    summary: 'Liveness',
    description: 'The process answers. A process waiting for Redis to come back is alive and should not be restarted.',
    security: [],
    responses: { 200: { description: 'Alive.', schema: z.object({ status: z.literal('ok') }) } },
  },
  readyz: {
    tag,
    summary: 'Readiness',
    description:
      'Redis answers, the data directory takes a write of a few kilobytes (a full disk fails it), the bucket takes one with BLOB_STORE=s3, and ffmpeg and ffprobe were found at start; the engines are listed, and never make it unready (each is optional).',
    security: [],
    responses: {
      200: { description: 'Ready.', schema: readiness },
      503: { description: 'Not ready; failing names the checks.', schema: readiness, headers: { 'Retry-After': 'Seconds to wait.' } },
    },
  },
  metrics: {
    tag,
    summary: 'Prometheus metrics',
    description: 'For METRICS_TOKEN as a bearer token, or the admin key in X-Api-Key.',
    security: ['MetricsToken', 'ApiKey'],
    responses: {
      200: { description: 'The metrics in the Prometheus text format.', mediaType: 'text/plain' },
      401: { description: 'Neither the metrics token nor the admin key.', schema: z.object({ error: z.string() }) },
    },
  },
} satisfies Record<string, RouteDoc>;
