import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';
import { decodeText } from './plain-text';

/** The part of linkedom's DOM read here; linkedom's own types need the DOM lib. */
interface DomElement {
  readonly nodeName: string;
  readonly textContent: string | null;
  readonly parentNode: DomElement | null;
  readonly previousElementSibling: DomElement | null;
  readonly children: ArrayLike<DomElement>;
  getAttribute(name: string): string | null;
  querySelector(selectors: string): DomElement | null;
  querySelectorAll(selectors: string): Iterable<DomElement>;
  closest(selectors: string): DomElement | null;
  remove(): void;
}

interface DomDocument {
  readonly body: DomElement;
  querySelector(selectors: string): DomElement | null;
  querySelectorAll(selectors: string): Iterable<DomElement>;
}

/** Elements whose content is never text a reader sees (and rules, which the text does without). */
const SKIPPED_SELECTOR = [
  'script',
  'style',
  'noscript',
  'template',
  'head',
  'title',
  'meta',
  'link',
  'svg',
  'canvas',
  'iframe',
  'object',
  'embed',
  'audio',
  'video',
  'picture',
  'img',
  'map',
  'button',
  'input',
  'select',
  'option',
  'textarea',
  'hr',
].join(',');

/** Site chrome wherever it stands. */
const CHROME_SELECTOR = 'nav, [role="navigation"], [hidden], [aria-hidden="true"]';
/** Site chrome when outside the article; inside one, these hold its title, byline or notes. */
const PAGE_CHROME_SELECTOR = 'header, footer, aside, [role="banner"], [role="contentinfo"], [role="complementary"]';

/**
 * The readable article of a page as Markdown: headings as `#` lines, paragraphs separated
 * by blank lines, lists as `- ` items. The title is the page's own (Readability cleans the
 * site name off it); `url` names the page when it declares no title.
 */
export function extractHtmlText(html: string, url?: string): { title?: string; text: string } {
  const document = withoutChrome(parseDocument(html));
  const declaredTitle = collapse(document.querySelector('title')?.textContent ?? '');
  const firstHeading = collapse(document.querySelector('h1')?.textContent ?? '');
  const readable = document as unknown as ConstructorParameters<typeof Readability>[0];
  const article = new Readability(readable, { serializer: (node: unknown) => node }).parse();
  const articleNode = article?.content as DomElement | null | undefined;
  const title = collapse(article?.title ?? '') || declaredTitle || firstHeading || undefined;

  let text = articleNode && collapse(articleNode.textContent ?? '') ? toMarkdown(articleNode) : '';
  // Readability changes the tree it reads, so the fallback starts from a fresh parse.
  if (!text) text = toMarkdown(withoutChrome(parseDocument(html)).body);
  if (title) text = withTitleHeading(text, title);
  return { title: title ?? titleFromUrl(url), text };
}

/** Converts HTML (a page or a fragment such as mammoth's output) to Markdown text. */
export function htmlToMarkdown(html: string): string {
  return toMarkdown(parseDocument(html).body);
}

/**
 * Decodes a downloaded or stored page: byte order mark, then the Content-Type header's
 * charset, then a `<meta>` declaration near the top, then UTF-8.
 */
export function decodeHtml(bytes: Uint8Array, contentType?: string): string {
  const fromHeader = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  const head = Buffer.from(bytes.subarray(0, 2048)).toString('latin1');
  const fromMeta = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1];
  return decodeText(bytes, fromHeader ?? fromMeta);
}

/**
 * linkedom builds a broken tree (no body, or the head as the root) unless the markup has
 * html, head and body, which fragments and sloppy pages often lack.
 */
function parseDocument(html: string): DomDocument {
  const inner = html.replace(/<!doctype[^>]*>/gi, '').replace(/<\/?html(?=[\s>/])[^>]*>/gi, '');
  const bodyAt = inner.search(/<body(?=[\s>/])/i);
  const headEnd = /<\/head\s*>/i.exec(inner);
  const splitAt = bodyAt >= 0 ? bodyAt : headEnd ? headEnd.index + headEnd[0].length : 0;
  const head = inner.slice(0, splitAt).replace(/<\/?head(?=[\s>/])[^>]*>/gi, '');
  const body = inner.slice(splitAt).replace(/<\/?body(?=[\s>/])[^>]*>/gi, '');
  const page = `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;
  return (parseHTML(page) as unknown as { document: DomDocument }).document;
}

/** Readability scores chrome lower but still returns it on short pages; it never belongs in the text. */
function withoutChrome(document: DomDocument): DomDocument {
  for (const element of [...document.querySelectorAll(CHROME_SELECTOR)]) element.remove();
  for (const element of [...document.querySelectorAll(PAGE_CHROME_SELECTOR)]) {
    if (!element.closest('article, main, [role="main"]')) element.remove();
  }
  return document;
}

function withTitleHeading(text: string, title: string): string {
  const wanted = title.toLowerCase();
  const hasTitle = text.split('\n').some((line) => /^#{1,6} /.test(line) && line.replace(/^#+ /, '').trim().toLowerCase() === wanted);
  if (hasTitle) return text;
  return text ? `# ${title}\n\n${text}` : `# ${title}`;
}

function titleFromUrl(url: string | undefined): string | undefined {
  if (!url || !URL.canParse(url)) return undefined;
  const { pathname, hostname } = new URL(url);
  const segment = pathname.split('/').filter(Boolean).pop() ?? '';
  let words: string;
  try {
    words = decodeURIComponent(segment)
      .replace(/\.[a-z0-9]{1,5}$/i, '')
      .replace(/[-_+\s]+/g, ' ')
      .trim();
  } catch {
    words = '';
  }
  return words || hostname || undefined;
}

/**
 * Turndown writes the Markdown; these rules keep the text's conventions. The structure a
 * reader and the heading splitter need is Markdown: `#` headings on one line, `- ` and `1. `
 * items (a nested list indented under its item), `>` quotes, fenced code, pipe tables. Inside
 * it, plain text: emphasis, links and inline code give their words only (link targets and
 * marks are noise to retrieval and rewriting), and only a line that would read as a heading is
 * escaped. Images, form controls, embeds and rules give nothing.
 */
const markdown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', br: '' });
markdown.escape = (text: string) => text.replace(/^(#{1,6})(?=\s|$)/, '\\$1');
markdown.addRule('words only', {
  filter: ['a', 'b', 'strong', 'i', 'em', 'code', 'kbd', 'samp', 'var', 'mark', 'u', 's', 'del', 'ins', 'sub', 'sup', 'small'],
  replacement: (content) => content,
});
markdown.addRule('heading on one line', {
  filter: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
  replacement: (content, node) => {
    const text = collapse(content);
    return text ? `\n\n${'#'.repeat(Number(node.nodeName.charAt(1)))} ${text}\n\n` : '';
  },
});
markdown.addRule('list item', {
  filter: 'li',
  replacement: (content, node) => {
    const marker = markerOf(node as unknown as DomElement);
    return `${marker}${indent(trimNewlines(content), marker.length)}\n`;
  },
});
markdown.addRule('list in a list', {
  // Not valid HTML, but common: a list straight inside another is nested under the item before it.
  filter: (node) => isList(node) && isList(node.parentNode),
  replacement: (content, node) => {
    const previous = (node as unknown as DomElement).previousElementSibling;
    const width = previous?.nodeName === 'LI' ? markerOf(previous).length : 2;
    return `${' '.repeat(width)}${indent(trimNewlines(content), width)}\n`;
  },
});
markdown.addRule('code block', {
  filter: 'pre',
  replacement: (_content, node) => `\n\n${fenced(node.textContent ?? '')}\n\n`,
});
// A pipe table: the first row with text is the header, every row as wide as the widest.
markdown.addRule('table cell', {
  filter: ['th', 'td'],
  replacement: (content) => ` ${collapse(content).replace(/\|/g, '\\|')} |`,
});
markdown.addRule('table row', {
  filter: 'tr',
  replacement: (content, node) => {
    const row = node as unknown as DomElement;
    const table = tableOf(row);
    if (!table || !collapse(row.textContent ?? '')) return '';
    const line = `|${content}${'  |'.repeat(table.width - cellsOf(row).length)}\n`;
    return row === table.header ? `${line}|${' --- |'.repeat(table.width)}\n` : line;
  },
});
markdown.addRule('table section', {
  filter: ['thead', 'tbody', 'tfoot'],
  replacement: (content) => content,
});
markdown.addRule('table caption', {
  filter: 'caption',
  replacement: (content) => `\n\n${collapse(content)}\n\n`,
});

function toMarkdown(root: DomElement): string {
  // Taken out of the tree rather than given no text, so the spaces around them collapse.
  for (const element of [...root.querySelectorAll(SKIPPED_SELECTOR)]) element.remove();
  const text = markdown.turndown(root as unknown as TurndownService.Node);
  // Turndown ends a blank line inside a quoted or indented block with the prefix's spaces.
  return text.replace(/[ \t]+$/gm, '');
}

/** An item's marker: `- `, or its number in an ordered list (which may start elsewhere than 1). */
function markerOf(item: DomElement): string {
  const list = item.parentNode;
  if (list?.nodeName !== 'OL') return '- ';
  const start = Number.parseInt(list.getAttribute('start') ?? '', 10) || 1;
  return `${start + Array.prototype.indexOf.call(list.children, item)}. `;
}

function isList(node: { nodeName: string } | null): boolean {
  return node?.nodeName === 'UL' || node?.nodeName === 'OL';
}

function trimNewlines(text: string): string {
  return text.replace(/^\n+/, '').replace(/\n+$/, '');
}

/** Indents every line after the first, under a marker `width` wide. */
function indent(text: string, width: number): string {
  return text.replace(/\n/g, `\n${' '.repeat(width)}`);
}

function fenced(code: string): string {
  const body = code.replace(/^\n/, '').replace(/\s+$/, '');
  if (!body) return '';
  const longestRun = Math.max(0, ...(body.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  return `${fence}\n${body}\n${fence}`;
}

interface TableShape {
  header: DomElement;
  width: number;
}

/** Each table's header row and width, read once per conversion of the table's rows. */
const tableShapes = new WeakMap<DomElement, TableShape | null>();

function tableOf(row: DomElement): TableShape | null {
  const table = row.closest('table');
  if (!table) return null;
  let shape = tableShapes.get(table);
  if (shape === undefined) {
    const rows = [...table.querySelectorAll('tr')].filter((each) => each.closest('table') === table);
    const header = rows.find((each) => collapse(each.textContent ?? ''));
    shape = header ? { header, width: Math.max(...rows.map((each) => cellsOf(each).length)) } : null;
    tableShapes.set(table, shape);
  }
  return shape;
}

function cellsOf(row: DomElement): DomElement[] {
  return Array.from(row.children).filter((cell) => cell.nodeName === 'TD' || cell.nodeName === 'TH');
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
