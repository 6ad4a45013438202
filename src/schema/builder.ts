import SchemaBuilder from '@pothos/core';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import { canAccessPartner, type Caller } from '../auth/api-keys';
import { Forbidden, Unauthorized } from '../domain/errors';
import type { UploadedFile } from '../domain/shared/uploaded-file';
import type { GraphqlContext } from '../resolvers/context';

/**
 * A request's auth scopes. A class, not an object of arrow functions, so a request makes no
 * closure: Pothos binds `partner` to the instance when it evaluates it.
 */
class CallerScopes {
  readonly owner: boolean;
  readonly public = true;

  constructor(private readonly caller: Caller | null) {
    this.owner = caller !== null;
  }

  partner(partner: string): boolean {
    return this.caller !== null && canAccessPartner(this.caller, partner);
  }
}

export const builder = new SchemaBuilder<{
  Context: GraphqlContext;
  DefaultFieldNullability: false;
  DefaultEdgesNullability: { list: false; items: false };
  DefaultNodeNullability: false;
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
  plugins: [ScopeAuthPlugin, RelayPlugin],
  relay: {
    // Connections only: records are fetched by their own queries (voice, transcript, ...),
    // and a global `node` field would be a root field outside the auth scopes.
    nodeQueryOptions: false,
    nodesQueryOptions: false,
    clientMutationId: 'omit',
    cursorType: 'String',
    edgesFieldOptions: { nullable: { list: false, items: false } },
    nodeFieldOptions: { nullable: false },
  },
  scopeAuth: {
    // A subscription is refused when it is made, not when its first event resolves.
    authorizeOnSubscribe: true,
    authScopes: (context) => new CallerScopes(context.caller),
    unauthorizedError: (_parent, context) => (context.caller ? new Forbidden() : new Unauthorized()),
  },
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
