/** A Content-Disposition header that survives any name: an ASCII fallback plus RFC 5987 UTF-8. */
export function attachment(filename: string): string {
  return `attachment; ${filenameParams(filename)}`;
}

/** The same for a file a browser shows or plays in place (a recording behind an <audio> element). */
export function inline(filename: string): string {
  return `inline; ${filenameParams(filename)}`;
}

function filenameParams(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
