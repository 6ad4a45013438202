import SchemaBuilder from '@pothos/core';
import RelayPlugin from '@pothos/plugin-relay';
import { canAccessPartner } from '../domain/shared/caller';
import { Forbidden, Unauthorized } from '../domain/errors';
import type { UploadedFile } from '../domain/shared/uploaded-file';
import type { GraphqlContext } from '../resolvers/context';
import { ROOT_ACCESS, type AccessScopes } from './root-access';

/**
 * `partner`: a key with access to that partner. `owner`: any valid key; the domain checks that
 * the resource is the key's own (transcripts, completions). `public`: no key at all. Every root
 * field must name one (see `assertRootFieldsAuthorize`).
 */
function allows({ caller }: GraphqlContext, scopes: AccessScopes): boolean {
  if ('public' in scopes) return true;
  if (caller === null) return false;
  return 'partner' in scopes ? canAccessPartner(caller, scopes.partner) : true;
}

export const builder = new SchemaBuilder<{
  Context: GraphqlContext;
  DefaultFieldNullability: false;
  DefaultEdgesNullability: { list: false; items: false };
  DefaultNodeNullability: false;
  Scalars: {
    Upload: { Input: UploadedFile; Output: never };
    DateTime: { Input: string; Output: string };
    JSON: { Input: unknown; Output: unknown };
  };
}>({
  defaultFieldNullability: false,
  plugins: [ROOT_ACCESS, RelayPlugin],
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
  rootAccess: {
    allows,
    refusal: (context) => (context.caller ? new Forbidden() : new Unauthorized()),
  },
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
