import { describe, expect, it } from '@jest/globals';
import { hasAnyQuantity, QUANTITY_MAX, toQuantities, toQuantity } from './quantities';

describe('toQuantity', () => {
  it('should read a whole number as typed', () => {
    expect(toQuantity('12', QUANTITY_MAX.doors)).toBe(12);
  });

  it('should round a part up to the next whole one', () => {
    expect(toQuantity('2.1', QUANTITY_MAX.metres)).toBe(3);
  });

  it.each(['', 'abc', '-4', '0', 'Infinity', 'NaN'])('should count %p as 0', (raw) => {
    expect(toQuantity(raw, QUANTITY_MAX.doors)).toBe(0);
  });

  it('should cap a count at its maximum', () => {
    expect(toQuantity('5000', QUANTITY_MAX.doors)).toBe(999);
    expect(toQuantity('101', QUANTITY_MAX.metres)).toBe(100);
  });
});

describe('toQuantities', () => {
  it('should parse every field with its own maximum', () => {
    expect(toQuantities({ doors: '1000', drawers: '3', metres: '150' })).toEqual({
      doors: 999,
      drawers: 3,
      metres: 100,
    });
  });

  it('should let the wizard go on only when something is to be covered', () => {
    expect(hasAnyQuantity(toQuantities({ doors: '0', drawers: '', metres: 'x' }))).toBe(false);
    expect(hasAnyQuantity(toQuantities({ doors: '0', drawers: '', metres: '0.5' }))).toBe(true);
  });
});
