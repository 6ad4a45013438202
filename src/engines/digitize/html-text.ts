import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { decodeText } from './plain-text';

/** The part of the DOM the Markdown writer reads; linkedom's own types need the DOM lib. */
interface DomNode {
  readonly nodeType: number;
  readonly textContent: string | null;
  readonly childNodes: Iterable<DomNode>;
}

interface DomElement extends DomNode {
  readonly tagName: string;
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

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** Elements whose content is never text a reader sees. */
const SKIPPED = new Set([
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
]);

const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'center',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);
const BLOCK_SELECTOR = [...BLOCKS].join(',');

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

function toMarkdown(root: DomNode): string {
  return renderBlocks(root).join('\n\n');
}

function renderBlocks(parent: DomNode): string[] {
  const blocks: string[] = [];
  let inline = '';
  const flush = (): void => {
    const paragraph = normalizeInline(inline)
      .split('\n')
      .map((line) => line.replace(/^(#{1,6})(?=\s|$)/, '\\$1'))
      .join('\n');
    if (paragraph) blocks.push(paragraph);
    inline = '';
  };

  for (const node of parent.childNodes) {
    if (node.nodeType === TEXT_NODE) {
      inline += collapseSpaces(node.textContent ?? '');
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE) continue;
    const element = node as DomElement;
    const tag = element.tagName.toLowerCase();
    if (SKIPPED.has(tag)) continue;
    if (tag === 'br') {
      inline += '\n';
      continue;
    }
    if (!BLOCKS.has(tag) && !element.querySelector(BLOCK_SELECTOR)) {
      inline += inlineText(element);
      continue;
    }
    flush();
    blocks.push(...renderBlock(element, tag));
  }
  flush();
  return blocks;
}

function renderBlock(element: DomElement, tag: string): string[] {
  const heading = /^h([1-6])$/.exec(tag);
  if (heading) {
    const text = collapse(inlineText(element));
    return text ? [`${'#'.repeat(Number(heading[1]))} ${text}`] : [];
  }
  switch (tag) {
    case 'ul':
    case 'ol':
      return nonEmpty(renderList(element, tag === 'ol'));
    case 'pre':
      return nonEmpty(renderCode(element.textContent ?? ''));
    case 'blockquote':
      return nonEmpty(quote(renderBlocks(element).join('\n\n')));
    case 'table':
      return nonEmpty(renderTable(element));
    case 'hr':
      return [];
    default:
      return renderBlocks(element);
  }
}

function renderList(list: DomElement, ordered: boolean): string {
  const items: string[] = [];
  let number = Number.parseInt(list.getAttribute('start') ?? '', 10) || 1;
  for (const child of elementChildren(list)) {
    const tag = child.tagName.toLowerCase();
    if (tag === 'ul' || tag === 'ol') {
      const nested = renderList(child, tag === 'ol');
      if (nested) items.push(indent(nested, '  '));
      continue;
    }
    const body = renderBlocks(child).join('\n');
    if (!body) continue;
    const marker = ordered ? `${number++}. ` : '- ';
    items.push(marker + body.split('\n').join(`\n${' '.repeat(marker.length)}`));
  }
  return items.join('\n');
}

function renderCode(code: string): string {
  const body = code.replace(/^\n/, '').replace(/\s+$/, '');
  if (!body) return '';
  const longestRun = Math.max(0, ...(body.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  return `${fence}\n${body}\n${fence}`;
}

function renderTable(table: DomElement): string {
  const rows = [...table.querySelectorAll('tr')].map((row) =>
    elementChildren(row)
      .filter((cell) => /^t[dh]$/i.test(cell.tagName))
      .map((cell) => collapse(renderBlocks(cell).join(' ')).replace(/\|/g, '\\|')),
  );
  const filled = rows.filter((cells) => cells.some(Boolean));
  const [first] = filled;
  if (!first) return '';
  const width = Math.max(...filled.map((cells) => cells.length));
  const line = (cells: string[]): string => `| ${Array.from({ length: width }, (_, index) => cells[index] ?? '').join(' | ')} |`;
  return [line(first), line(Array<string>(width).fill('---')), ...filled.slice(1).map(line)].join('\n');
}

function inlineText(element: DomElement): string {
  let text = '';
  for (const node of element.childNodes) {
    if (node.nodeType === TEXT_NODE) text += collapseSpaces(node.textContent ?? '');
    if (node.nodeType !== ELEMENT_NODE) continue;
    const child = node as DomElement;
    const tag = child.tagName.toLowerCase();
    if (tag === 'br') text += '\n';
    else if (!SKIPPED.has(tag)) text += inlineText(child);
  }
  return text;
}

function elementChildren(element: DomElement): DomElement[] {
  return [...element.childNodes].filter((node): node is DomElement => node.nodeType === ELEMENT_NODE);
}

function normalizeInline(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

function quote(text: string): string {
  return text
    ? text
        .split('\n')
        .map((line) => (line ? `> ${line}` : '>'))
        .join('\n')
    : '';
}

function indent(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line) => (line ? prefix + line : line))
    .join('\n');
}

function nonEmpty(block: string): string[] {
  return block ? [block] : [];
}

function collapseSpaces(text: string): string {
  return text.replace(/\s+/g, ' ');
}

function collapse(text: string): string {
  return collapseSpaces(text).trim();
}
