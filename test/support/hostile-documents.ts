import { Readable } from 'node:stream';
import yazl from 'yazl';

/**
 * Documents built to hurt a reader, small or full-size, the kinds an outside audit sent:
 * many pages, a zip bomb, deep nesting, sheer size. The tests build them small with low
 * limits; bench/documents.ts builds them at the audit's sizes.
 */

/**
 * A PDF of `pages` pages with one short line each: its reading cost grows with the square of
 * the pages (the audit's 10,000 pages took a service 12 s, 100,000 over 10 minutes). Written
 * by hand rather than with pdf-lib, whose own time also grows faster than the pages (20,000
 * took it 30 s): one page tree holding every page, each page with its own content stream.
 */
export function buildManyPagesPdf(pages: number): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '', '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  const kids: string[] = [];
  for (let number = 1; number <= pages; number++) {
    const page = objects.length + 1;
    const content = `BT /F1 10 Tf 10 50 Td (Page ${number}) Tj ET`;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Resources << /Font << /F1 3 0 R >> >> /Contents ${page + 1} 0 R >>`);
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    kids.push(`${page} 0 R`);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`;
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const DOCX_PARTS = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  '_rels/.rels':
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
};
const DOCUMENT_START =
  '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>';
const DOCUMENT_END = '</w:t></w:r></w:p></w:body></w:document>';

/**
 * A DOCX whose `word/document.xml` inflates to about `inflatedBytes` (one run of the same
 * letter, which deflate shrinks a thousandfold). Streamed, so even 1 GiB takes little memory.
 */
export function buildZipBombDocx(inflatedBytes: number): Promise<Buffer> {
  const archive = new yazl.ZipFile();
  for (const [name, content] of Object.entries(DOCX_PARTS)) archive.addBuffer(Buffer.from(content), name);
  archive.addReadStream(Readable.from(letters(inflatedBytes)), 'word/document.xml');
  archive.end();
  return collect(archive.outputStream);
}

function* letters(total: number): Generator<Buffer> {
  const block = Buffer.alloc(1024 * 1024, 'a');
  yield Buffer.from(DOCUMENT_START);
  for (let left = total; left > 0; left -= block.length) yield left >= block.length ? block : block.subarray(0, left);
  yield Buffer.from(DOCUMENT_END);
}

/** A page of `depth` divs each inside the previous one, with a word at the bottom. */
export function buildNestedHtml(depth: number): string {
  return `<!DOCTYPE html><html><head><title>Deep</title></head><body>${'<div>'.repeat(depth)}bottom${'</div>'.repeat(depth)}</body></html>`;
}

/** A plain article page of about `bytes`, paragraph after paragraph. */
export function buildLargeHtml(bytes: number): string {
  const paragraph = `<p>${'A sentence that says little and goes on. '.repeat(20)}</p>\n`;
  return `<!DOCTYPE html><html><head><title>Large</title></head><body><article>${paragraph.repeat(Math.ceil(bytes / paragraph.length))}</article></body></html>`;
}

function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}
