import { describe, expect, it } from 'vitest';
import { RecordingOrder, spacedPieces } from '../../src/engines/long-audio/recording-order';

function released() {
  const items: [string, number][] = [];
  const order = new RecordingOrder<string>((item, index) => items.push([item, index]));
  return { order, items };
}

describe('RecordingOrder', () => {
  it('releases results that finish in order at once', () => {
    const { order, items } = released();
    order.add(0, 'a');
    expect(items).toEqual([['a', 0]]);
    order.add(1, 'b');
    expect(items).toEqual([
      ['a', 0],
      ['b', 1],
    ]);
    expect(order.released).toBe(2);
  });

  it('holds a later result that finishes first until every earlier one is in', () => {
    const { order, items } = released();
    order.add(2, 'c');
    order.add(1, 'b');
    expect(items).toEqual([]);
    expect(order.released).toBe(0);
    order.add(0, 'a');
    expect(items).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
    ]);
    order.add(4, 'e');
    expect(items).toHaveLength(3);
    order.add(3, 'd');
    expect(items.map(([item]) => item).join('')).toBe('abcde');
  });

  it('releases any finishing order in numbered order, each once', () => {
    const count = 50;
    // A fixed shuffle: every index finishes, in an order far from the numbered one.
    const finishing = Array.from({ length: count }, (_, index) => (index * 17) % count);
    const { order, items } = released();
    for (const index of finishing) order.add(index, `#${index}`);
    expect(items).toEqual(Array.from({ length: count }, (_, index) => [`#${index}`, index]));
  });

  it('refuses a result added twice, and a number that is no index', () => {
    const { order } = released();
    order.add(0, 'a');
    order.add(2, 'c');
    expect(() => order.add(0, 'again')).toThrow('Result 0 was already added');
    expect(() => order.add(2, 'again')).toThrow('Result 2 was already added');
    expect(() => order.add(-1, 'x')).toThrow("-1 is not a result's number");
    expect(() => order.add(1.5, 'x')).toThrow("1.5 is not a result's number");
  });
});

describe('spacedPieces', () => {
  it('joins texts as the stitched transcript does: single spaces, empty texts adding nothing', () => {
    const pieces: string[] = [];
    const add = spacedPieces((piece) => pieces.push(piece));
    for (const text of ['', '  One two. ', '', 'Three.', '   ', 'Four']) add(text);
    expect(pieces).toEqual(['One two.', ' Three.', ' Four']);
    expect(pieces.join('')).toBe('One two. Three. Four');
  });
});
