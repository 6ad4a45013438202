import { readFile } from 'node:fs/promises';
import mammoth from 'mammoth';
import yauzl from 'yauzl';
import { EngineError } from '../../domain/shared/engine-error';
import { megabytes } from './document-limits';
import { htmlToMarkdown } from './html-text';

/** Images never reach the text, so mammoth need not read and encode them. */
const DROP_IMAGES = mammoth.images.imgElement(async () => ({ src: '' }));

/** Word's own Title style is not in mammoth's default map; it heads the document. */
const STYLE_MAP = ["p[style-name='Title'] => h1:fresh"];

const UNREADABLE = 'The file is not a readable DOCX document';

/**
 * The text of a Word document as Markdown, headings as `#` lines so it can be split by heading.
 * mammoth inflates each part it reads whole, in memory: every part is first inflated here as a
 * stream and counted, so a zip bomb stops at `maxPartBytes` instead of at the memory limit.
 */
export async function extractDocxText(path: string, maxPartBytes = Infinity): Promise<string> {
  await checkPartSizes(path, maxPartBytes);
  const buffer = await readFile(path);
  let html: string;
  try {
    const options = { styleMap: STYLE_MAP, convertImage: DROP_IMAGES, externalFileAccess: false };
    html = (await mammoth.convertToHtml({ buffer }, options)).value;
  } catch {
    throw new EngineError(UNREADABLE, false);
  }
  return htmlToMarkdown(html);
}

/** Every part, not only those mammoth is known to read: the package's relationships say which it reads. */
async function checkPartSizes(path: string, maxPartBytes: number): Promise<void> {
  if (maxPartBytes === Infinity) return;
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (error, file) => (error ? reject(new EngineError(UNREADABLE, false)) : resolve(file)));
  });
  try {
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      const tooLarge = () =>
        new EngineError(`The DOCX document has a part (${entry.fileName.slice(0, 100)}) larger than ${megabytes(maxPartBytes)} unpacked`, false);
      // The declared size is checked too, but a zip may lie about it: the bytes are counted.
      if (entry.uncompressedSize > maxPartBytes) throw tooLarge();
      let inflated = 0;
      for await (const chunk of await openEntry(zip, entry)) {
        inflated += (chunk as Buffer).length;
        if (inflated > maxPartBytes) throw tooLarge();
      }
    }
  } catch (error) {
    throw error instanceof EngineError ? error : new EngineError(UNREADABLE, false);
  } finally {
    zip.close();
  }
}

function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | undefined> {
  return new Promise((resolve, reject) => {
    const settle = (entry?: yauzl.Entry, error?: Error): void => {
      zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
      if (error) reject(error);
      else resolve(entry);
    };
    const onEntry = (entry: yauzl.Entry) => settle(entry);
    const onEnd = () => settle();
    const onError = (error: Error) => settle(undefined, error);
    zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
    zip.readEntry();
  });
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))));
}
