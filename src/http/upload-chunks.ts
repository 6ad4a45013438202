/**
 * Node's HTTP parser hands every piece of a request body to JavaScript in a Buffer of its
 * own (up to 64 KiB), and that memory comes back only when V8 collects its young
 * generation. V8 does so when young objects fill their space or when young buffers reach
 * 32 MiB (twice its largest semi-space, a constant that no flag changes); an upload makes
 * buffers far faster than objects, so the server holds up to 32 MiB of chunks already
 * written to disk, and the allocator keeps that memory resident afterwards. Collecting the
 * young generation after every few MiB received bounds that to a few MiB; each collection
 * takes about a millisecond, which does not show in the server's CPU time per upload.
 *
 * The collection needs V8's `gc`, which Node exposes when started with --expose-gc (a
 * documented Node option since 20.18): `npm start`, the Docker image and the bench start the
 * server with it. Started without it (`npm run dev`, the tests) the server still streams
 * every upload; it just holds up to 32 MiB of received chunks until V8 collects them.
 */
const COLLECT_EVERY_BYTES = 2 * 1024 * 1024;

const collectYoungGeneration = (globalThis as { gc?: (options: { type: 'minor' }) => void }).gc;
let bytesSinceCollection = 0;

/** Counts body bytes an upload has taken in; frees the chunks before them once enough have passed. */
export function noteUploadChunk(bytes: number): void {
  if (!collectYoungGeneration) return;
  bytesSinceCollection += bytes;
  if (bytesSinceCollection < COLLECT_EVERY_BYTES) return;
  bytesSinceCollection = 0;
  collectYoungGeneration({ type: 'minor' });
}
