import { discountPercent, formatTaka, normaliseLevel, isCategory, isVisible } from './course';

describe('catalogue rules', () => {
  it('computes the spec discount round(price / oldPrice * 100 - 100)', () => {
    expect(discountPercent(400000, 500000)).toBe(-20);
    expect(discountPercent(333300, 500000)).toBe(-33);
    expect(discountPercent(500000, 500000)).toBe(0);
    expect(discountPercent(500000, 0)).toBeNull();
  });

  it('formats integer poisha as taka with two decimals', () => {
    expect(formatTaka(125050)).toBe('1250.50');
    expect(formatTaka(5)).toBe('0.05');
    expect(formatTaka(-100)).toBe('-1.00');
    expect(() => formatTaka(1.5)).toThrow(RangeError);
  });

  it('accepts both spellings of the advanced level and refuses others', () => {
    expect(normaliseLevel('Advance')).toBe('advanced');
    expect(normaliseLevel('beginner')).toBe('beginner');
    expect(normaliseLevel('expert')).toBeNull();
  });

  it('knows the five categories with the spec spelling', () => {
    expect(isCategory('Piano & Keyboard')).toBe(true);
    expect(isCategory('Piano')).toBe(false);
  });

  it('hides unpublished courses unless drafts are allowed', () => {
    expect(isVisible({ published: false }, false)).toBe(false);
    expect(isVisible({ published: false }, true)).toBe(true);
  });
});
