import { createClient, type Client } from 'graphql-ws';
import type { ConsoleMeQuery, TypedDocumentString } from './gql/graphql';
import { ConsoleMeDocument } from './gql/graphql';
import { Store } from './store';

/**
 * How the console talks to the service: queries and mutations over HTTP, subscriptions over
 * one graphql-ws socket, files over REST (an upload streams with its progress; audio is
 * fetched with the key, since an <audio src> cannot send a header).
 */

export interface Session {
  key: string;
  me: ConsoleMeQuery['me'];
}

/** The connected key and who it is; null before connecting. Kept for the tab's life only. */
export const session = new Store<Session | null>(null);

/** The socket's state, shown in the header. */
export const connection = new Store<{ state: 'offline' | 'connecting' | 'live' | 'closed'; detail?: string }>({ state: 'offline' });

const KEY_STORAGE = 'persona-console-key';
let socket: Client | null = null;

function key(): string {
  return session.get()?.key ?? '';
}

/** The first GraphQL error's message, or the HTTP status when the answer is not GraphQL. */
async function graphqlAnswer<R>(response: Response): Promise<R> {
  let body: { data?: R; errors?: { message: string }[] };
  try {
    body = (await response.json()) as typeof body;
  } catch {
    throw new Error(`The service answered HTTP ${response.status}.`);
  }
  if (body.errors?.length) throw new Error(body.errors[0]!.message);
  if (!body.data) throw new Error(`The service answered HTTP ${response.status} without data.`);
  return body.data;
}

export async function request<R, V>(document: TypedDocumentString<R, V>, variables: V, withKey = key()): Promise<R> {
  let response: Response;
  try {
    response = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': withKey },
      body: JSON.stringify({ query: document.toString(), variables }),
    });
  } catch {
    throw new Error('The service cannot be reached.');
  }
  return graphqlAnswer<R>(response);
}

/** Each event of a subscription to `onData`; its failure, in words, to `onError`. Returns how to end it. */
export function subscribe<R, V>(document: TypedDocumentString<R, V>, variables: V, onData: (data: R) => void, onError: (message: string) => void): () => void {
  if (!socket) return () => {};
  return socket.subscribe<R>(
    { query: document.toString(), variables: variables as Record<string, unknown> },
    {
      next: (result) => (result.errors?.length ? onError(result.errors[0]!.message) : result.data && onData(result.data)),
      error: (error) => onError(describeSocketError(error)),
      complete: () => {},
    },
  );
}

/** A socket closed by the service says why in its reason (4401 bad key, 4429 rate limit). */
function describeSocketError(error: unknown): string {
  if (Array.isArray(error)) return (error[0] as { message?: string } | undefined)?.message ?? 'The subscription failed.';
  if (error instanceof CloseEvent) return `Connection closed (${error.code})${error.reason ? `: ${error.reason}` : ''}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Checks the key with `me` before anything else: a wrong key is one error and nothing
 * half-connected (no "Connecting…" left above it).
 */
export async function connect(newKey: string): Promise<Session> {
  const { me } = await request(ConsoleMeDocument, {}, newKey);
  disconnect();
  connection.set({ state: 'connecting' });
  socket = createClient({
    url: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`,
    connectionParams: { 'X-Api-Key': newKey },
    retryAttempts: 10,
    lazy: false,
    on: {
      connected: () => connection.set({ state: 'live' }),
      // graphql-ws reconnects by itself, except after a refusal (4401 bad key, 4429 rate limit).
      closed: (event) => {
        const close = event as CloseEvent | undefined;
        if (socket) connection.set({ state: 'closed', detail: close?.reason || (close?.code ? `code ${close.code}` : undefined) });
      },
    },
  });
  const started = { key: newKey, me };
  sessionStorage.setItem(KEY_STORAGE, newKey);
  session.set(started);
  return started;
}

export function disconnect(): void {
  const old = socket;
  socket = null;
  void old?.dispose();
  sessionStorage.removeItem(KEY_STORAGE);
  connection.set({ state: 'offline' });
  session.set(null);
}

/** The key this tab connected with before a reload, if any. */
export function rememberedKey(): string | null {
  return sessionStorage.getItem(KEY_STORAGE);
}

/** The readable part of a REST error: `detail` (/api), `error` or `message` (/v2), else the status. */
async function restError(response: Response): Promise<Error> {
  return new Error(restErrorText(await response.text()) ?? `The service answered HTTP ${response.status}.`);
}

/** A REST download (a sample, a recording) as bytes, with the key. */
export async function download(path: string): Promise<Blob> {
  const response = await fetch(path, { headers: { 'x-api-key': key() } });
  if (!response.ok) throw await restError(response);
  return response.blob();
}

/** A REST form POST (a transcript, a document file); answers the JSON body. */
export async function postForm<T>(path: string, form: FormData): Promise<T> {
  const response = await fetch(path, { method: 'POST', headers: { 'x-api-key': key() }, body: form });
  if (!response.ok) throw await restError(response);
  return (await response.json()) as T;
}

/** A multipart POST with the bytes sent reported as they go (fetch cannot report an upload's progress). */
export function uploadWithProgress(path: string, form: FormData, onProgress: (sent: number, total: number) => void): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('X-Api-Key', key());
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded, event.total);
    xhr.onload = () => {
      if (xhr.status < 300) return resolve(JSON.parse(xhr.responseText || 'null'));
      reject(new Error(restErrorText(xhr.responseText) ?? `The service answered HTTP ${xhr.status}.`));
    };
    xhr.onerror = () => reject(new Error('The upload did not reach the service.'));
    xhr.send(form);
  });
}

function restErrorText(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { detail?: unknown; error?: unknown; message?: unknown };
    const found = [body.detail, body.error, body.message].find((each) => typeof each === 'string');
    return typeof found === 'string' ? found : undefined;
  } catch {
    return undefined;
  }
}
