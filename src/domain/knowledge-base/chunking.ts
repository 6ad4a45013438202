/** A piece of a document to embed, under the path of headings it stands in (`Book > Chapter 2`). */
export interface Chunk {
  heading?: string;
  text: string;
}

/** Upper bound of a chunk's text: long enough for context, short enough for embedding models. */
export const MAX_CHUNK_CHARS = 2000;

const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*))?$/;
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;

/** Where long text may be cut, best first: after a sentence, at a line end, between words. */
const BOUNDARIES = [/[.!?…]+["'”’)\]]*\s+|[。！？]+["'”’」』)\]]*\s*/g, /\n+/g, /\s+/g];

/**
 * Splits Markdown-style text into chunks. Level 0 keeps the document whole; level N starts a
 * chunk at every heading of depth N or less and keeps the heading path on it (the heading
 * line itself is not repeated in the text). Every chunk is cut to at most `maxChars`
 * characters on paragraph, then sentence, line and word boundaries. Headings inside fenced
 * code are code, and chunks are never empty.
 */
export function splitByHeadings(text: string, level: number, maxChars = MAX_CHUNK_CHARS): Chunk[] {
  if (!Number.isInteger(level) || level < 0 || level > 6) {
    throw new RangeError(`The split level must be an integer from 0 to 6, not ${level}`);
  }
  if (!Number.isInteger(maxChars) || maxChars < 1) {
    throw new RangeError(`The chunk size must be a positive integer, not ${maxChars}`);
  }
  return sections(text.replace(/\r\n?/g, '\n'), level).flatMap(({ heading, lines }) =>
    cutToSize(lines, maxChars).map((piece) => (heading ? { heading, text: piece } : { text: piece })),
  );
}

interface Section {
  heading?: string;
  lines: string[];
}

function sections(text: string, level: number): Section[] {
  const result: Section[] = [];
  const path: { depth: number; title: string }[] = [];
  let current: Section = { lines: [] };
  const fences = new FenceTracker();

  for (const line of text.split('\n')) {
    const match = fences.isCode(line) ? null : HEADING.exec(line);
    const depth = match?.[1]?.length ?? 0;
    if (!match || depth > level) {
      current.lines.push(line);
      continue;
    }
    result.push(current);
    while ((path.at(-1)?.depth ?? 0) >= depth) path.pop();
    const title = headingTitle(match[2] ?? '');
    if (title) path.push({ depth, title });
    const heading = path.map((entry) => entry.title).join(' > ');
    current = heading ? { heading, lines: [] } : { lines: [] };
  }
  result.push(current);
  return result;
}

/** The text of an ATX heading without its optional closing run of `#`. */
function headingTitle(content: string): string {
  return content.replace(/(?:^|[ \t]+)#+[ \t]*$/, '').trim();
}

/** Knows, line by line, whether a line belongs to a fenced code block (fences included). */
class FenceTracker {
  private open: string | undefined;

  isCode(line: string): boolean {
    if (this.open) {
      const close = FENCE_CLOSE.exec(line)?.[1];
      if (close && close[0] === this.open[0] && close.length >= this.open.length) this.open = undefined;
      return true;
    }
    this.open = FENCE_OPEN.exec(line)?.[1];
    return this.open !== undefined;
  }
}

function cutToSize(lines: readonly string[], maxChars: number): string[] {
  const parts = paragraphs(lines)
    .flatMap((paragraph) => splitLong(paragraph, maxChars, 0))
    .map((part) => `${part}\n\n`);
  return pack(parts, maxChars);
}

/** Blocks separated by blank lines; a fenced code block stays one block despite blank lines in it. */
function paragraphs(lines: readonly string[]): string[] {
  const blocks: string[] = [];
  const fences = new FenceTracker();
  let block: string[] = [];
  const flush = (): void => {
    const text = block.join('\n').trimEnd();
    if (text) blocks.push(text);
    block = [];
  };
  for (const line of lines) {
    if (!fences.isCode(line) && line.trim() === '') flush();
    else block.push(line);
  }
  flush();
  return blocks;
}

function splitLong(text: string, maxChars: number, boundaryIndex: number): string[] {
  if (text.length <= maxChars) return [text];
  const boundary = BOUNDARIES[boundaryIndex];
  if (!boundary) return hardCut(text, maxChars);
  const parts = segments(text, boundary);
  if (parts.length === 1) return splitLong(text, maxChars, boundaryIndex + 1);
  return pack(
    parts.flatMap((part) => {
      const body = part.trimEnd();
      const separator = part.slice(body.length) || ' ';
      return splitLong(body, maxChars, boundaryIndex + 1).map((piece) => piece + separator);
    }),
    maxChars,
  );
}

/** Cuts after every match of `boundary`, keeping the separators so packing restores the text. */
function segments(text: string, boundary: RegExp): string[] {
  const parts: string[] = [];
  let start = 0;
  for (const match of text.matchAll(boundary)) {
    const end = match.index + match[0].length;
    if (end > start && end < text.length) {
      parts.push(text.slice(start, end));
      start = end;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** Joins consecutive parts while the result stays within the limit. */
function pack(parts: readonly string[], maxChars: number): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const part of parts) {
    if (tidy(current) && tidy(current + part).length > maxChars) {
      pieces.push(tidy(current));
      current = '';
    }
    current += part;
  }
  if (tidy(current)) pieces.push(tidy(current));
  return pieces;
}

/** Drops blank lines and trailing spaces but keeps a first line's indentation, which can mean code. */
function tidy(text: string): string {
  return text.replace(/^(?:[ \t]*\n)+/, '').trimEnd();
}

/** Text with no boundary at all; never cuts between the two halves of a surrogate pair. */
function hardCut(text: string, maxChars: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + maxChars, text.length);
    if (end < text.length && end - start > 1 && /[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

/** A chunk with its place in the text it was cut from: code points, end exclusive. */
export interface LocatedChunk extends Chunk {
  charStart: number;
  charEnd: number;
}

/**
 * Splits like `splitByHeadings` and says where each chunk lies in `text` as given (before line
 * endings are normalised). A chunk differs from its source only in whitespace (paragraphs
 * rejoined, lines trimmed), so it is found by walking both texts' other characters in step.
 */
export function splitWithPlaces(text: string, level: number, maxChars = MAX_CHUNK_CHARS): LocatedChunk[] {
  const chunks = splitByHeadings(text, level, maxChars);
  const codePoints = codePointOffsets(text);
  let cursor = 0;
  return chunks.map((chunk) => {
    const { start, end } = locate(text, chunk.text, cursor);
    cursor = end;
    return { ...chunk, charStart: codePoints(start), charEnd: codePoints(end) };
  });
}

const SPACE = /\s/;

/** The UTF-16 range of `piece` in `text` at or after `from`, matching every non-space character in order. */
function locate(text: string, piece: string, from: number): { start: number; end: number } {
  const firstLine = piece.trimStart().split('\n', 1)[0]!.trimEnd();
  let position = text.indexOf(firstLine, from);
  if (position < 0) position = from;
  const start = position;
  for (const character of piece) {
    if (SPACE.test(character)) continue;
    while (position < text.length && SPACE.test(text[position]!)) position += 1;
    if (text.startsWith(character, position)) position += character.length;
  }
  return { start, end: Math.max(start, position) };
}

/** Maps UTF-16 offsets of `text` to code point offsets (the same unless the text has astral characters). */
function codePointOffsets(text: string): (offset: number) => number {
  if (!/[\uD800-\uDBFF]/.test(text)) return (offset) => offset;
  const surrogatesBefore: number[] = [];
  let seen = 0;
  for (let index = 0; index <= text.length; index += 1) {
    surrogatesBefore.push(seen);
    if (/[\uDC00-\uDFFF]/.test(text.charAt(index))) seen += 1;
  }
  return (offset) => offset - surrogatesBefore[offset]!;
}
