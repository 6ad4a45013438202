import { describe, expect, it } from 'vitest';
import { MAX_CHUNK_CHARS, splitByHeadings, splitWithPlaces, type Chunk } from '../../src/domain/knowledge-base/chunking';

/** A document with one heading of every depth, each followed by a paragraph naming it. */
const NESTED = [
  'Preface text before any heading.',
  '# Part A',
  'Text of A.',
  '## Chapter A1',
  'Text of A1.',
  '### Section A1a',
  'Text of A1a.',
  '#### Topic A1a-i',
  'Text of A1a-i.',
  '##### Point A1a-i-x',
  'Text of A1a-i-x.',
  '###### Detail A1a-i-x-1',
  'Text of A1a-i-x-1.',
  '# Part B',
  'Text of B.',
  '## Chapter B1',
  'Text of B1.',
].join('\n\n');

const PATHS = [
  'Part A',
  'Part A > Chapter A1',
  'Part A > Chapter A1 > Section A1a',
  'Part A > Chapter A1 > Section A1a > Topic A1a-i',
  'Part A > Chapter A1 > Section A1a > Topic A1a-i > Point A1a-i-x',
  'Part A > Chapter A1 > Section A1a > Topic A1a-i > Point A1a-i-x > Detail A1a-i-x-1',
];

function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

function paragraph(seed: number, sentences: number): string {
  return Array.from({ length: sentences }, (_, index) => `Sentence ${index + 1} of paragraph ${seed} tells a little more of the story.`).join(' ');
}

function expectWithinLimit(chunks: Chunk[], limit = MAX_CHUNK_CHARS): void {
  for (const chunk of chunks) {
    expect(chunk.text.length).toBeGreaterThan(0);
    expect(chunk.text.length).toBeLessThanOrEqual(limit);
    expect(chunk.text).toBe(chunk.text.trim());
  }
}

describe('splitByHeadings at level 0', () => {
  it('keeps a short document whole, headings included, without a heading path', () => {
    expect(splitByHeadings(NESTED, 0)).toEqual([{ text: NESTED }]);
  });

  it('cuts a long document on paragraph boundaries into pieces of at most 2,000 characters', () => {
    const paragraphs = Array.from({ length: 12 }, (_, index) => paragraph(index, 6));
    const text = paragraphs.join('\n\n');

    const chunks = splitByHeadings(text, 0);

    expect(text.length).toBeGreaterThan(MAX_CHUNK_CHARS * 2);
    expect(chunks.length).toBeGreaterThan(2);
    expectWithinLimit(chunks);
    for (const chunk of chunks) {
      expect(chunk.heading).toBeUndefined();
      for (const piece of chunk.text.split('\n\n')) expect(paragraphs).toContain(piece);
    }
    expect(chunks.map((chunk) => chunk.text).join('\n\n')).toBe(text);
  });

  it('fills each piece as far as the next paragraph allows', () => {
    const paragraphs = Array.from({ length: 12 }, (_, index) => paragraph(index, 6));

    const chunks = splitByHeadings(paragraphs.join('\n\n'), 0);

    chunks.slice(0, -1).forEach((chunk, index) => {
      const next = chunks[index + 1]?.text.split('\n\n')[0] ?? '';
      expect(`${chunk.text}\n\n${next}`.length).toBeGreaterThan(MAX_CHUNK_CHARS);
    });
  });
});

describe.each([1, 2, 3, 4, 5, 6])('splitByHeadings at level %i', (level) => {
  it('starts a chunk at every heading of depth up to the level and keeps deeper ones in the text', () => {
    const blocks = NESTED.split('\n\n');
    // Part A's headings and texts alternate from block 1 to block 12; the deepest split section keeps the rest of Part A.
    const partA = PATHS.slice(0, level).map((heading, depth) => ({
      heading,
      text: blocks.slice(2 + depth * 2, depth === level - 1 ? 13 : 3 + depth * 2).join('\n\n'),
    }));
    const partB =
      level === 1
        ? [{ heading: 'Part B', text: 'Text of B.\n\n## Chapter B1\n\nText of B1.' }]
        : [
            { heading: 'Part B', text: 'Text of B.' },
            { heading: 'Part B > Chapter B1', text: 'Text of B1.' },
          ];

    expect(splitByHeadings(NESTED, level)).toEqual([{ text: 'Preface text before any heading.' }, ...partA, ...partB]);
  });
});

describe('splitByHeadings headings', () => {
  it('carries the path of a heading with no text of its own to the next chunk instead of an empty chunk', () => {
    const text = '# Book\n\n## Chapter 1\n\nIt begins.\n\n## Chapter 2\n\n## Chapter 3\n\nIt ends.';

    expect(splitByHeadings(text, 2)).toEqual([
      { heading: 'Book > Chapter 1', text: 'It begins.' },
      { heading: 'Book > Chapter 3', text: 'It ends.' },
    ]);
  });

  it('resets deeper headings when a shallower one comes', () => {
    const text = '# A\n\n### A deep\n\nx\n\n## B\n\ny\n\n# C\n\nz';

    expect(splitByHeadings(text, 3).map((chunk) => chunk.heading)).toEqual(['A > A deep', 'A > B', 'C']);
  });

  it('reads closing hashes and up to three spaces of indentation as Markdown does', () => {
    const text = '   ## Title with hashes ##\n\nBody.\n\n## C# in practice\n\nMore.';

    expect(splitByHeadings(text, 2)).toEqual([
      { heading: 'Title with hashes', text: 'Body.' },
      { heading: 'C# in practice', text: 'More.' },
    ]);
  });

  it('does not take hashtags, indented code or escaped hashes for headings', () => {
    const text = '# Real\n\n#hashtag is a word\n\n    # indented code\n\n\\# escaped\n\n####### seven';

    expect(splitByHeadings(text, 6)).toEqual([{ heading: 'Real', text: '#hashtag is a word\n\n    # indented code\n\n\\# escaped\n\n####### seven' }]);
  });

  it('ignores headings inside fenced code blocks', () => {
    const text = [
      '# Setup',
      'Run this:',
      '```bash\n# install the tool\n\n# then start it\nnpm start\n```',
      '~~~~\n## not a heading\n~~~\nstill code\n~~~~',
      '## Next',
      'Done.',
    ].join('\n\n');

    expect(splitByHeadings(text, 2)).toEqual([
      {
        heading: 'Setup',
        text: 'Run this:\n\n```bash\n# install the tool\n\n# then start it\nnpm start\n```\n\n~~~~\n## not a heading\n~~~\nstill code\n~~~~',
      },
      { heading: 'Setup > Next', text: 'Done.' },
    ]);
  });

  it('keeps a fenced block with blank lines in one piece when cutting', () => {
    const code = ['```', 'line one', '', 'line two', '', 'line three', '```'].join('\n');
    const text = `${'a'.repeat(30)}\n\n${code}\n\n${'b'.repeat(30)}`;

    const chunks = splitByHeadings(text, 0, 60);

    expect(chunks.map((chunk) => chunk.text)).toEqual(['a'.repeat(30), code, 'b'.repeat(30)]);
  });
});

describe('splitByHeadings cutting', () => {
  it('cuts a long paragraph between sentences and keeps the heading on every piece', () => {
    const long = paragraph(1, 80);

    const chunks = splitByHeadings(`## Story\n\n${long}`, 2);

    expect(long.length).toBeGreaterThan(MAX_CHUNK_CHARS * 2);
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expectWithinLimit(chunks);
    for (const chunk of chunks) {
      expect(chunk.heading).toBe('Story');
      expect(chunk.text).toMatch(/^Sentence \d+ .*story\.$/s);
    }
    expect(words(chunks.map((chunk) => chunk.text).join(' '))).toEqual(words(long));
  });

  it('cuts hard-wrapped lines without sentence ends at line ends', () => {
    const lines = Array.from({ length: 10 }, (_, index) => `line ${index} without any end mark`);

    const chunks = splitByHeadings(lines.join('\n'), 0, 100);

    expectWithinLimit(chunks, 100);
    for (const chunk of chunks) for (const line of chunk.text.split('\n')) expect(lines).toContain(line);
    expect(chunks.map((chunk) => chunk.text).join('\n')).toBe(lines.join('\n'));
  });

  it('cuts a run-on sentence between words', () => {
    const sentence = Array.from({ length: 100 }, (_, index) => `word${index}`).join(' ');

    const chunks = splitByHeadings(sentence, 0, 50);

    expectWithinLimit(chunks, 50);
    expect(chunks.map((chunk) => chunk.text).join(' ')).toBe(sentence);
  });

  it('cuts text without any boundary at the limit, never inside a surrogate pair', () => {
    const blob = 'x'.repeat(9) + '😀'.repeat(10);

    const chunks = splitByHeadings(blob, 0, 10);

    expectWithinLimit(chunks, 10);
    expect(chunks.map((chunk) => chunk.text).join('')).toBe(blob);
    for (const chunk of chunks) expect(chunk.text).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
  });

  it('handles sentences ending in quotes and CJK full stops', () => {
    const text = '“Is it late?” she asked. He nodded.\n\n今日は晴れです。明日は雨です。';

    expect(splitByHeadings(text, 0, 20).map((chunk) => chunk.text)).toEqual(['“Is it late?”', 'she asked.', 'He nodded.', '今日は晴れです。明日は雨です。']);
  });
});

describe('splitByHeadings edge cases', () => {
  it('gives no chunks for empty or blank text, or headings only', () => {
    expect(splitByHeadings('', 0)).toEqual([]);
    expect(splitByHeadings(' \n\n\t\n', 3)).toEqual([]);
    expect(splitByHeadings('# One\n\n## Two\n\n### Three', 3)).toEqual([]);
  });

  it('treats Windows line endings like Unix ones', () => {
    expect(splitByHeadings('# A\r\n\r\nfirst\r\n\r\n# B\r\nsecond\r\n', 1)).toEqual([
      { heading: 'A', text: 'first' },
      { heading: 'B', text: 'second' },
    ]);
  });

  it('refuses a level outside 0-6 and a chunk size below one', () => {
    expect(() => splitByHeadings('x', 7)).toThrow(RangeError);
    expect(() => splitByHeadings('x', -1)).toThrow(RangeError);
    expect(() => splitByHeadings('x', 1.5)).toThrow(RangeError);
    expect(() => splitByHeadings('x', 0, 0)).toThrow(RangeError);
  });
});

describe('splitWithPlaces', () => {
  /** The source between a chunk's places, with whitespace runs made one space: what the chunk's text says. */
  const between = (text: string, start: number, end: number) => [...text].slice(start, end).join('').replace(/\s+/g, ' ');
  const squeezed = (text: string) => text.replace(/\s+/g, ' ');

  it('places every chunk in the source as given, line endings and blank runs included', () => {
    const text = '# A\r\n\r\nfirst   line\r\nsecond\r\n\r\n\r\n\r\nthird\r\n# B\r\nlast one\r\n';
    const chunks = splitWithPlaces(text, 1);
    expect(chunks.map(({ heading, text: chunkText }) => ({ heading, text: chunkText }))).toEqual(splitByHeadings(text, 1));
    for (const chunk of chunks) expect(between(text, chunk.charStart, chunk.charEnd)).toBe(squeezed(chunk.text));
    expect(chunks[0]!.charStart).toBe(text.indexOf('first'));
    expect(chunks[1]!.charEnd).toBe(text.indexOf('last one') + 'last one'.length);
  });

  it('counts places in characters as people count them, not UTF-16 units', () => {
    const text = '# 🎵 Songs\n\n🎸 Guitar riffs 🎶 here.\n\n# Next\n\nPlain.';
    const [songs, next] = splitWithPlaces(text, 1);
    expect([...text].slice(songs!.charStart, songs!.charEnd).join('')).toBe('🎸 Guitar riffs 🎶 here.');
    expect([...text].slice(next!.charStart, next!.charEnd).join('')).toBe('Plain.');
  });

  it('places the pieces of a long paragraph one after another', () => {
    const sentences = Array.from({ length: 40 }, (_, index) => `Sentence number ${index} is here.`);
    const text = sentences.join(' ');
    const chunks = splitWithPlaces(text, 0, 200);
    expect(chunks.length).toBeGreaterThan(5);
    for (const [index, chunk] of chunks.entries()) {
      expect(between(text, chunk.charStart, chunk.charEnd)).toBe(squeezed(chunk.text));
      if (index > 0) expect(chunk.charStart).toBeGreaterThanOrEqual(chunks[index - 1]!.charEnd);
    }
  });
});
