import type { ServerResponse } from 'node:http';

/**
 * Writes a 200 answer of `bytes` bytes (`head`, then filler) in 64 kB pieces, each once the
 * client has taken the last, and no Content-Length: an engine that will not stop talking.
 * Memory on this side stays at one piece; `sent` hears the bytes written so far.
 */
export async function streamHugeAnswer(response: ServerResponse, bytes: number, head: string, sent: (bytes: number) => void): Promise<void> {
  const piece = Buffer.alloc(64 * 1024, 'a');
  response.writeHead(200, { 'content-type': 'application/json' });
  response.write(head);
  let written = 0;
  while (written < bytes && !response.destroyed) {
    written += piece.length;
    sent(written);
    if (!response.write(piece)) await drainedOrClosed(response);
  }
  if (!response.destroyed) response.end();
}

function drainedOrClosed(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}
