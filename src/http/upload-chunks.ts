import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Node's HTTP parser hands every piece of a request body to JavaScript in a Buffer of its
 * own (up to 64 KiB), and that memory comes back only when V8 collects its young
 * generation. V8 does so when young objects fill their space or when young buffers reach
 * 32 MiB (twice its largest semi-space, a constant that no flag changes); an upload makes
 * buffers far faster than objects, so the server held up to 32 MiB of chunks already
 * written to disk, and the allocator kept that memory resident afterwards. Collecting the
 * young generation after every few MiB received bounds that to a few MiB; each collection
 * takes about a millisecond, which did not show in the server's CPU time per upload.
 */
const COLLECT_EVERY_BYTES = 2 * 1024 * 1024;

let collectYoungGeneration: (() => void) | undefined;
let bytesSinceCollection = 0;

/** Counts body bytes an upload has taken in; frees the chunks before them once enough have passed. */
export function noteUploadChunk(bytes: number): void {
  bytesSinceCollection += bytes;
  if (bytesSinceCollection < COLLECT_EVERY_BYTES) return;
  bytesSinceCollection = 0;
  collectYoungGeneration ??= youngCollector();
  collectYoungGeneration();
}

function youngCollector(): () => void {
  // V8's own `gc`, kept off the server's global object: a context made while --expose-gc
  // is set gets it, and the flag goes back off at once.
  setFlagsFromString('--expose-gc');
  try {
    const gc = runInNewContext('gc') as (options: { type: 'minor' }) => void;
    return () => gc({ type: 'minor' });
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}
