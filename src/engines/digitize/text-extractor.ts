import { open, readFile } from 'node:fs/promises';
import { UnsupportedMedia } from '../../domain/errors';
import type { TextExtractor } from '../../domain/knowledge-base/text-extractor';
import { EngineError } from '../../domain/shared/engine-error';
import { detectFormat, extractText, type DocumentFormat } from './index';

async function firstBytes(path: string, length = 4096): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export async function detectFileFormat(path: string, hints: { filename?: string; contentType?: string }): Promise<DocumentFormat | null> {
  return detectFormat({ ...hints, firstBytes: await firstBytes(path) });
}

/** The digitize engines as the knowledge base domain reads uploads with them. */
export const documentTextExtractor: TextExtractor = {
  detectFormat: detectFileFormat,
  async extractText(path, format) {
    try {
      // A text or Markdown upload is kept exactly as sent.
      return format === 'markdown' || format === 'text' ? await readFile(path, 'utf8') : (await extractText(path, format)).text;
    } catch (error) {
      if (error instanceof EngineError) throw new UnsupportedMedia(error.message);
      throw error;
    }
  },
};
