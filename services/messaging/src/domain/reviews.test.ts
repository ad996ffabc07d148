import { averageOf, figuresOf, isRating, plainText, reviewRefusal } from './reviews';

describe('review rules', () => {
  it('lets a student review only once enrolled with a lesson completed', () => {
    expect(reviewRefusal({ enrolled: false, completedLessons: 0 })).toBe('REVIEW_NOT_ENROLLED');
    expect(reviewRefusal({ enrolled: true, completedLessons: 0 })).toBe('REVIEW_NEEDS_LESSON');
    expect(reviewRefusal({ enrolled: true, completedLessons: 1 })).toBeNull();
  });

  it('takes whole ratings from 1 to 5 only', () => {
    expect([0, 1, 3, 5, 6, 2.5, '4'].map(isRating)).toEqual([false, true, true, true, false, false, false]);
  });

  it('keeps text plain: no markup, no control or direction characters; Bengali kept whole', () => {
    expect(plainText('  <b>Great</b> <script>x()</script>course\u202E!\u0000  ', 100)).toBe('Great course!');
    expect(plainText('<<x>script>alert(2)<<x>/script>', 100)).toBe('');
    expect(plainText('a\r\n\r\n\r\n\r\nb', 100)).toBe('a\n\nb');
    expect(plainText('চমৎকার কোর্স, র‍্যাব', 100)).toBe('চমৎকার কোর্স, র‍্যাব');
    expect(plainText('১ < ২ and 3 > 2', 100)).toBe('১ < ২ and 3 > 2');
    expect([...plainText('ক'.repeat(50), 10)]).toHaveLength(10);
  });

  it('counts figures and rounds the average to one decimal', () => {
    expect(figuresOf([5, 4, 4])).toEqual({ sum: 13, count: 3 });
    expect(averageOf(13, 3)).toBe(4.3);
    expect(averageOf(0, 0)).toBe(0);
  });
});
