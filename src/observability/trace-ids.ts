import { randomBytes } from 'node:crypto';
import type { IdGenerator } from '@opentelemetry/sdk-trace-base';

/** Random bytes drawn at a time: 16 KiB of hex, 341 spans' trace and span ids. */
const POOL_BYTES = 8192;
const INVALID = { trace: '0'.repeat(32), span: '0'.repeat(16) };

/**
 * Trace and span ids cut from one hex string of random bytes, drawn 8 KiB at a time from
 * `crypto`, rather than the SDK's default generator, which makes a hex string per id from a
 * buffer it fills with `Math.random()`. Each id is a slice of the pool, which V8 keeps as a
 * view (ids are 16 and 32 characters, over its 13-character threshold for copying), so an id
 * costs a bounds check. A server span is made for every request, thousands a second; a pool is
 * kept alive by the ids cut from it until their spans are exported and their log lines
 * written.
 */
export class PooledIdGenerator implements IdGenerator {
  private pool = '';
  private at = 0;

  generateTraceId(): string {
    return this.take(32, INVALID.trace);
  }

  generateSpanId(): string {
    return this.take(16, INVALID.span);
  }

  private take(length: number, invalid: string): string {
    if (this.at + length > this.pool.length) {
      this.pool = randomBytes(POOL_BYTES).toString('hex');
      this.at = 0;
    }
    const id = this.pool.slice(this.at, (this.at += length));
    // All zeros is W3C's invalid id (one draw in 2^64 at worst): drawn again.
    return id === invalid ? this.take(length, invalid) : id;
  }
}
