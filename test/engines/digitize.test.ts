import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { splitByHeadings } from '../../src/domain/knowledge-base/chunking';
import { EngineError } from '../../src/domain/shared/engine-error';
import { detectFormat, extractDocxText, extractHtmlText, extractPdfText, extractText, htmlToMarkdown, readPlainText } from '../../src/engines/digitize';
import { ARTICLE, DOCX_CONTENT, PDF_PAGES, buildArticleHtml, buildDocx, buildPdf, buildScannedPdf, makeTempDir, type TempDir } from '../support/documents';

const run = promisify(execFile);

let temp: TempDir;

beforeAll(async () => {
  temp = await makeTempDir('digitize-test-');
});

afterAll(async () => {
  await temp.remove();
});

async function engineError(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

function zip(entries: Record<string, string>): Promise<Buffer> {
  const archive = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries)) archive.addBuffer(Buffer.from(content), name);
  archive.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    archive.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    archive.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    archive.outputStream.on('error', reject);
  });
}

describe('extractPdfText', () => {
  it('reads the text layer of every page, line by line, pages apart', async () => {
    const path = await temp.write('story.pdf', await buildPdf());

    const text = await extractPdfText(path);

    const [first, second] = text.split('\n\n');
    expect(first?.split('\n')).toEqual(PDF_PAGES[0]);
    expect(second?.split('\n')).toEqual(PDF_PAGES[1]);
    expect(text.split('\n\n')).toHaveLength(2);
  });

  it('keeps words apart and lines in order when a page has many lines', async () => {
    const lines = Array.from({ length: 30 }, (_, index) => `Line number ${index + 1} of the long page.`);
    const path = await temp.write('long.pdf', await buildPdf([lines]));

    expect((await extractPdfText(path)).split('\n')).toEqual(lines);
  });

  it('refuses a PDF without a text layer, for good', async () => {
    const path = await temp.write('scan.pdf', await buildScannedPdf());

    const error = await engineError(extractPdfText(path));

    expect(error.message).toBe('The PDF has no text layer (scanned pages need OCR)');
    expect(error.retryable).toBe(false);
  });

  it.each([
    ['random bytes', Buffer.from('this is not a portable document at all, just words')],
    ['a truncated PDF', async () => (await buildPdf()).subarray(0, 300)],
    ['an empty file', Buffer.alloc(0)],
  ])('calls %s not a readable PDF', async (_name, content) => {
    const bytes = typeof content === 'function' ? await content() : content;
    const path = await temp.write(`broken-${bytes.length}.pdf`, bytes);

    const error = await engineError(extractPdfText(path));

    expect(error.message).toBe('The file is not a readable PDF');
    expect(error.retryable).toBe(false);
  });
});

describe('extractDocxText', () => {
  it('keeps headings as Markdown lines, paragraphs and bullets', async () => {
    const path = await temp.write('guide.docx', await buildDocx());

    const text = await extractDocxText(path);

    expect(text).toBe(
      [
        `# ${DOCX_CONTENT.title}`,
        DOCX_CONTENT.intro,
        `## ${DOCX_CONTENT.section}`,
        DOCX_CONTENT.body,
        DOCX_CONTENT.bullets.map((bullet) => `- ${bullet}`).join('\n'),
      ].join('\n\n'),
    );
  });

  it('gives text that splits by its headings', async () => {
    const path = await temp.write('guide-split.docx', await buildDocx());

    const chunks = splitByHeadings(await extractDocxText(path), 2);

    expect(chunks.map((chunk) => chunk.heading)).toEqual([DOCX_CONTENT.title, `${DOCX_CONTENT.title} > ${DOCX_CONTENT.section}`]);
    expect(chunks[1]?.text).toContain(DOCX_CONTENT.bullets[1]);
  });

  it.each([
    ['random bytes', async () => Buffer.from('plain words pretending to be a Word document')],
    ['a zip without a document', () => zip({ 'notes.txt': 'hello' })],
    ['a truncated DOCX', async () => (await buildDocx()).subarray(0, 400)],
  ])('calls %s not a readable DOCX document', async (name, build) => {
    const path = await temp.write(`${name.replace(/\W+/g, '-')}.docx`, await build());

    const error = await engineError(extractDocxText(path));

    expect(error.message).toBe('The file is not a readable DOCX document');
    expect(error.retryable).toBe(false);
  });
});

describe('extractHtmlText', () => {
  it('keeps the article and drops the site around it', () => {
    const { title, text } = extractHtmlText(buildArticleHtml(), 'https://example.com/bees');

    expect(title).toBe(ARTICLE.title);
    expect(text.split('\n\n')).toEqual([
      `# ${ARTICLE.title}`,
      ARTICLE.paragraphs[0],
      ARTICLE.paragraphs[1],
      `## ${ARTICLE.subheading}`,
      ARTICLE.paragraphs[2],
      ARTICLE.paragraphs[3],
      ARTICLE.listItems.map((item) => `- ${item}`).join('\n'),
    ]);
    for (const noise of ARTICLE.noise) expect(text).not.toContain(noise);
    expect(text).not.toContain('Nature Weekly');
  });

  it('reads a fragment without html or body', () => {
    const { text } = extractHtmlText('<h2>Notes</h2><p>First <b>bold</b> point.<br>Second line.</p><script>alert(1)</script>');

    expect(text).toBe('## Notes\n\nFirst bold point.\nSecond line.');
  });

  it('falls back to the body when Readability finds no article', () => {
    const html =
      '<html><head><title>Opening Hours</title><style>p{}</style></head>' +
      '<body><nav>Menu Home</nav><h1>Opening Hours</h1><footer>Imprint</footer></body></html>';

    expect(extractHtmlText(html)).toEqual({ title: 'Opening Hours', text: '# Opening Hours' });
  });

  it('renders ordered lists, nested lists, quotes, code and tables as Markdown', () => {
    const html = `<html><head><title>Recipe</title></head><body><article>
      <h1>Recipe</h1>
      <p>A short recipe with enough words in it to look like an article to the reader mode.</p>
      <ol><li>Boil water</li><li>Add pasta<ul><li>salted</li></ul></li></ol>
      <blockquote><p>Cook it al dente.</p></blockquote>
      <pre><code>timer --minutes 9</code></pre>
      <table><tr><th>Item</th><th>Grams</th></tr><tr><td>Pasta</td><td>100</td></tr></table>
    </article></body></html>`;

    const { text } = extractHtmlText(html);

    expect(text).toContain('1. Boil water\n2. Add pasta\n   - salted');
    expect(text).toContain('> Cook it al dente.');
    expect(text).toContain('```\ntimer --minutes 9\n```');
    expect(text).toContain('| Item | Grams |\n| --- | --- |\n| Pasta | 100 |');
  });

  it('gives links, emphasis and inline code their words only, drops images and controls, and escapes only what would read as a heading', () => {
    const html =
      '<p>The <a href="https://example.com/bees">honeybee</a> is <em>not</em> alone; <strong>bumblebees</strong> use <code>snake_case</code> and 2*3*4.</p>' +
      '<p>Look: <img src="bee.png" alt="a bee"> <button>Buy</button> done.</p><p># Not a heading</p><p>#hashtag</p><hr><p>[draft] - 1. note</p>';

    expect(htmlToMarkdown(html)).toBe(
      'The honeybee is not alone; bumblebees use snake_case and 2*3*4.\n\nLook: done.\n\n\\# Not a heading\n\n#hashtag\n\n[draft] - 1. note',
    );
  });

  it('numbers from where an ordered list starts, nests a list set straight inside another, and keeps code without a code element', () => {
    const html =
      '<ol start="3"><li><p>Find a hive.</p><p>Check it twice.</p></li><li>Open it<br>carefully</li></ol>' +
      '<ul><li>one</li><ul><li>inner</li></ul><li>two</li></ul><pre>\n  indented\n    more\n</pre>';

    // An item's paragraphs stay apart, as they do on the page.
    expect(htmlToMarkdown(html)).toBe(
      '3. Find a hive.\n\n   Check it twice.\n4. Open it\n   carefully\n\n- one\n  - inner\n- two\n\n```\n  indented\n    more\n```',
    );
  });

  it('writes a table once however deep tables nest in it, its caption before it', () => {
    // Each level used to be written again inside the level around it: 2^12 copies of the word.
    const nested = `${'<table><tr><td>'.repeat(12)}core${'</td></tr></table>'.repeat(12)}`;
    const captioned =
      '<table><caption>Prices</caption><thead><tr><th>Item</th><th>Euro</th></tr></thead>' +
      '<tbody><tr><td></td><td></td></tr><tr><td>Tea</td><td>2 | 3</td></tr><tr><td>Cake</td></tr></tbody></table>';

    expect(htmlToMarkdown(nested).match(/core/g)).toEqual(['core']);
    expect(htmlToMarkdown(captioned)).toBe('Prices\n\n| Item | Euro |\n| --- | --- |\n| Tea | 2 \\| 3 |\n| Cake |  |');
  });

  it('names an untitled page after its address', () => {
    expect(extractHtmlText('<p>Just some words.</p>', 'https://example.com/blog/my-first-post.html')).toEqual({
      title: 'my first post',
      text: 'Just some words.',
    });
  });
});

describe('readPlainText', () => {
  it('strips the byte order mark and Windows line endings', async () => {
    const path = await temp.write('notes.txt', Buffer.from('\uFEFF# Notes\r\n\r\nCafé au lait.\r\n', 'utf8'));

    expect(await readPlainText(path)).toBe('# Notes\n\nCafé au lait.\n');
  });

  it('reads UTF-16 with a byte order mark', async () => {
    const path = await temp.write('utf16.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Grüße', 'utf16le')]));

    expect(await readPlainText(path)).toBe('Grüße');
  });

  it('reads legacy Windows-1252 text that is not UTF-8', async () => {
    const path = await temp.write('legacy.txt', Buffer.from([0x93, 0x43, 0x61, 0x66, 0xe9, 0x94]));

    expect(await readPlainText(path)).toBe('\u201cCafé\u201d');
  });

  it('refuses binary content', async () => {
    const path = await temp.write('binary.txt', await buildPdf().then((pdf) => Buffer.concat([pdf, Buffer.alloc(4)])));

    const error = await engineError(readPlainText(path));

    expect(error.message).toBe('The file is not text');
    expect(error.retryable).toBe(false);
  });
});

describe('extractText', () => {
  it('dispatches each format to its reader', async () => {
    const pdf = await temp.write('dispatch.pdf', await buildPdf());
    const docx = await temp.write('dispatch.docx', await buildDocx());
    const html = await temp.write('dispatch.html', buildArticleHtml());
    const markdown = await temp.write('dispatch.md', '## Heading\n\nBody.');

    expect((await extractText(pdf, 'pdf')).text).toContain(PDF_PAGES[1][2]);
    expect((await extractText(docx, 'docx')).text).toContain(`## ${DOCX_CONTENT.section}`);
    expect(await extractText(html, 'html')).toMatchObject({ title: ARTICLE.title });
    expect(await extractText(markdown, 'markdown')).toEqual({ text: '## Heading\n\nBody.' });
    expect(await extractText(markdown, 'text')).toEqual({ text: '## Heading\n\nBody.' });
  });

  it('decodes a stored page in the charset it declares', async () => {
    const head = '<html><head><meta charset="windows-1252"><title>Menu</title></head><body><p>Crème brûlée for 5 ';
    const euro = 0x80;
    const bytes = Buffer.concat([Buffer.from(head, 'latin1'), Buffer.from([euro]), Buffer.from('</p></body></html>')]);
    const path = await temp.write('latin.html', bytes);

    expect((await extractText(path, 'html')).text).toContain('Crème brûlée for 5 €');
  });
});

describe('detectFormat', () => {
  const media: Record<string, { args: string[]; format: 'audio' | 'video' }> = {
    'tone.mp3': { args: ['-f', 'lavfi', '-i', 'sine=duration=0.3'], format: 'audio' },
    'bare.mp3': { args: ['-f', 'lavfi', '-i', 'sine=duration=0.3', '-id3v2_version', '0', '-write_xing', '0'], format: 'audio' },
    'tone.aac': { args: ['-f', 'lavfi', '-i', 'sine=duration=0.3', '-c:a', 'aac'], format: 'audio' },
    'tone.wav': { args: ['-f', 'lavfi', '-i', 'sine=duration=0.3'], format: 'audio' },
    'tone.ogg': { args: ['-f', 'lavfi', '-i', 'sine=duration=0.3', '-c:a', 'libopus'], format: 'audio' },
    'tone.flac': { args: ['-f', 'lavfi', '-i', 'sine=duration=0.3'], format: 'audio' },
    'tone.m4a': { args: ['-f', 'lavfi', '-i', 'sine=duration=0.3', '-c:a', 'aac'], format: 'audio' },
    'clip.mp4': { args: ['-f', 'lavfi', '-i', 'testsrc=duration=0.3:size=64x64', '-pix_fmt', 'yuv420p'], format: 'video' },
    'clip.webm': { args: ['-f', 'lavfi', '-i', 'testsrc=duration=0.3:size=64x64', '-c:v', 'libvpx'], format: 'video' },
    'clip.mkv': { args: ['-f', 'lavfi', '-i', 'testsrc=duration=0.3:size=64x64', '-c:v', 'mpeg4'], format: 'video' },
    'clip.avi': { args: ['-f', 'lavfi', '-i', 'testsrc=duration=0.3:size=64x64', '-c:v', 'mpeg4'], format: 'video' },
    'clip.mov': { args: ['-f', 'lavfi', '-i', 'testsrc=duration=0.3:size=64x64', '-c:v', 'mpeg4'], format: 'video' },
  };

  async function firstBytes(path: string): Promise<Buffer> {
    return (await readFile(path)).subarray(0, 4096);
  }

  it.each(Object.entries(media))('recognises %s by its bytes alone', async (name, { args, format }) => {
    const path = join(temp.path, name);
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args, path]);

    expect(detectFormat({ firstBytes: await firstBytes(path) })).toBe(format);
  });

  it('recognises documents by their bytes, whatever they are called', async () => {
    expect(detectFormat({ filename: 'scan.txt', firstBytes: (await buildPdf()).subarray(0, 4096) })).toBe('pdf');
    expect(detectFormat({ contentType: 'application/octet-stream', firstBytes: (await buildDocx()).subarray(0, 4096) })).toBe('docx');
    expect(detectFormat({ filename: 'page.txt', firstBytes: Buffer.from('\uFEFF  <!DOCTYPE html><html><body>x') })).toBe('html');
    expect(detectFormat({ firstBytes: Buffer.from('<html lang="en"><head>') })).toBe('html');
  });

  it('uses the content type, then the file name, for text', () => {
    const text = Buffer.from('# Title\n\nSome words.');

    expect(detectFormat({ contentType: 'text/markdown; charset=utf-8', filename: 'a.txt', firstBytes: text })).toBe('markdown');
    expect(detectFormat({ contentType: 'text/html', filename: 'a.md', firstBytes: text })).toBe('html');
    expect(detectFormat({ contentType: 'text/plain', filename: 'README.md', firstBytes: text })).toBe('markdown');
    expect(detectFormat({ contentType: 'text/plain', filename: 'a.txt', firstBytes: text })).toBe('text');
    expect(detectFormat({ contentType: 'application/octet-stream', filename: 'Notes.MARKDOWN', firstBytes: text })).toBe('markdown');
    expect(detectFormat({ filename: 'talk.mp3', firstBytes: Buffer.alloc(16) })).toBe('audio');
    expect(detectFormat({ contentType: 'video/quicktime', firstBytes: Buffer.alloc(16) })).toBe('video');
    expect(detectFormat({ firstBytes: text })).toBe('text');
  });

  it('gives null for what no reader handles', async () => {
    const png = (await readFile(await temp.write('pixel.png', await pngFromFfmpeg()))).subarray(0, 4096);

    expect(detectFormat({ firstBytes: png })).toBeNull();
    expect(detectFormat({ filename: 'sheet.xlsx', firstBytes: await zip({ 'xl/workbook.xml': '<workbook/>' }) })).toBeNull();
    expect(detectFormat({ filename: 'archive', firstBytes: Buffer.from([0x00, 0x01, 0x02, 0x03]) })).toBeNull();
    expect(detectFormat({ firstBytes: Buffer.alloc(0) })).toBeNull();
  });

  it('does not mistake UTF-16 text for MPEG audio', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Hello', 'utf16le')]);

    expect(detectFormat({ filename: 'hello.txt', firstBytes: utf16 })).toBe('text');
  });

  async function pngFromFfmpeg(): Promise<Buffer> {
    const path = join(temp.path, 'frame.png');
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=red:size=8x8', '-frames:v', '1', path]);
    return readFile(path);
  }
});
