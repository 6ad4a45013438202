import { describe, expect, it } from 'vitest';
import { chunkHash, embeddingInput } from '../../src/domain/knowledge-base/embedding-plan';

describe('chunkHash', () => {
  const settings = { model: 'text-embedding-3-small', language: 'english', splitLevel: 2 };

  it('is the same for the same chunk under the same settings, so a run reuses its vector', () => {
    expect(chunkHash(settings, 'Guide > Tides', 'The tide turns.')).toBe(chunkHash({ ...settings }, 'Guide > Tides', 'The tide turns.'));
    expect(chunkHash(settings, null, 'x')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with the model, the language, the split level, the heading path or the text', () => {
    const base = chunkHash(settings, 'Guide > Tides', 'The tide turns.');
    const variants = [
      chunkHash({ ...settings, model: 'text-embedding-3-large' }, 'Guide > Tides', 'The tide turns.'),
      chunkHash({ ...settings, language: 'german' }, 'Guide > Tides', 'The tide turns.'),
      chunkHash({ ...settings, splitLevel: 3 }, 'Guide > Tides', 'The tide turns.'),
      chunkHash(settings, 'Guide > Storms', 'The tide turns.'),
      chunkHash(settings, null, 'The tide turns.'),
      chunkHash(settings, 'Guide > Tides', 'The tide turns!'),
    ];
    expect(new Set([base, ...variants]).size).toBe(variants.length + 1);
  });

  it('cannot be fooled by moving text between the heading path and the text', () => {
    expect(chunkHash(settings, 'A', 'B C')).not.toBe(chunkHash(settings, 'A B', 'C'));
  });
});

describe('embeddingInput', () => {
  it('gives a section its heading path as context', () => {
    expect(embeddingInput({ headingPath: 'Guide > Tides', text: 'The tide turns.' })).toBe('Guide > Tides\n\nThe tide turns.');
    expect(embeddingInput({ headingPath: null, text: 'The tide turns.' })).toBe('The tide turns.');
  });
});
