import type { DocumentFormat, TextFormat } from './document-format';

/**
 * What a request needs from the digitize engines to take an uploaded document: its format,
 * and its text. The domain asks through this port so that it never loads an engine itself.
 */
export interface TextExtractor {
  /** The format of a file, or null when no engine reads it. */
  detectFormat(path: string, hints: { filename?: string; contentType?: string }): Promise<DocumentFormat | null>;
  /**
   * The text of a document file; rejects with UnsupportedMedia when it cannot be read, saying
   * why. `owner` (the partner) takes its turn with the others when every parser is busy.
   */
  extractText(path: string, format: TextFormat, owner: string): Promise<string>;
}
