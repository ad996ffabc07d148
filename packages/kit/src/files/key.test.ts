import { validateFileKey } from './key';

describe('validateFileKey', () => {
  it('accepts relative slash-separated keys', () => {
    for (const ok of ['a', 'courses/42/cover.png', 'a.b/c-d_e f/..x', 'ünï/cøde.txt']) {
      expect(validateFileKey(ok)).toBe(ok);
    }
  });

  it('refuses traversal, absolute paths, NUL and empty segments', () => {
    for (const bad of [
      '',
      '..',
      '../x',
      'a/../b',
      'a/..',
      './a',
      '/abs',
      'C:/x',
      'c:x',
      'a\\b',
      'a\0b',
      'a//b',
      'a/',
    ]) {
      expect(() => validateFileKey(bad)).toThrow(/Invalid file key/);
    }
    expect(() => validateFileKey('x'.repeat(1025))).toThrow(/longer than 1024/);
  });
});
