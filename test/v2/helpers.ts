import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FileServer {
  url(name: string): string;
  close(): Promise<void>;
}

export interface ServedFile {
  path: string;
  contentType: string;
  /** Sends the first `bytes`, then the rest once `until` resolves: a download caught midway. */
  held?: { bytes: number; until: Promise<void> };
}

/** Serves files over plain HTTP on 127.0.0.1, the way a partner's storage would. */
export async function serveFiles(files: Record<string, ServedFile>): Promise<FileServer> {
  const server: Server = createServer((request, response) => {
    const file = files[(request.url ?? '/').slice(1)];
    if (!file) {
      response.writeHead(404).end('not found');
      return;
    }
    void stat(file.path).then((info) => {
      response.writeHead(200, { 'content-type': file.contentType, 'content-length': info.size });
      const { held } = file;
      if (!held) {
        createReadStream(file.path).pipe(response);
        return;
      }
      createReadStream(file.path, { end: held.bytes - 1 })
        .on('end', () => void held.until.then(() => createReadStream(file.path, { start: held.bytes }).pipe(response)))
        .pipe(response, { end: false });
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
