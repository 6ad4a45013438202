import { readFile } from 'node:fs/promises';
import { EngineError } from '../../domain/shared/engine-error';

/** Reads a .txt or .md file as text with Unix line endings. */
export async function readPlainText(path: string): Promise<string> {
  const text = decodeText(await readFile(path));
  if (text.includes('\0')) throw new EngineError('The file is not text', false);
  return text;
}

/**
 * Decodes text bytes: a byte order mark wins, then `charset` (as declared by a server or
 * a page), then UTF-8. Bytes that are not valid UTF-8 are read as Windows-1252, which is
 * what old text files and undeclared pages from Western Europe mostly are.
 */
export function decodeText(bytes: Uint8Array, charset?: string): string {
  const bom = byteOrderMark(bytes);
  const text = bom ? new TextDecoder(bom.encoding).decode(bytes.subarray(bom.length)) : (decodeDeclared(bytes, charset) ?? decodeUtf8OrLegacy(bytes));
  return text.replace(/\r\n?/g, '\n');
}

function decodeDeclared(bytes: Uint8Array, charset: string | undefined): string | undefined {
  if (!charset) return undefined;
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset.trim());
  } catch {
    return undefined;
  }
  // A page that declares UTF-8 but is not is common enough that the legacy fallback must still apply.
  if (decoder.encoding === 'utf-8') return undefined;
  return decoder.encoding === 'windows-1252' ? decodeWindows1252(bytes) : decoder.decode(bytes);
}

function decodeUtf8OrLegacy(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

/** Windows-1252 differs from Latin-1 only in 0x80-0x9F (curly quotes, dashes, the euro sign). */
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d,
  0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/** Node 20's TextDecoder decodes the label windows-1252 as Latin-1, losing exactly those characters. */
function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += 8192) {
    const codes = Array.from(bytes.subarray(start, start + 8192), (byte) => (byte >= 0x80 && byte <= 0x9f ? (WINDOWS_1252_HIGH[byte - 0x80] ?? byte) : byte));
    text += String.fromCharCode(...codes);
  }
  return text;
}

function byteOrderMark(bytes: Uint8Array): { encoding: string; length: number } | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return undefined;
}
