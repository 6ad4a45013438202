import SchemaBuilder from '@pothos/core';
import { execute, parse, subscribe } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ROOT_ACCESS, type AccessScopes } from '../../src/schema/root-access';

type Context = { partners: string[] };

/** A schema with a query and a subscription guarded by partner, counting what ran. */
function guardedSchema() {
  const ran = { resolves: 0, subscribes: 0, events: 0 };
  const builder = new SchemaBuilder<{ Context: Context }>({
    plugins: [ROOT_ACCESS],
    rootAccess: {
      allows: (context, scopes: AccessScopes) => 'public' in scopes || ('partner' in scopes && context.partners.includes(scopes.partner)),
      refusal: () => new Error('Access denied'),
    },
  });
  builder.queryType({
    fields: (t) => ({
      secret: t.string({
        args: { partner: t.arg.string({ required: true }) },
        authScopes: (_root, args) => ({ partner: args.partner }),
        resolve: (_root, args) => {
          ran.resolves++;
          return `secret of ${args.partner}`;
        },
      }),
      hello: t.string({ authScopes: { public: true }, resolve: () => 'hello' }),
    }),
  });
  builder.subscriptionType({
    fields: (t) => ({
      ticks: t.int({
        args: { partner: t.arg.string({ required: true }) },
        authScopes: (_root, args) => ({ partner: args.partner }),
        subscribe: async function* () {
          ran.subscribes++;
          yield 1;
          yield 2;
        },
        resolve: (tick: number) => {
          ran.events++;
          return tick;
        },
      }),
    }),
  });
  return { schema: builder.toSchema(), ran };
}

describe('root access (the authScopes option)', () => {
  it('refuses a field before its resolver runs, and lets the allowed and the public through', async () => {
    const { schema, ran } = guardedSchema();
    const context: Context = { partners: ['acme'] };
    const refused = await execute({ schema, document: parse('{ secret(partner: "other") }'), contextValue: context });
    expect(refused.errors?.map((error) => error.message)).toEqual(['Access denied']);
    expect(ran.resolves).toBe(0);
    expect(await execute({ schema, document: parse('{ secret(partner: "acme") hello }'), contextValue: context })).toEqual({
      data: { secret: 'secret of acme', hello: 'hello' },
    });
    expect(await execute({ schema, document: parse('{ hello }'), contextValue: { partners: [] } })).toEqual({ data: { hello: 'hello' } });
  });

  it('checks a subscription once, when it is made, not on each event', async () => {
    const { schema, ran } = guardedSchema();
    const refused = await subscribe({ schema, document: parse('subscription { ticks(partner: "other") }'), contextValue: { partners: ['acme'] } });
    expect('errors' in refused && refused.errors?.map((error) => error.message)).toEqual(['Access denied']);
    expect(ran.subscribes).toBe(0);

    const context = { partners: ['acme'] };
    const events = await subscribe({ schema, document: parse('subscription { ticks(partner: "acme") }'), contextValue: context });
    if (!(Symbol.asyncIterator in events)) throw new Error('the subscription was refused');
    // Access taken away after subscribing: the events still resolve, as they did under scope-auth's authorizeOnSubscribe.
    context.partners = [];
    const received: unknown[] = [];
    for await (const event of events) received.push(event);
    expect(received).toEqual([{ data: { ticks: 1 } }, { data: { ticks: 2 } }]);
    expect(ran).toMatchObject({ subscribes: 1, events: 2 });
  });
});
