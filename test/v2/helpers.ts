import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestApp } from '../support/test-app';

/** Polls a GET until `done` holds for its JSON body; fails with the last body after the deadline. */
export async function pollJson<T>(app: TestApp, path: string, key: string, done: (body: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    const response = await app.request(path, { key });
    last = await response.json();
    if (response.status === 200 && done(last as T)) return last as T;
    if (Date.now() > deadline) throw new Error(`gave up waiting on ${path}: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

export interface FileServer {
  url(name: string): string;
  close(): Promise<void>;
}

/** Serves files over plain HTTP on 127.0.0.1, the way a partner's storage would. */
export async function serveFiles(files: Record<string, { path: string; contentType: string }>): Promise<FileServer> {
  const server: Server = createServer((request, response) => {
    const file = files[(request.url ?? '/').slice(1)];
    if (!file) {
      response.writeHead(404).end('not found');
      return;
    }
    void stat(file.path).then((info) => {
      response.writeHead(200, { 'content-type': file.contentType, 'content-length': info.size });
      createReadStream(file.path).pipe(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (name) => `http://127.0.0.1:${port}/${name}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
