import { z } from 'zod';
import { wireShape } from '../../domain/shared/form-values';
import type { RequestBodyDoc, ResponseDoc, RouteDoc } from './route-doc';

type JsonSchema = Record<string, unknown>;

/** A route as fastify registered it, with its `config.openapi`. */
export interface CollectedRoute {
  method: string;
  url: string;
  doc?: RouteDoc;
}

/** What the document says beyond the routes: its title, tags, key schemes and path parameters. */
export interface ApiDescription {
  info: { title: string; version: string; description: string };
  tags: readonly { name: string; description: string }[];
  securitySchemes: Record<string, JsonSchema>;
  /** Each `:name` a documented path uses, with its schema and description (a route may override one). */
  pathParameters: Record<string, z.ZodType>;
  /** Routes that are no part of the REST reference (GraphQL, the queue board, the reference itself). */
  isUndocumented(route: { method: string; url: string }): boolean;
}

const SCHEMA_REF = '#/components/schemas/';
const SAFE_INTEGER_BOUNDS = [Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER];

/**
 * The OpenAPI 3.1 document of every documented route. A route that is neither documented nor
 * declared undocumented stops the build, so a new route cannot be left out silently.
 */
export function buildOpenApiDocument(routes: readonly CollectedRoute[], description: ApiDescription): JsonSchema {
  const schemas: Record<string, JsonSchema> = {};
  // Routes share schemas (every error body, the path parameters, the voice detail): each is converted once.
  const converted = { input: new Map<z.ZodType, JsonSchema>(), output: new Map<z.ZodType, JsonSchema>() };
  const convert = (schema: z.ZodType, io: 'input' | 'output') => {
    let json = converted[io].get(schema);
    if (!json) {
      json = hoistDefinitions(toJsonSchema(schema, io), schemas);
      converted[io].set(schema, json);
    }
    return json;
  };
  const paths: Record<string, Record<string, unknown>> = {};
  const getUrls = new Set(routes.filter((route) => route.method === 'GET').map((route) => route.url));

  for (const route of routes) {
    // fastify answers HEAD for every GET on its own; those mirror the GET and need no entry.
    if (route.method === 'HEAD' && getUrls.has(route.url)) continue;
    if (description.isUndocumented(route)) continue;
    if (!route.doc) throw new Error(`${route.method} ${route.url} has no OpenAPI description: give it config.openapi, or list it as undocumented`);
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(route, route.doc, description, convert);
  }

  return {
    openapi: '3.1.0',
    info: description.info,
    // No jsonSchemaDialect: left out, it is OpenAPI 3.1's own (JSON Schema 2020-12 with the
    // OpenAPI keywords), which the schemas are written in; Swagger UI warns on any other value.
    tags: description.tags,
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: { schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))), securitySchemes: description.securitySchemes },
  };
}

type Convert = (schema: z.ZodType, io: 'input' | 'output') => JsonSchema;

function operation(route: CollectedRoute, doc: RouteDoc, description: ApiDescription, convert: Convert): JsonSchema {
  const pathNames = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
  const parameters = [
    ...pathNames.map((name) => {
      const schema = doc.pathParameters?.[name] ?? description.pathParameters[name];
      if (!schema) throw new Error(`${route.method} ${route.url}: the path parameter ${name} has no description`);
      return parameter(name, 'path', true, convert(schema, 'input'));
    }),
    ...(doc.query ? queryParameters(convert(doc.query, 'input')) : []),
  ];
  return {
    operationId: operationId(route),
    tags: [doc.tag],
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    security: doc.security.map((scheme) => ({ [scheme]: [] })),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(doc.body ? { requestBody: requestBody(doc.body, convert) } : {}),
    responses: Object.fromEntries(Object.entries(doc.responses).map(([status, response]) => [status, responseObject(response, convert)])),
  };
}

function parameter(name: string, location: 'path' | 'query', required: boolean, schema: JsonSchema): JsonSchema {
  const { description, ...rest } = schema;
  return { name, in: location, required, ...(description ? { description } : {}), schema: rest };
}

function queryParameters(schema: JsonSchema): JsonSchema[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => parameter(name, 'query', required.has(name), property));
}

function requestBody(body: RequestBodyDoc, convert: Convert): JsonSchema {
  const fields = convert(body.schema, 'input');
  const fieldsRequired = ((fields.required ?? []) as string[]).length > 0;
  const content: Record<string, unknown> = {};
  for (const encoding of body.encodings) {
    if (encoding !== 'multipart/form-data' || !body.files) {
      content[encoding] = { schema: fields };
      continue;
    }
    const files = Object.fromEntries(
      Object.entries(body.files).map(([name, what]) => [name, { type: 'string', contentMediaType: 'application/octet-stream', description: what }]),
    );
    const required = [...((fields.required ?? []) as string[]), ...(body.requiredFile ? [body.requiredFile] : [])];
    content[encoding] = {
      schema: { ...fields, properties: { ...(fields.properties as object), ...files }, ...(required.length > 0 ? { required } : {}) },
    };
  }
  const anywhere = body.encodings.length > 1 ? 'Send the parameters in any of the encodings below, or in the query string.' : undefined;
  const text = [body.description, anywhere].filter(Boolean).join(' ');
  return { ...(text ? { description: text } : {}), required: fieldsRequired || Boolean(body.requiredFile), content };
}

function responseObject(response: ResponseDoc, convert: Convert): JsonSchema {
  const headers = {
    'X-Request-Id': { description: 'The id of this request: the caller’s own when it sent a sane one, else a new one.', schema: { type: 'string' } },
    ...Object.fromEntries(Object.entries(response.headers ?? {}).map(([name, what]) => [name, { description: what, schema: { type: 'string' } }])),
  };
  const content = response.mediaType
    ? { [response.mediaType]: {} }
    : response.schema
      ? { 'application/json': { schema: convert(response.schema, 'output') } }
      : undefined;
  return { description: response.description, headers, ...(content ? { content } : {}) };
}

function operationId(route: CollectedRoute): string {
  const words = route.url
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1));
  return `${route.method.toLowerCase()}${words.join('')}`;
}

/**
 * zod's JSON Schema, with what its input mode leaves out put back: defaults (zod drops them
 * from transformed schemas, yet every default here is a valid input too) and the bounds of a
 * form integer, which live in the number schema it pipes into.
 */
function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const target = jsonSchema as JsonSchema;
      const def = zodSchema._zod.def as { type: string; defaultValue?: unknown; in?: z.ZodType; out?: z.ZodType };
      const shape = wireShape.get(zodSchema);
      if (shape) {
        // What zod renders for a schema that reads text into values is not what a client sends.
        for (const key of Object.keys(target)) if (key !== 'description' && key !== 'default') delete target[key];
        Object.assign(target, structuredClone(shape));
      }
      // zod bounds every integer by the safe range; that says nothing a reader needs.
      if (target.maximum === Number.MAX_SAFE_INTEGER) delete target.maximum;
      if (target.minimum === -Number.MAX_SAFE_INTEGER) delete target.minimum;
      if (io !== 'input') return;
      if (def.type === 'default') target.default = JSON.parse(JSON.stringify(def.defaultValue)) as unknown;
      if (def.type === 'pipe' && def.in && def.out && !def.in._zod.traits.has('$ZodTransform')) {
        const piped = z.toJSONSchema(def.out, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
        for (const key of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']) {
          if (key in piped && !SAFE_INTEGER_BOUNDS.includes(piped[key] as number)) target[key] = piped[key];
        }
      }
    },
  }) as JsonSchema;
  return json;
}

/** Moves the schemas zod named (`.meta({ id })`) into the document's components, and points at them there. */
function hoistDefinitions(json: JsonSchema, schemas: Record<string, JsonSchema>): JsonSchema {
  const { $defs, ...rest } = json as JsonSchema & { $defs?: Record<string, JsonSchema> };
  for (const [id, definition] of Object.entries($defs ?? {})) {
    const hoisted = repointRefs(definition) as JsonSchema;
    const known = schemas[id];
    if (known && JSON.stringify(known) !== JSON.stringify(hoisted)) throw new Error(`Two different schemas are named ${id}`);
    schemas[id] = hoisted;
  }
  return repointRefs(rest) as JsonSchema;
}

function repointRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(repointRefs);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string' ? inner.replace(/^#\/\$defs\//, SCHEMA_REF) : repointRefs(inner),
    ]),
  );
}
