import { extname } from 'node:path';
import type { DocumentFormat } from './document-format';
import type { BlobStore } from '../../store/blob-store';
import type { ToolUnavailable } from '../shared/engine-error';

const EXTENSIONS: Record<Exclude<DocumentFormat, 'audio' | 'video'>, string> = {
  pdf: 'pdf',
  docx: 'docx',
  html: 'html',
  text: 'txt',
  markdown: 'md',
};

export const UNSUPPORTED_DOCUMENT = 'The file is not a supported document format (PDF, DOCX, HTML, text, Markdown, audio or video)';

/** Why audio and video cannot be taken now (a required audio tool was missing at start); null when they can. */
export type MediaRefusal = () => ToolUnavailable | null;

/**
 * Audio and video are digitized by ffprobe and ffmpeg: without one, such a file is refused here
 * (503 naming the tool, as a voice's recording is) before anything is stored, rather than
 * accepted for a job bound to fail. The other formats need no audio tool.
 */
export function refuseMediaWithoutTools(format: DocumentFormat, refusal: MediaRefusal): void {
  if (format !== 'audio' && format !== 'video') return;
  const refused = refusal();
  if (refused) throw refused;
}

/** Formats whose original is text a client can read back as it is. */
export const TEXT_FORMATS: readonly DocumentFormat[] = ['html', 'text', 'markdown'];

/**
 * The name we give an original: `original.<ext>`. Media keep the client's extension when it
 * is a plain short one, because decoders and people both go by it.
 */
export function originalFilename(format: DocumentFormat, sourceName: string | null | undefined): string {
  if (format === 'audio' || format === 'video') {
    const extension = extname(sourceName ?? '')
      .slice(1)
      .toLowerCase();
    return `original.${/^[a-z0-9]{2,5}$/.test(extension) ? extension : format === 'audio' ? 'audio' : 'video'}`;
  }
  return `original.${EXTENSIONS[format]}`;
}

/** Stores a text as a new blob. */
export function storeText(blobs: BlobStore, text: string): Promise<string> {
  return blobs.put(text);
}

export async function readText(blobs: BlobStore, blobId: string): Promise<string> {
  return (await blobs.readBytes(blobId)).toString('utf8');
}

/** A document name from a URL: its last path segment, else its host. */
export function nameFromUrl(url: string): string {
  const parsed = new URL(url);
  const segment = parsed.pathname.split('/').filter(Boolean).pop() ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    decoded = segment;
  }
  const cleaned = decoded
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255);
  return cleaned || parsed.hostname || 'Untitled';
}

/** A document name from an uploaded file's name, without its directory or extension. */
export function nameFromFilename(filename: string): string | null {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .trim()
    .slice(0, 255);
  return cleaned || null;
}
