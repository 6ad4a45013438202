import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

/** Lines drawn on each page of the sample PDF, top to bottom. */
export const PDF_PAGES = [
  [
    'Chapter One: The Lighthouse Keeper',
    'The keeper climbed the spiral stairs every evening at dusk.',
    'Salt had crusted the brass rails of the lantern room.',
  ],
  ['Chapter Two: The Storm', 'A storm rolled in from the west before midnight.', 'By morning the fishing boats were safe in the harbour.'],
] as const;

/** A real PDF whose text layer holds `pages`, one drawn line per entry. */
export async function buildPdf(pages: readonly (readonly string[])[] = PDF_PAGES): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([595, 842]);
    lines.forEach((line, index) => {
      page.drawText(line, { x: 50, y: 780 - index * 24, size: 12, font });
    });
  }
  return Buffer.from(await pdf.save());
}

/** A real PDF like a scan: one page holding only an image, no text layer. */
export async function buildScannedPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const image = await pdf.embedPng(grayPng(64, 64));
  const page = pdf.addPage([595, 842]);
  page.drawImage(image, { x: 50, y: 500, width: 300, height: 300 });
  page.drawRectangle({ x: 40, y: 490, width: 320, height: 320, borderColor: rgb(0, 0, 0), borderWidth: 1 });
  return Buffer.from(await pdf.save());
}

/** Text of the sample DOCX: a title, a section heading, paragraphs and a bulleted list. */
export const DOCX_CONTENT = {
  title: 'Field Guide to Alpine Flowers',
  intro: 'Edelweiss grows on limestone ledges above two thousand metres.',
  section: 'Where to Look',
  body: 'Gentians open only when the sun reaches the meadow.',
  bullets: ['Check north-facing slopes in July.', 'Carry a hand lens for the small petals.'],
} as const;

export async function buildDocx(): Promise<Buffer> {
  const document = new Document({
    numbering: {
      config: [
        {
          reference: 'bullets',
          levels: [{ level: 0, format: 'bullet', text: '\u2022', alignment: 'left' }],
        },
      ],
    },
    sections: [
      {
        children: [
          new Paragraph({ text: DOCX_CONTENT.title, heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ children: [new TextRun(DOCX_CONTENT.intro)] }),
          new Paragraph({ text: DOCX_CONTENT.section, heading: HeadingLevel.HEADING_2 }),
          new Paragraph({
            children: [new TextRun({ text: 'Gentians open only ', bold: true }), new TextRun('when the sun reaches the meadow.')],
          }),
          ...DOCX_CONTENT.bullets.map((text) => new Paragraph({ text, numbering: { reference: 'bullets', level: 0 } })),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

/** Text of the sample article page, and the site chrome around it that must not be extracted. */
export const ARTICLE = {
  title: 'How Honeybees Choose a New Home',
  paragraphs: [
    'When a colony grows too large, the old queen leaves with about half of the workers and the swarm settles on a branch nearby while scouts search for a new cavity.',
    'Each scout inspects possible sites for volume, entrance size and height above the ground, then returns to the swarm and dances to advertise the best place it has found.',
    'Scouts that find better sites dance longer and with more enthusiasm, so over several hours the support of the swarm shifts towards the strongest candidate.',
    'Once enough scouts gather at a single site, a quorum is reached and the whole swarm takes flight towards its new home, guided by the scouts that know the way.',
  ],
  subheading: 'What Researchers Measured',
  listItems: ['Cavity volume of about forty litres', 'Entrance smaller than fifteen square centimetres'],
  noise: [
    'Subscribe to our newsletter',
    'Home Products Pricing Contact',
    'Copyright 2024 Example Media Group',
    'Related posts you might enjoy',
    'trackingPixelLoaded',
    'font-family-should-not-leak',
  ],
} as const;

/** An article page inside typical site chrome: header, navigation, sidebar, footer, script and style. */
export function buildArticleHtml(): string {
  const [subscribe, menu, copyright, related, scriptText, styleText] = ARTICLE.noise;
  const paragraphs = ARTICLE.paragraphs.map((text) => `      <p>${text}</p>`);
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>${ARTICLE.title} | Nature Weekly</title>
  <style>body { font-family: "${styleText}"; }</style>
  <script>window.${scriptText} = true;</script>
</head>
<body>
  <header class="site-header"><a href="/">Nature Weekly</a><p>${subscribe}</p></header>
  <nav class="main-nav"><ul>${menu
    .split(' ')
    .map((item) => `<li><a href="/${item.toLowerCase()}">${item}</a></li>`)
    .join('')}</ul></nav>
  <div class="layout">
    <article class="post">
      <h1>${ARTICLE.title}</h1>
${paragraphs.slice(0, 2).join('\n')}
      <h2>${ARTICLE.subheading}</h2>
${paragraphs.slice(2).join('\n')}
      <ul>
${ARTICLE.listItems.map((item) => `        <li>${item}</li>`).join('\n')}
      </ul>
      <script>console.log("${scriptText}");</script>
    </article>
    <aside class="sidebar"><h3>${related}</h3><ul><li><a href="/a">Ants</a></li><li><a href="/b">Wasps</a></li></ul></aside>
  </div>
  <footer class="site-footer"><p>${copyright}</p><a href="/privacy">Privacy</a></footer>
</body>
</html>
`;
}

export interface TempDir {
  readonly path: string;
  /** Writes `data` to a file named `name` in the directory and returns its path. */
  write(name: string, data: string | Uint8Array): Promise<string>;
  remove(): Promise<void>;
}

export async function makeTempDir(prefix = 'documents-'): Promise<TempDir> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  return {
    path,
    async write(name, data) {
      const file = join(path, name);
      await writeFile(file, data);
      return file;
    },
    remove: () => rm(path, { recursive: true, force: true }),
  };
}

/** A grayscale gradient PNG, enough to stand in for a scanned page. */
function grayPng(width: number, height: number): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(width + 1);
    for (let x = 0; x < width; x++) row[x + 1] = (x * 4 + y * 2) % 256;
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
