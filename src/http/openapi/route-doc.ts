import type { z } from 'zod';

/** The request encodings a route reads its parameters from. */
export type RequestEncoding = 'application/json' | 'multipart/form-data' | 'application/x-www-form-urlencoded';

/** Every encoding `readParams` understands: legacy clients differ, and the routes that use it take them all. */
export const ANY_ENCODING: readonly RequestEncoding[] = ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'];

export interface ResponseDoc {
  description: string;
  /** The JSON body; absent for answers without one (204) or with a non-JSON body (`mediaType`). */
  schema?: z.ZodType;
  /** A non-JSON body, such as `audio/ogg` or `application/zip`. */
  mediaType?: string;
  /** Response headers worth knowing, by name, with what they say. */
  headers?: Record<string, string>;
}

export interface RequestBodyDoc {
  /** The zod schema the route parses its parameters with. */
  schema: z.ZodType;
  encodings: readonly RequestEncoding[];
  /** File parts of a multipart body, by field name, with what they carry. */
  files?: Record<string, string>;
  /** A file part the route cannot do without. */
  requiredFile?: string;
  description?: string;
}

/**
 * What a route says about itself in the OpenAPI document, next to the route (`config.openapi`):
 * the zod schemas it parses with and answers with, so the document cannot drift from the code.
 */
export interface RouteDoc {
  tag: string;
  summary: string;
  description?: string;
  /** Security scheme names (the document's `components.securitySchemes`); empty for a public route. */
  security: readonly string[];
  /** Path parameters that mean something else here than the document's shared ones of the same name. */
  pathParameters?: Record<string, z.ZodType>;
  query?: z.ZodType;
  body?: RequestBodyDoc;
  responses: Record<number, ResponseDoc>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's entry in /openapi.json; a route without one must be listed as undocumented. */
    openapi?: RouteDoc;
  }
}
