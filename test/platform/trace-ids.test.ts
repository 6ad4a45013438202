import { describe, expect, it } from 'vitest';
import { PooledIdGenerator } from '../../src/observability/trace-ids';

describe('the trace and span ids', () => {
  it('are W3C ids (lowercase hex of 32 and 16 characters), and none comes twice across many refills of the pool', () => {
    const ids = new PooledIdGenerator();
    const seen = new Set<string>();
    // About 12 pools' worth (341 spans each), so each refill is crossed, at every offset.
    const spans = 4_000;
    for (let n = 0; n < spans; n++) {
      const traceId = ids.generateTraceId();
      const spanId = ids.generateSpanId();
      expect(traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(spanId).toMatch(/^[0-9a-f]{16}$/);
      seen.add(traceId).add(spanId);
    }
    expect(seen.size).toBe(spans * 2);
  });
});
