import { readFile, stat } from 'node:fs/promises';
import { EngineError } from '../../domain/shared/engine-error';
import type { DocumentFormat, TextFormat } from '../../domain/knowledge-base/document-format';
import type { ProgressCallback } from '../../domain/shared/progress';
import { megabytes, NO_LIMITS, type DocumentLimits } from './document-limits';
import { extractDocxText } from './docx-text';
import { decodeHtml, extractHtmlText } from './html-text';
import { extractPdfText } from './pdf-text';
import { readPlainText } from './plain-text';

/*
 * The readers of every document format. Only a parser process loads this module (the service
 * itself imports format-detection.ts and document-parser.ts), so pdf.js, mammoth and linkedom
 * never take memory or time in the process that answers requests.
 */

export { extractDocxText } from './docx-text';
export { detectFormat, type FormatHints } from './format-detection';
export { decodeHtml, extractHtmlText, htmlToMarkdown } from './html-text';
export { extractPdfText } from './pdf-text';
export { decodeText, readPlainText } from './plain-text';

export type { DocumentFormat, TextFormat };

export interface ExtractOptions {
  limits?: DocumentLimits;
  /** Where an HTML page came from: it names a page that declares no title. */
  url?: string;
  /** Hears pages read of the total, for a PDF; the other formats are read in one step. */
  onProgress?: ProgressCallback;
}

export interface ExtractedText {
  text: string;
  title?: string;
}

/**
 * The text of a document, in this thread and without a time or memory limit: the service
 * calls it only inside a parser process (document-parser.ts), which holds it to those.
 */
export async function extractText(path: string, format: TextFormat, options: ExtractOptions = {}): Promise<ExtractedText> {
  const limits = options.limits ?? NO_LIMITS;
  const extracted = await extractUnbounded(path, format, limits, options);
  if (Buffer.byteLength(extracted.text) > limits.maxTextBytes) {
    throw new EngineError(`The document gives more than ${megabytes(limits.maxTextBytes)} of text`, false);
  }
  return extracted;
}

async function extractUnbounded(path: string, format: TextFormat, limits: DocumentLimits, options: ExtractOptions): Promise<ExtractedText> {
  switch (format) {
    case 'pdf':
      return { text: await extractPdfText(path, options.onProgress) };
    case 'docx':
      return { text: await extractDocxText(path, limits.maxDocxPartBytes) };
    case 'html':
      if ((await stat(path)).size > limits.maxHtmlBytes) throw new EngineError(`The HTML page is larger than ${megabytes(limits.maxHtmlBytes)}`, false);
      return extractHtmlText(decodeHtml(await readFile(path)), options.url);
    case 'text':
    case 'markdown':
      return { text: await readPlainText(path) };
  }
}
