import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { fetch } from 'undici';

// ajv-formats is CommonJS with a default export; under ESM interop it may arrive wrapped.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

type Json = Record<string, any>;

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  /** Static segments first, so /documents/{partner}/{kb}/batch wins over /documents/{partner}/{kb}/{doc_id}. */
  staticSegments: number;
}

/** An answer as the REST client received it. */
export interface ReceivedAnswer {
  method: string;
  path: string;
  status: number;
  contentType: string;
  body: unknown;
  bytes: number;
}

const DOCUMENT_ID = 'https://persona-platform.test/openapi.json';
const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json\b/;

/**
 * Holds every answer of the service to its /openapi.json: the route and status must be
 * documented, a JSON body must match the schema documented for them (ajv, JSON Schema
 * 2020-12), and any other body must have a documented media type. Paths under /api and /v2
 * that no route serves must answer in that API's error format. Other paths (GraphQL, the
 * queue board) are not REST and are left alone.
 */
export class OpenApiConformance {
  readonly #ajv = new Ajv2020({ strict: false, allErrors: true });
  readonly #operations: Operation[];
  readonly #validators = new Map<string, ValidateFunction>();

  constructor(readonly document: Json) {
    addFormats(this.#ajv);
    this.#ajv.addSchema({ ...document, $id: DOCUMENT_ID });
    this.#operations = Object.entries(document.paths as Json).flatMap(([template, item]) =>
      Object.keys(item as Json).map((method) => ({
        method: method.toUpperCase(),
        template,
        pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
        staticSegments: template.split('/').filter((segment) => segment && !segment.startsWith('{')).length,
      })),
    );
    this.#operations.sort((a, b) => b.staticSegments - a.staticSegments);
  }

  /** Why the answer breaks the document, or null when it keeps to it. */
  violation(answer: ReceivedAnswer): string | null {
    const method = answer.method.toUpperCase();
    if (method === 'HEAD' || method === 'OPTIONS') return null;
    const path = answer.path.split('?')[0]!;
    const operation = this.#operations.find((candidate) => candidate.method === method && candidate.pattern.test(path));
    const where = `${method} ${path.length > 120 ? `${path.slice(0, 120)}…` : path} answered ${answer.status}`;
    if (!operation) {
      const dialect = path.startsWith('/api/') ? ['ApiError'] : path.startsWith('/v2/') ? ['V2Error', 'V2ValidationError'] : null;
      if (!dialect) return null;
      if (answer.status < 400) return `${where}, but no documented route serves it`;
      return this.#check(
        where,
        dialect.map((name) => `#/components/schemas/${name}`),
        answer,
      );
    }
    const responses = this.document.paths[operation.template][operation.method.toLowerCase()].responses as Json;
    const response = responses[String(answer.status)] as Json | undefined;
    if (!response) return `${where}: status not documented for ${operation.method} ${operation.template} (documented: ${Object.keys(responses).join(', ')})`;
    const content = (response.content ?? {}) as Json;
    // A file may be empty (captions of a transcript with nothing said); a JSON body may not.
    const mayBeEmpty = Object.keys(content).length === 0 || answer.status === 204 || !content['application/json'];
    if (answer.bytes === 0) return mayBeEmpty ? null : `${where} with no body, but the document gives it one`;
    const mediaType = answer.contentType.split(';')[0]!.trim().toLowerCase();
    if (!JSON_TYPE.test(mediaType)) {
      // OpenAPI allows media type ranges (`audio/*`) for a body of several types.
      const documented = mediaType in content || `${mediaType.split('/')[0]}/*` in content;
      return documented ? null : `${where} with ${mediaType}, documented: ${Object.keys(content).join(', ') || 'no body'}`;
    }
    if (!content['application/json']) return `${where} with JSON, documented: ${Object.keys(content).join(', ') || 'no body'}`;
    const pointer = ['paths', operation.template, operation.method.toLowerCase(), 'responses', String(answer.status), 'content', 'application/json', 'schema'];
    return this.#check(where, [`#/${pointer.map((segment) => segment.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`], answer);
  }

  #check(where: string, pointers: string[], answer: ReceivedAnswer): string | null {
    const failures: string[] = [];
    for (const pointer of pointers) {
      const validate = this.#validator(pointer);
      if (validate(answer.body)) return null;
      failures.push(this.#ajv.errorsText(validate.errors, { dataVar: 'body' }));
    }
    return `${where}, a body the document does not allow: ${failures.join(' / ')}\n${JSON.stringify(answer.body).slice(0, 500)}`;
  }

  #validator(pointer: string): ValidateFunction {
    let validate = this.#validators.get(pointer);
    if (!validate) {
      validate = this.#ajv.compile({ $ref: `${DOCUMENT_ID}${pointer}` });
      this.#validators.set(pointer, validate);
    }
    return validate;
  }
}

const byServer = new Map<string, Promise<OpenApiConformance | null>>();

/**
 * The conformance check for the service at `baseUrl`, from its own /openapi.json, loaded once.
 * Null for a server that serves no document (a test's stand-in for an engine).
 */
export function conformanceOf(baseUrl: string): Promise<OpenApiConformance | null> {
  let loading = byServer.get(baseUrl);
  if (!loading) {
    loading = (async () => {
      const response = await fetch(`${baseUrl}/openapi.json`).catch(() => null);
      if (!response || response.status !== 200) {
        // Asked while the server was not answering (starting, draining): ask again next time.
        byServer.delete(baseUrl);
        return null;
      }
      return new OpenApiConformance((await response.json()) as Json);
    })();
    byServer.set(baseUrl, loading);
  }
  return loading;
}
