import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config';
import { OperationPipeline } from '../../src/http/graphql-pipeline';
import { graphqlLimits } from '../../src/http/graphql-limits';
import { schema } from '../../src/schema';

describe('the operation pipeline', () => {
  it('keeps a document in use while hundreds of one-off documents pass through, and drops the one-offs', () => {
    const pipeline = new OperationPipeline(schema, graphqlLimits(loadConfig({})), null, pino({ level: 'silent' }));
    const hot = 'query Hot { me { partners } }';
    const first = pipeline.prepare({ query: hot });
    const oneOff = (n: number) => `query OneOff${n} { me { partners } }`;
    const firstOneOff = pipeline.prepare({ query: oneOff(0) });
    // Twice the cache's size in one-off documents, with the hot one asked for now and then.
    for (let n = 1; n <= 1_000; n++) {
      pipeline.prepare({ query: oneOff(n) });
      if (n % 50 === 0) expect(pipeline.prepare({ query: hot })).toBe(first);
    }
    expect(pipeline.prepare({ query: hot })).toBe(first);
    // Parsed again: it was dropped.
    const again = pipeline.prepare({ query: oneOff(0) });
    expect(again).not.toBe(firstOneOff);
    expect(again).toEqual(firstOneOff);
  });
});
