import { z } from 'zod';
import type { RouteDoc } from './route-doc';

const tag = 'Operations';

const readiness = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    failing: z.array(z.string()).optional().meta({ description: 'The checks that failed.' }),
    checks: z.record(z.string(), z.string()).meta({ description: 'Each check (redis, dataDir): ok, or why it failed.' }),
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
    description: 'Redis answers and the data directory takes a write.',
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
