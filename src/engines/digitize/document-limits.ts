/**
 * What reading one document may take. The child that reads it holds to the last three; the
 * parent that runs it (document-parser.ts) holds it to time and memory.
 */
export interface DocumentLimits {
  /** An HTML page larger than this is not parsed. */
  maxHtmlBytes: number;
  /** Each part of a DOCX (a zip entry) as it inflates. */
  maxDocxPartBytes: number;
  /** The text one document may give, in UTF-8 bytes. */
  maxTextBytes: number;
}

export const NO_LIMITS: DocumentLimits = { maxHtmlBytes: Infinity, maxDocxPartBytes: Infinity, maxTextBytes: Infinity };

/** A limit as the readable reasons name it: `10 MB`, `0.5 MB`. */
export function megabytes(bytes: number): string {
  return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
}
