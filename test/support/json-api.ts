import { FormData } from 'undici';
import type { TestApp } from './test-app';

export interface ApiAnswer {
  status: number;
  // Tests read response bodies loosely and assert on them field by field.
  body: any;
}

/** One REST call: a JSON or form body, `key: null` for a call without a key. */
export type ApiCall = (method: string, path: string, options?: { json?: unknown; form?: FormData; key?: string | null }) => Promise<ApiAnswer>;

/** Calls the app with `key` unless told otherwise, and parses whatever JSON comes back. */
export function apiCaller(app: TestApp, key: string): ApiCall {
  return async (method, path, options = {}) => {
    const headers: Record<string, string> = {};
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) body = options.form;
    const response = await app.request(path, { method, headers, body, key: options.key === null ? undefined : (options.key ?? key) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
}

/** A multipart form from values and an optional in-memory `file` part. */
export function form(values: Record<string, string>, file?: { name: string; data: Buffer | string; type?: string }): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  if (file) data.append('file', new Blob([typeof file.data === 'string' ? file.data : new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.name);
  return data;
}
