import { open, readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { detectFormat, type DocumentFormat } from '../../engines/digitize';

const EXTENSIONS: Record<Exclude<DocumentFormat, 'audio' | 'video'>, string> = {
  pdf: 'pdf',
  docx: 'docx',
  html: 'html',
  text: 'txt',
  markdown: 'md',
};

/** Formats whose original is text a client can read back as it is. */
export const TEXT_FORMATS: readonly DocumentFormat[] = ['html', 'text', 'markdown'];

/**
 * The name we give an original: `original.<ext>`. Media keep the client's extension when it
 * is a plain short one, because decoders and people both go by it.
 */
export function originalFilename(format: DocumentFormat, sourceName: string | null | undefined): string {
  if (format === 'audio' || format === 'video') {
    const extension = extname(sourceName ?? '').slice(1).toLowerCase();
    return `original.${/^[a-z0-9]{2,5}$/.test(extension) ? extension : format === 'audio' ? 'audio' : 'video'}`;
  }
  return `original.${EXTENSIONS[format]}`;
}

export async function firstBytes(path: string, length = 4096): Promise<Buffer> {
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

export function readTextFile(path: string): Promise<string> {
  return readFile(path, 'utf8');
}

/** A document name from a URL: its last path segment, else its host. */
export function nameFromUrl(url: string): string {
  const parsed = new URL(url);
  const segment = parsed.pathname.split('/').filter(Boolean).pop() ?? '';
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    decoded = segment;
  }
  const cleaned = decoded.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
  return cleaned || parsed.hostname || 'Untitled';
}

/** A document name from an uploaded file's name, without its directory or extension. */
export function nameFromFilename(filename: string): string | null {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').replace(/\.[A-Za-z0-9]{1,5}$/, '').trim().slice(0, 255);
  return cleaned || null;
}
