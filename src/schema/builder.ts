import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import { canAccessPartner } from '../auth/api-keys';
import { Forbidden, Unauthorized } from '../domain/errors';
import type { UploadedFile } from '../domain/shared/uploaded-file';
import type { GraphqlContext } from '../resolvers/context';

export const builder = new SchemaBuilder<{
  Context: GraphqlContext;
  DefaultFieldNullability: false;
  /**
   * `partner`: a key with access to that partner. `owner`: any valid key; the domain checks
   * that the resource is the key's own (transcripts, completions). `public`: no key at all.
   * Every root field must name one (see `assertRootFieldsAuthorize`).
   */
  AuthScopes: { partner: string; owner: boolean; public: boolean };
  Scalars: {
    Upload: { Input: UploadedFile; Output: never };
    DateTime: { Input: string; Output: string };
    JSON: { Input: unknown; Output: unknown };
  };
}>({
  defaultFieldNullability: false,
  plugins: [ScopeAuthPlugin],
  scopeAuth: {
    // A subscription is refused when it is made, not when its first event resolves.
    authorizeOnSubscribe: true,
    authScopes: (context) => ({
      partner: (partner: string) => context.caller !== null && canAccessPartner(context.caller, partner),
      owner: context.caller !== null,
      public: true,
    }),
    unauthorizedError: (_parent, context) => (context.caller ? new Forbidden() : new Unauthorized()),
  },
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
