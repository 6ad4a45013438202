import { GraphQLError, Kind, type ValueNode } from 'graphql';
import { takeUpload } from '../http/graphql/uploads';
import { builder } from './builder';

export const UploadScalar = builder.scalarType('Upload', {
  description: 'A file sent with the GraphQL multipart request spec.',
  serialize: () => {
    throw new GraphQLError('Upload is an input-only scalar');
  },
  parseValue: (value) => takeUpload(value),
});

export const DateTimeScalar = builder.scalarType('DateTime', {
  description: 'An ISO 8601 timestamp in UTC.',
  serialize: (value) => value,
  parseValue: (value) => {
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw new GraphQLError('DateTime must be an ISO 8601 string');
    return value;
  },
});

function literalToJson(node: ValueNode): unknown {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.ENUM:
      return node.value;
    case Kind.BOOLEAN:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return node.values.map(literalToJson);
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((field) => [field.name.value, literalToJson(field.value)]));
    default:
      throw new GraphQLError('Variables are not allowed inside JSON literals');
  }
}

export const JsonScalar = builder.scalarType('JSON', {
  description: 'Any JSON value.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (node) => literalToJson(node),
});
