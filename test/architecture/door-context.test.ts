import { describe, expect, it } from 'vitest';
import { domainOf, type Domain } from '../../src/domain/domain';
import type { GraphqlContext } from '../../src/resolvers/context';
import type { RestContext } from '../../src/rest/rest-context';

/**
 * The compiler's half of "narrow doors": `npm run typecheck` covers this file, and an
 * `@ts-expect-error` that no longer meets an error fails it. So the day a door's context
 * offers Redis, the queues or an engine, the typecheck in CI goes red.
 */
export function doorsReachNoFurtherThanTheDomain(rest: RestContext, graphql: GraphqlContext): unknown[] {
  return [
    // @ts-expect-error a REST route is given no platform
    rest.platform,
    // @ts-expect-error nor the record store, Redis or the queues
    rest.domain.records,
    // @ts-expect-error a domain service keeps what it stands on to itself
    rest.domain.voices.deps,
    // @ts-expect-error a resolver is given no platform either
    graphql.platform,
    // @ts-expect-error nor an engine
    graphql.domain.ffmpeg,
    // @ts-expect-error nor the worker-facing services
    graphql.domain.voicePipeline,
  ];
}

describe('a door’s context', () => {
  it('is built from the domain services alone: the platform and the engines stay behind, at run time too', () => {
    const domainKeys = [
      'voices',
      'transcripts',
      'completions',
      'knowledgeBases',
      'documents',
      'documentContent',
      'documentProcessing',
      'knowledgeBaseEmbedding',
      'retrieval',
      'webhooks',
      // What the configuration says of the engines, not the engines themselves.
      'engines',
    ];
    const services = Object.fromEntries([...domainKeys, 'platform', 'ffmpeg', 'voicePipeline', 'chat'].map((key) => [key, { key }]));
    expect(Object.keys(domainOf(services as unknown as Domain)).sort()).toEqual([...domainKeys].sort());
  });
});
