import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../../src/domain/shared/engine-error';
import { createDocumentParser, type DocumentParserOptions } from '../../src/engines/digitize/document-parser';
import { PDF_PAGES, buildDocx, buildPdf, makeTempDir, type TempDir } from '../support/documents';
import { buildLargeHtml, buildNestedHtml, buildZipBombDocx } from '../support/hostile-documents';

const MB = 1024 * 1024;

/** Limits low enough that the hostile files below can be small; time generous for a parser that starts through tsx. */
const OPTIONS: DocumentParserOptions = {
  concurrency: 2,
  timeoutMs: 30_000,
  maxMemoryMb: 512,
  limits: { maxHtmlBytes: MB / 2, maxDocxPartBytes: MB, maxTextBytes: MB },
};

let temp: TempDir;

beforeAll(async () => {
  temp = await makeTempDir('document-parser-test-');
});

afterAll(async () => {
  await temp.remove();
});

/** Rejects with an EngineError of `message` that retrying cannot help. */
async function failsFor(promise: Promise<unknown>, message: string): Promise<void> {
  await expect(promise).rejects.toThrow(EngineError);
  await expect(promise).rejects.toMatchObject({ message, retryable: false });
}

/** The longest this process's event loop was held between `start` and `stop`, in ms. */
function loopWatch(): { stop(): number } {
  let longest = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 10);
  return {
    stop() {
      clearInterval(timer);
      return longest;
    },
  };
}

describe('the document parser', () => {
  it('reads a PDF in a process of its own, page by page', async () => {
    const parser = createDocumentParser(OPTIONS);
    const path = await temp.write('story.pdf', await buildPdf());
    const heard: [number, number | null][] = [];

    const { text } = await parser.parse({ path, format: 'pdf' }, { lane: 'acme', onProgress: (done, total) => heard.push([done, total]) });

    expect(text).toContain(PDF_PAGES[1][2]);
    expect(heard).toEqual([
      [1, 2],
      [2, 2],
    ]);
  });

  it('stops a page nested thousands deep at the time limit, the service untouched', async () => {
    const parser = createDocumentParser({ ...OPTIONS, timeoutMs: 3_000 });
    // Read in the service's own thread, this page held it for minutes.
    const path = await temp.write('nested.html', buildNestedHtml(3_000));
    const loop = loopWatch();

    await failsFor(parser.parse({ path, format: 'html' }, { lane: 'acme' }), 'Reading the document took longer than 3 s');

    expect(loop.stop()).toBeLessThan(1_000);
  });

  it('stops a zip bomb at the part limit while it inflates', async () => {
    const parser = createDocumentParser(OPTIONS);
    const path = await temp.write('bomb.docx', await buildZipBombDocx(8 * MB));

    await failsFor(parser.parse({ path, format: 'docx' }, { lane: 'acme' }), 'The DOCX document has a part (word/document.xml) larger than 1 MB unpacked');
  });

  it('kills a parser that outgrows its memory, and the service keeps its own', async () => {
    const parser = createDocumentParser({ ...OPTIONS, maxMemoryMb: 256, limits: { ...OPTIONS.limits, maxDocxPartBytes: 1024 * MB } });
    const path = await temp.write('big-bomb.docx', await buildZipBombDocx(400 * MB));
    const before = process.memoryUsage().rss;

    await failsFor(parser.parse({ path, format: 'docx' }, { lane: 'acme' }), 'Reading the document needs more than 256 MB of memory');

    expect(process.memoryUsage().rss - before).toBeLessThan(200 * MB);
  });

  it('refuses a page over the HTML limit and a text over the text limit', async () => {
    const parser = createDocumentParser(OPTIONS);
    const page = await temp.write('large.html', buildLargeHtml(MB));
    const text = await temp.write('large.txt', 'words '.repeat(MB / 3));

    await failsFor(parser.parse({ path: page, format: 'html' }, { lane: 'acme' }), 'The HTML page is larger than 0.5 MB');
    await failsFor(parser.parse({ path: text, format: 'text' }, { lane: 'acme' }), 'The document gives more than 1 MB of text');
  });

  it('reads the next document after one was killed', async () => {
    const parser = createDocumentParser({ ...OPTIONS, concurrency: 1 });
    const nested = await temp.write('nested-again.html', buildNestedHtml(3_000));
    const docx = await temp.write('guide.docx', await buildDocx());
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 500);

    const [killed, read] = await Promise.allSettled([
      parser.parse({ path: nested, format: 'html' }, { lane: 'acme', signal: stop.signal }),
      parser.parse({ path: docx, format: 'docx' }, { lane: 'acme' }),
    ]);

    expect(killed.status).toBe('rejected');
    expect(read.status === 'fulfilled' && read.value.text).toMatch(/^# Field Guide to Alpine Flowers/);
  });

  it('takes waiting documents from the partners in turn', async () => {
    const parser = createDocumentParser({ ...OPTIONS, concurrency: 1 });
    const path = await temp.write('turns.pdf', await buildPdf());
    const finished: string[] = [];
    const read = (name: string, lane: string) => parser.parse({ path, format: 'pdf' }, { lane }).then(() => finished.push(name));

    await Promise.all([read('acme 1', 'acme'), read('acme 2', 'acme'), read('beta 1', 'beta')]);

    expect(finished).toEqual(['acme 1', 'beta 1', 'acme 2']);
  });

  it('kills the parser when its job is stopped, and gives up a wait', async () => {
    const parser = createDocumentParser({ ...OPTIONS, concurrency: 1, timeoutMs: 60_000 });
    const path = await temp.write('nested-stopped.html', buildNestedHtml(3_000));
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 500);

    const [running, waiting] = await Promise.allSettled([
      parser.parse({ path, format: 'html' }, { lane: 'acme', signal: stop.signal }),
      parser.parse({ path, format: 'html' }, { lane: 'beta', signal: stop.signal }),
    ]);

    const stopped = { status: 'rejected', reason: expect.objectContaining({ message: 'Reading the document was stopped', retryable: true }) };
    expect(running).toMatchObject(stopped);
    expect(waiting).toMatchObject(stopped);
  });
});
