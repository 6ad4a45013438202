import { RequestCache } from '@pothos/plugin-scope-auth';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config';
import { OperationPipeline } from '../../src/http/graphql-pipeline';
import { graphqlLimits } from '../../src/http/graphql-limits';
import type { GraphqlContext } from '../../src/resolvers/context';
import { builder } from '../../src/schema/builder';
import { schema } from '../../src/schema';

describe('the operation pipeline', () => {
  const pipeline = new OperationPipeline(schema, graphqlLimits(loadConfig({})), null, pino({ level: 'silent' }));
  const caller = { keyId: 'k', partners: new Set(['acme']), admin: false };

  it('forgets the auth scopes it evaluated for a context once the operation is done, compiled or not', async () => {
    // From the pipeline's own cache, so that runs after the first are compiled by graphql-jit.
    const document = pipeline.prepare({ query: 'query Me { me { partners } }' });
    if (!('kind' in document)) throw new Error('the query was refused');
    for (let run = 1; run <= 3; run++) {
      // `me` reads no record: the context needs no domain.
      const context = { caller, requestId: `r${run}` } as unknown as GraphqlContext;
      // The plugin's cache for this context, made before the run so the run uses it.
      const during = RequestCache.fromContext(context, builder);
      const result = await pipeline.execute({ schema, document, contextValue: context });
      expect(result).toEqual({ data: { me: { partners: ['acme'] } } });
      // Had it been kept, the same cache would come back: a WeakMap entry per request, which
      // costs the garbage collector more than the request's other work.
      expect(RequestCache.fromContext(context, builder)).not.toBe(during);
    }
  });

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
