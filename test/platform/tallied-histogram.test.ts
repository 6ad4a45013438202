import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { TalliedHistogram } from '../../src/observability/metrics';

const BOUNDS = [0.001, 0.01, 0.1, 1];
// On a bound, between bounds, below the first and above the last.
const OBSERVED = [0, 0.001, 0.0015, 0.01, 0.05, 0.05, 0.7, 1, 3.5, 120];

function both() {
  const ours = new Registry();
  const theirs = new Registry();
  const tallied = new TalliedHistogram('lag_seconds', 'How late', BOUNDS, [ours]);
  const reference = new Histogram({ name: 'lag_seconds', help: 'How late', buckets: BOUNDS, registers: [theirs] });
  return { ours, theirs, tallied, reference };
}

describe('TalliedHistogram', () => {
  it('is scraped as the same lines as prom-client writes for the same observations', async () => {
    const { ours, theirs, tallied, reference } = both();
    for (const value of OBSERVED) {
      tallied.observe(value);
      reference.observe(value);
    }
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain('lag_seconds_bucket{le="0.01"} 4');
    expect(text).toContain('lag_seconds_bucket{le="+Inf"} 10');
    expect(text).toContain('lag_seconds_count 10');
  });

  it('starts again from nothing when the registry is reset, as prom-client histograms do', async () => {
    const { ours, tallied } = both();
    tallied.observe(0.5);
    ours.resetMetrics();
    tallied.observe(0.005);
    const text = await ours.metrics();
    expect(text).toContain('lag_seconds_bucket{le="0.001"} 0');
    expect(text).toContain('lag_seconds_bucket{le="0.01"} 1');
    expect(text).toContain('lag_seconds_sum 0.005');
    expect(text).toContain('lag_seconds_count 1');
  });

  it('reads as a histogram in the registry JSON, with the same values', async () => {
    const { ours, theirs, tallied, reference } = both();
    for (const value of OBSERVED) {
      tallied.observe(value);
      reference.observe(value);
    }
    expect(await ours.getMetricsAsJSON()).toEqual(await theirs.getMetricsAsJSON());
  });
});
