import { readFile } from 'node:fs/promises';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem, TextMarkedContent } from 'pdfjs-dist/types/src/display/api';
import { EngineError } from '../../domain/shared/engine-error';
import type { ProgressCallback } from '../../domain/shared/progress';

/**
 * The text layer of a PDF, page by page (pages separated by a blank line). In Node, pdf.js
 * runs its worker code in this thread ("fake worker"), loading it from the package itself.
 */
export async function extractPdfText(path: string, onProgress?: ProgressCallback): Promise<string> {
  const bytes = await readFile(path);
  // Loaded on first use: pdf.js swaps the process-wide JSON.parse for a polyfill when it is
  // imported, which would slow every API request of a process that never reads a PDF.
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({
    data: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    // Fonts are never rendered here; evaluating font programs would only widen the attack surface.
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  let pdf: PDFDocumentProxy;
  try {
    pdf = await task.promise;
  } catch (error) {
    await task.destroy();
    if (error instanceof Error && error.name === 'PasswordException') {
      throw new EngineError('The PDF is protected by a password', false);
    }
    throw new EngineError('The file is not a readable PDF', false);
  }

  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const text = pageText(content.items);
      if (text) pages.push(text);
      page.cleanup();
      onProgress?.(number, pdf.numPages);
    }
    if (pages.length === 0) {
      throw new EngineError('The PDF has no text layer (scanned pages need OCR)', false);
    }
    return pages.join('\n\n');
  } catch (error) {
    if (error instanceof EngineError) throw error;
    throw new EngineError('The file is not a readable PDF', false);
  } finally {
    await task.destroy();
  }
}

/**
 * Rebuilds lines from text runs: pdf.js marks line ends with `hasEOL`, and a run that starts
 * lower or higher than the previous one also starts a new line (some producers place every
 * line absolutely without any end-of-line hint).
 */
function pageText(items: readonly (TextItem | TextMarkedContent)[]): string {
  const lines: string[] = [];
  let line = '';
  let lastY: number | undefined;
  let lastHeight = 0;
  const endLine = (): void => {
    const text = line.replace(/\s+/g, ' ').trim();
    if (text) lines.push(text);
    line = '';
  };
  for (const item of items) {
    if (!('str' in item)) continue;
    // pdf.js types the matrix as any[]: [a, b, c, d, x, y].
    const y = (item.transform as number[])[5];
    if (lastY !== undefined && y !== undefined && Math.abs(y - lastY) > Math.max(lastHeight, item.height) / 2) {
      endLine();
    }
    line += item.str;
    if (item.str.trim()) {
      lastY = y;
      lastHeight = item.height;
    }
    if (item.hasEOL) endLine();
  }
  endLine();
  return lines.join('\n');
}
