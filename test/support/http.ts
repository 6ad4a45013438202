import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import { FormData } from 'undici';

/** A multipart body whose files stream from disk. */
export async function multipart(fields: Record<string, string | string[]>, files: Record<string, string | { path: string; filename: string }> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  for (const [name, file] of Object.entries(files)) {
    const path = typeof file === 'string' ? file : file.path;
    const filename = typeof file === 'string' ? basename(file) : file.filename;
    form.append(name, await openAsBlob(path), filename);
  }
  return form;
}

/** Polls until `done` holds: for test set-up only; the features under test push their changes. */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (!done(last)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting; last value: ${JSON.stringify(last).slice(0, 2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
    last = await read();
  }
  return last;
}
