import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import { fetch, FormData, type Headers } from 'undici';
import { conformanceOf } from './openapi-conformance';

/**
 * What a call answered. Headers and raw bytes sit in private fields behind getters, so a test
 * can still compare a whole answer with `toEqual({ status, body })`.
 */
export class RestAnswer {
  readonly #headers: Headers;
  readonly #bytes: Buffer;

  constructor(
    readonly status: number,
    /** The parsed body of a JSON answer, null otherwise. Tests read it loosely, field by field. */
    readonly body: any,
    headers: Headers,
    bytes: Buffer,
  ) {
    this.#headers = headers;
    this.#bytes = bytes;
  }

  get headers(): Headers {
    return this.#headers;
  }

  /** The raw body, for files, archives and audio. */
  get bytes(): Buffer {
    return this.#bytes;
  }
}

export interface RestCallOptions {
  json?: unknown;
  form?: FormData;
  /** An application/x-www-form-urlencoded body, as fields or already encoded. */
  urlencoded?: string | Record<string, string>;
  /** A body sent as it is (malformed JSON, say), with the content type `headers` give it. */
  raw?: string;
  headers?: Record<string, string>;
  /** Overrides the client's key; null sends none. */
  key?: string | null;
  /** Ends a call that hangs, so it fails on its own instead of waiting for the test's timeout. */
  signal?: AbortSignal;
}

/** One REST call against the server: `call('GET', '/api/voices/acme')`. */
export type RestClient = (method: string, path: string, options?: RestCallOptions) => Promise<RestAnswer>;

/**
 * The REST client every test uses: sends `key` in X-Api-Key unless told otherwise, reads the
 * whole answer, and fails the call when the answer breaks the service's /openapi.json, so
 * every REST suite holds the document to what the service really answers.
 */
export function restClient(baseUrl: string, key?: string): RestClient {
  return async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    const apiKey = options.key === null ? undefined : (options.key ?? key);
    if (apiKey) headers['x-api-key'] = apiKey;
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.urlencoded !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = typeof options.urlencoded === 'string' ? options.urlencoded : new URLSearchParams(options.urlencoded).toString();
    } else if (options.form) body = options.form;
    else if (options.raw !== undefined) body = options.raw;
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body, signal: options.signal });
    const bytes = Buffer.from(await response.arrayBuffer());
    const contentType = response.headers.get('content-type') ?? '';
    const isJson = /[/+]json\b/.test(contentType);
    const answer = new RestAnswer(response.status, isJson && bytes.length > 0 ? JSON.parse(bytes.toString('utf8')) : null, response.headers, bytes);
    const violation = (await conformanceOf(baseUrl))?.violation({ method, path, status: answer.status, contentType, body: answer.body, bytes: bytes.length });
    if (violation) throw new Error(`The answer breaks /openapi.json: ${violation}`);
    return answer;
  };
}

/** A file part: a path on disk (streamed), or content in memory. */
export type FilePart = string | { path: string; filename: string } | { data: Buffer | string; filename: string; type?: string };

/** A multipart body from field values (repeated for arrays) and file parts by field name. */
export async function multipart(fields: Record<string, string | string[]>, files: Record<string, FilePart> = {}): Promise<FormData> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  for (const [name, file] of Object.entries(files)) {
    if (typeof file === 'string') form.append(name, await openAsBlob(file), basename(file));
    else if ('path' in file) form.append(name, await openAsBlob(file.path), file.filename);
    else {
      const data = typeof file.data === 'string' ? file.data : new Uint8Array(file.data);
      form.append(name, new Blob([data], { type: file.type ?? 'application/octet-stream' }), file.filename);
    }
  }
  return form;
}
