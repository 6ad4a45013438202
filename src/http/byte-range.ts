import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';

/** Bytes `start` to `end` of a file, both included, as HTTP ranges count. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The one range of a `Range: bytes=...` header (RFC 9110 §14.1.2): `a-b`, `a-` or the last
 * `-n` bytes, clamped to the file. `null` when there is no header or it asks for several
 * ranges or another unit (then the whole file is the answer, as the RFC allows);
 * `unsatisfiable` when it starts past the end.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** A file of known size, answered whole (200) or in the range the request asks for (206, or 416). */
export function sendRanged(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { size: number; contentType: string; read(range?: ByteRange): Readable },
): FastifyReply {
  reply.header('Accept-Ranges', 'bytes').type(file.contentType);
  const range = parseRange(request.headers.range, file.size);
  if (range === 'unsatisfiable') return reply.status(416).header('Content-Range', `bytes */${file.size}`).send();
  if (!range) return reply.header('Content-Length', file.size).send(file.read());
  return reply
    .status(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('Content-Length', range.end - range.start + 1)
    .send(file.read(range));
}
