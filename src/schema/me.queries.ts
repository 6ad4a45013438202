import type { Caller } from '../domain/shared/caller';
import { me } from '../resolvers/me.queries';
import { builder } from './builder';

const MeRef = builder.objectRef<Caller>('Me').implement({
  description: 'The API key making the request.',
  fields: (t) => ({
    partners: t.stringList({
      description: 'The partners the key reaches, sorted; empty for the admin key, which reaches every partner.',
      resolve: (caller) => [...caller.partners].sort(),
    }),
    admin: t.exposeBoolean('admin', { description: 'True for the admin key.' }),
  }),
});

builder.queryField('me', (t) =>
  t.field({
    type: MeRef,
    description: 'Who the key is: what a frontend asks first, to offer the partners it may pick.',
    authScopes: { owner: true },
    resolve: (_root, _args, ctx) => me(ctx),
  }),
);
