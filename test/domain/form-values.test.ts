import { describe, expect, it } from 'vitest';
import { formBoolean, formInteger, integerRangePattern } from '../../src/domain/shared/form-values';

describe('integerRangePattern', () => {
  const ranges: [number, number][] = [
    [0, 6],
    [1, 50],
    [1, 100],
    [5, 60],
    [1, 1000],
    [17, 4321],
    [0, 9],
    [10, 10],
  ];

  it.each(ranges)('matches exactly the numbers from %i to %i, leading zeros allowed', (min, max) => {
    const pattern = new RegExp(integerRangePattern(min, max));
    for (let value = 0; value <= 10_000; value++) {
      const inside = value >= min && value <= max;
      expect(pattern.test(String(value)), `${value}`).toBe(inside);
      expect(pattern.test(`00${value}`), `00${value}`).toBe(inside);
    }
    for (const text of ['', '-1', '-0', ' 5', '5 ', '1e1', '1.0', '+5', '0x5']) expect(pattern.test(text), JSON.stringify(text)).toBe(false);
  });

  it('leaves the top open from zero', () => {
    expect(new RegExp(integerRangePattern(0)).test('123456789012')).toBe(true);
    expect(() => integerRangePattern(1)).toThrow();
  });
});

describe('formInteger', () => {
  const limit = formInteger(1, 1000, 'must be between 1 and 1000');
  const messageOf = (value: unknown) => limit.safeParse(value).error?.issues[0]?.message;

  it('takes a number or its digits within the bounds, and nothing else', () => {
    expect(limit.parse(1000)).toBe(1000);
    expect(limit.parse('0100')).toBe(100);
    expect(messageOf('1001')).toBe('must be between 1 and 1000');
    expect(messageOf(0)).toBe('must be between 1 and 1000');
    expect(messageOf('-3')).toBe('must be between 1 and 1000');
    expect(messageOf(' 7')).toBe('must be an integer');
    expect(messageOf(2.5)).toBe('must be an integer');
    expect(messageOf(['7'])).toBe('must be an integer');
    expect(messageOf(null)).toBe('must be an integer');
  });
});

describe('formBoolean', () => {
  it('takes booleans, the boolean words in any case, and 1 and 0', () => {
    expect(['true', 'YES', '1', 1, true].map((value) => formBoolean.parse(value))).toEqual([true, true, true, true, true]);
    expect(['False', 'no', '0', 0, false].map((value) => formBoolean.parse(value))).toEqual([false, false, false, false, false]);
    for (const value of ['on', '', 2, null, ['true']]) expect(formBoolean.safeParse(value).error?.issues[0]?.message).toBe('must be true or false');
  });
});
