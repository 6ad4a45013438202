import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { httpSettingsOf } from '../../../src/app';
import { loadConfig } from '../../../src/config/config';
import { OperationPipeline } from '../../../src/http/graphql/pipeline';
import { KeySubscriptions } from '../../../src/http/key-subscriptions';
import { registry } from '../../../src/observability/metrics';
import { schema } from '../../../src/schema';

/** A pipeline of its own for each test, so one test's cached documents are not another's. */
function newPipeline(): OperationPipeline {
  return new OperationPipeline(schema, httpSettingsOf(loadConfig({})).graphql.limits, null, pino({ level: 'silent' }), new KeySubscriptions(Infinity));
}

describe('the operation pipeline', () => {
  it('keeps a document in use while hundreds of one-off documents pass through, and drops the one-offs', () => {
    const pipeline = newPipeline();
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

  it('tells apart documents of the same length', () => {
    const pipeline = newPipeline();
    const [a, b] = ['query A { me { partners } }', 'query B { me { partners } }'];
    const documents = { a: pipeline.prepare({ query: a }), b: pipeline.prepare({ query: b }) };
    for (let round = 0; round < 3; round++) {
      expect(pipeline.prepare({ query: a })).toBe(documents.a);
      expect(pipeline.prepare({ query: b })).toBe(documents.b);
      // A new string of the same text is the same document.
      expect(pipeline.prepare({ query: [...a].join('') })).toBe(documents.a);
    }
    expect(documents.a).not.toEqual(documents.b);
  });

  it('counts each operation, and those that answered with errors, by name and type', async () => {
    const pipeline = newPipeline();
    const count = async (name: string, labels: string) => {
      const text = await registry.getSingleMetricAsString(name);
      return Number(new RegExp(`^${name}\\{${labels}\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    };
    const labels = 'operation="CountedMe",type="query"';
    const before = { operations: await count('graphql_operations_total', labels), errors: await count('graphql_operation_errors_total', labels) };
    const document = pipeline.prepare({ query: 'query CountedMe { me { partners } }' });
    if (!('kind' in document)) throw new Error('the query was refused');
    const caller = { keyId: 'k', partners: new Set(['acme']), admin: false };
    // Three runs (the later ones compiled), the last without a caller: refused.
    for (const contextValue of [{ caller }, { caller }, { caller: null }]) await pipeline.execute({ schema, document, contextValue: contextValue });
    expect(await count('graphql_operations_total', labels)).toBe(before.operations + 3);
    expect(await count('graphql_operation_errors_total', labels)).toBe(before.errors + 1);
    // Counted once: a second scrape adds nothing.
    expect(await count('graphql_operations_total', labels)).toBe(before.operations + 3);
  });

  it('tells the type of the operation a request names, by parsing it, where a word check would be fooled', () => {
    const pipeline = newPipeline();
    const typeOf = (query: unknown, operationName?: unknown) => pipeline.operationTypeOf({ query, operationName });
    // The word in a comment, an alias and a string: still a query.
    expect(typeOf('# mutation\nquery { mutation: me { partners } }')).toBe('query');
    expect(typeOf('{ transcript(id: "mutation") { id } }')).toBe('query');
    expect(typeOf('mutation Add { createEmptyVoice(partner: "acme", name: "Dee") { name } }')).toBe('mutation');
    expect(typeOf('subscription { completionOutput(id: "c") { type } }')).toBe('subscription');
    // Two operations: the one named runs, and only it counts.
    const both = 'query Read { me { partners } } mutation Write { createEmptyVoice(partner: "acme", name: "Dee") { name } }';
    expect(typeOf(both, 'Read')).toBe('query');
    expect(typeOf(both, 'Write')).toBe('mutation');
    // What it cannot tell: no name for two operations, a name that is not there, no text, a text that does not parse.
    expect(typeOf(both)).toBeUndefined();
    expect(typeOf(both, 'Other')).toBeUndefined();
    expect(typeOf(undefined)).toBeUndefined();
    expect(typeOf('mutation {')).toBeUndefined();
    // A text too long for the cache is not parsed a second time for this.
    expect(typeOf(`mutation Long { createEmptyVoice(partner: "acme", name: "${'D'.repeat(17 * 1024)}") { name } }`)).toBeUndefined();
  });
});
