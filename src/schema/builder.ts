import SchemaBuilder from '@pothos/core';
import type { UploadedFile } from '../domain/shared/uploaded-file';
import type { GraphqlContext } from '../resolvers/context';

export const builder = new SchemaBuilder<{
  Context: GraphqlContext;
  DefaultFieldNullability: false;
  Scalars: {
    Upload: { Input: UploadedFile; Output: never };
    DateTime: { Input: string; Output: string };
    JSON: { Input: unknown; Output: unknown };
  };
}>({
  defaultFieldNullability: false,
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
