import { readFile } from 'node:fs/promises';
import mammoth from 'mammoth';
import { EngineError } from '../../domain/shared/engine-error';
import { htmlToMarkdown } from './html-text';

/** Images never reach the text, so mammoth need not read and encode them. */
const DROP_IMAGES = mammoth.images.imgElement(async () => ({ src: '' }));

/** Word's own Title style is not in mammoth's default map; it heads the document. */
const STYLE_MAP = ["p[style-name='Title'] => h1:fresh"];

/** The text of a Word document as Markdown, headings as `#` lines so it can be split by heading. */
export async function extractDocxText(path: string): Promise<string> {
  const buffer = await readFile(path);
  let html: string;
  try {
    const options = { styleMap: STYLE_MAP, convertImage: DROP_IMAGES, externalFileAccess: false };
    html = (await mammoth.convertToHtml({ buffer }, options)).value;
  } catch {
    throw new EngineError('The file is not a readable DOCX document', false);
  }
  return htmlToMarkdown(html);
}
