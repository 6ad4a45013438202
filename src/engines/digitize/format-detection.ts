import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import type { DocumentFormat } from '../../domain/knowledge-base/document-format';

export interface FormatHints {
  filename?: string;
  contentType?: string;
  /** The start of the file; 4 KiB is plenty, a DOCX needs its first entries' names. */
  firstBytes: Buffer;
}

/**
 * The format of an upload or download, or null when it is none we can read. The bytes are
 * trusted first because browsers and servers often send a wrong or generic content type and
 * users rename files; the content type then beats the file name.
 */
export function detectFormat(input: FormatHints): DocumentFormat | null {
  const sniffed = formatFromBytes(input.firstBytes);
  if (sniffed) return sniffed;
  const declared = formatFromContentType(input.contentType);
  const named = formatFromFilename(input.filename);
  // Servers send Markdown as text/plain; only the name tells the two apart.
  if (declared === 'text' && named === 'markdown') return named;
  return declared ?? named ?? (looksLikeText(input.firstBytes) ? 'text' : null);
}

/** The format of a file on disk, from its first bytes and the hints that came with it. */
export async function detectFileFormat(path: string, hints: { filename?: string; contentType?: string }): Promise<DocumentFormat | null> {
  return detectFormat({ ...hints, firstBytes: await firstBytes(path) });
}

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

function formatFromBytes(bytes: Buffer): DocumentFormat | undefined {
  const ascii = bytes.toString('latin1');
  const at = (offset: number, text: string): boolean => ascii.startsWith(text, offset);

  if (ascii.slice(0, 1024).includes('%PDF-')) return 'pdf';
  if (at(0, 'PK\x03\x04')) return ascii.includes('word/') ? 'docx' : undefined;
  if (at(0, 'ID3') || at(0, 'fLaC') || at(0, '#!AMR') || at(0, 'caff') || at(0, '.snd')) return 'audio';
  if (at(0, 'FORM') && (at(8, 'AIFF') || at(8, 'AIFC'))) return 'audio';
  if (at(0, 'RIFF')) return at(8, 'WAVE') ? 'audio' : at(8, 'AVI ') ? 'video' : undefined;
  if (at(0, 'OggS')) return ascii.includes('theora') ? 'video' : 'audio';
  if (at(4, 'ftyp')) return isoMediaFormat(ascii.slice(8, 12));
  if (at(0, '\x1a\x45\xdf\xa3') || at(0, 'FLV\x01')) return 'video';
  if (at(0, '\x30\x26\xb2\x75\x8e\x66\xcf\x11') || at(0, '\x00\x00\x01\xba')) return 'video';
  if (bytes[0] === 0x47 && bytes.length > 188 && bytes[188] === 0x47) return 'video';
  if (isMpegAudioFrame(bytes)) return 'audio';
  if (/^(?:\xef\xbb\xbf)?\s*<(?:!doctype\s+html|html[\s>])/i.test(ascii.slice(0, 1024))) return 'html';
  return undefined;
}

/** MP4-family files name their kind in the ftyp brand; images (HEIF, AVIF) share the box. */
function isoMediaFormat(brand: string): DocumentFormat | undefined {
  if (/^(?:M4A |M4B |M4P |F4A |F4B )$/.test(brand)) return 'audio';
  if (/^(?:heic|heix|hevc|mif1|msf1|avif|avis)$/.test(brand)) return undefined;
  return 'video';
}

/**
 * MP3 and ADTS AAC have no signature, only a frame header. Layer I is left out: nobody
 * uploads it, and its header would match a UTF-16 byte order mark (FF FE).
 */
function isMpegAudioFrame(bytes: Buffer): boolean {
  const [first, second, third] = bytes;
  if (first !== 0xff || second === undefined || third === undefined) return false;
  if ((second & 0xf6) === 0xf0) return true;
  const version = (second >> 3) & 0b11;
  const layer = (second >> 1) & 0b11;
  const bitrate = third >> 4;
  const sampleRate = (third >> 2) & 0b11;
  return (second & 0xe0) === 0xe0 && version !== 0b01 && (layer === 0b01 || layer === 0b10) && bitrate !== 0xf && sampleRate !== 0b11;
}

/** Without any name or type, bytes that are valid UTF-8 without NULs are read as plain text. */
function looksLikeText(bytes: Buffer): boolean {
  if (bytes.length === 0 || bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

function formatFromContentType(contentType: string | undefined): DocumentFormat | undefined {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (!type) return undefined;
  if (type.startsWith('audio/') || type === 'application/ogg') return 'audio';
  if (type.startsWith('video/')) return 'video';
  return CONTENT_TYPES[type];
}

function formatFromFilename(filename: string | undefined): DocumentFormat | undefined {
  if (!filename) return undefined;
  return EXTENSIONS[extname(filename).slice(1).toLowerCase()];
}

const CONTENT_TYPES: Partial<Record<string, DocumentFormat>> = {
  'application/pdf': 'pdf',
  'application/x-pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'text/plain': 'text',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
};

const EXTENSIONS: Partial<Record<string, DocumentFormat>> = {
  pdf: 'pdf',
  docx: 'docx',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  txt: 'text',
  text: 'text',
  md: 'markdown',
  markdown: 'markdown',
  ...Object.fromEntries(
    ['mp3', 'wav', 'm4a', 'aac', 'ogg', 'oga', 'opus', 'flac', 'wma', 'aif', 'aiff', 'amr', 'weba'].map((extension) => [extension, 'audio' as const]),
  ),
  ...Object.fromEntries(['mp4', 'm4v', 'mov', 'mkv', 'webm', 'avi', 'wmv', 'flv', 'mpeg', 'mpg', '3gp'].map((extension) => [extension, 'video' as const])),
};
