import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import { print, type ExecutionResult } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { createClient, type Client } from 'graphql-ws';
import { fetch, FormData } from 'undici';
import WebSocket from 'ws';

export interface GraphqlError {
  message: string;
  extensions?: { code?: string; errors?: Record<string, string[]> };
}

export interface GraphqlResponse<T> {
  status: number;
  data?: T | null;
  errors?: GraphqlError[];
}

/** A query or mutation over HTTP, typed by the codegen document. */
export async function execute<T, V>(baseUrl: string, key: string | undefined, document: TypedDocumentNode<T, V>, variables?: V): Promise<GraphqlResponse<T>> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'x-api-key': key } : {}) },
    body: JSON.stringify({ query: print(document), variables }),
  });
  return { status: response.status, ...((await response.json()) as ExecutionResult<T>) } as GraphqlResponse<T>;
}

/**
 * A mutation with files, per the GraphQL multipart request spec; `files` maps variable paths
 * (`file`, or `input.audio` for a field of an input object) to paths on disk.
 */
export async function executeWithFiles<T, V>(
  baseUrl: string,
  key: string,
  document: TypedDocumentNode<T, V>,
  variables: V,
  files: Record<string, string>,
): Promise<GraphqlResponse<T>> {
  const form = new FormData();
  const withNulls = structuredClone(variables) as Record<string, unknown>;
  const map: Record<string, string[]> = {};
  Object.keys(files).forEach((variable, position) => {
    const steps = variable.split('.');
    const parent = steps.slice(0, -1).reduce((object, step) => object[step] as Record<string, unknown>, withNulls);
    parent[steps.at(-1)!] = null;
    map[String(position)] = [`variables.${variable}`];
  });
  form.append('operations', JSON.stringify({ query: print(document), variables: withNulls }));
  form.append('map', JSON.stringify(map));
  for (const [position, path] of Object.values(files).entries()) form.append(String(position), await openAsBlob(path), basename(path));
  const response = await fetch(`${baseUrl}/graphql`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
  return { status: response.status, ...((await response.json()) as ExecutionResult<T>) } as GraphqlResponse<T>;
}

export function wsClient(baseUrl: string, key: string): Client {
  return createClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { apiKey: key },
    retryAttempts: 0,
    lazy: false,
  });
}

/** Collects a subscription's events; `next` waits for the first event that matches. */
export function subscribe<T, V>(client: Client, document: TypedDocumentNode<T, V>, variables: V) {
  const events: T[] = [];
  const errors: unknown[] = [];
  let completed = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const nextNotice = async (deadline: number) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new Error(`timed out; events so far: ${JSON.stringify(events).slice(0, 2000)}`);
    await new Promise<void>((resolve) => {
      wake = resolve;
      setTimeout(resolve, remaining);
    });
  };
  const dispose = client.subscribe<T>(
    { query: print(document), variables: variables as Record<string, unknown> },
    {
      next: (result) => {
        if (result.errors) errors.push(...result.errors);
        if (result.data) events.push(result.data);
        notify();
      },
      error: (error) => {
        errors.push(error);
        notify();
      },
      complete: () => {
        completed = true;
        notify();
      },
    },
  );
  return {
    events,
    errors,
    get completed() {
      return completed;
    },
    dispose,
    /** Resolves with the first collected event satisfying `match`, waiting for new ones. */
    async until(match: (event: T) => boolean, timeoutMs = 60_000): Promise<T> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        if (errors.length > 0) throw new Error(`subscription error: ${JSON.stringify(errors)}`);
        if (completed) throw new Error('subscription completed before the expected event');
        await nextNotice(deadline);
      }
    },
    /** Resolves with the errors once the server has sent any: a refused subscription's reasons. */
    async errorsSent(timeoutMs = 60_000): Promise<unknown[]> {
      const deadline = Date.now() + timeoutMs;
      while (errors.length === 0) await nextNotice(deadline);
      return errors;
    },
    /** Resolves with every event once the server completes the subscription. */
    async untilComplete(timeoutMs = 60_000): Promise<T[]> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (errors.length > 0) throw new Error(`subscription error: ${JSON.stringify(errors)}`);
        if (completed) return events;
        await nextNotice(deadline);
      }
    },
  };
}
