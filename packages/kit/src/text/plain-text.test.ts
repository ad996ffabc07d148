import { plainText, withoutMarkup } from './plain-text';

describe('plainText (decision 0064)', () => {
  it('removes markup for good: nested tags and escaped tags do not survive', () => {
    expect(plainText('<<x>script>alert(2)<<x>/script>', 100)).toBe('');
    expect(plainText('a<<x>script>alert(2)<<x>/script>b', 100)).toBe('ab');
    expect(plainText('<<<x>x>script>alert(2)<<<x>x>/script>', 100)).toBe('');
    expect(plainText('&lt;script&gt;alert(1)&lt;/script&gt;ok', 100)).toBe('ok');
    expect(plainText('<img src=x onerror=alert(1)>hi', 100)).toBe('hi');
    expect(plainText('  <b>Great</b> <script>x()</script>course!  ', 100)).toBe('Great course!');
    expect(plainText('<a href="javascript:alert(1)">click</a>', 100)).toBe('click');
    for (const nested of ['<<x>script>', '<scr<x>ipt>alert(1)</script>', '<<<<x>>>>', '&amp;lt;b&amp;gt;x']) {
      expect(plainText(nested, 100)).not.toMatch(/<[a-z/!]/i);
    }
  });

  it('keeps ordinary text as typed: not HTML-escaped', () => {
    for (const text of ['a < b', 'I <3 guitar', 'Tom & Jerry', '3 > 2 and 1 < 2', '"quoted" and \'single\'', 'x &y', 'AT&T', '১ < ২ এবং ৩ > ২', 'চমৎকার কোর্স, র‍্যাব', 'ক্‌ষ', 'tab\there']) {
      expect(plainText(text, 1000)).toBe(text);
    }
    expect(withoutMarkup('a < b & c > d')).toBe('a < b & c > d');
  });

  it('removes direction and invisible characters, keeping the joiners Bengali words need', () => {
    expect(plainText('evil\u202Etxt.exe', 100)).toBe('eviltxt.exe');
    expect(plainText('a\u2066b\u2069c\u200Fd\u200Be\u2060f\uFEFFg\u00ADh\u0000i\u0007j', 100)).toBe('abcdefghij');
    expect(plainText('\u200D\u200Cword\u200D', 100)).toBe('word');
    expect(plainText('র\u200D্যাব', 100)).toBe('র\u200D্যাব');
    expect(plainText('\u2800', 100)).toBe('');
  });

  it('normalises line ends, keeps at most one blank line, trims', () => {
    expect(plainText('a\r\nb\rc\u2028d\u2029e', 100)).toBe('a\nb\nc\nd\ne');
    expect(plainText('a\r\n\r\n\r\n\r\nb', 100)).toBe('a\n\nb');
    expect(plainText('a  \n \n  \n b', 100)).toBe('a\n\n b');
    expect(plainText('  \n\t x \n ', 100)).toBe('x');
    expect(plainText(undefined, 100)).toBe('');
    expect(plainText(null, 100)).toBe('');
  });

  it('cuts to at most max UTF-16 units without halving a character', () => {
    expect([...plainText('ক'.repeat(50), 10)]).toHaveLength(10);
    expect(plainText('😀😀😀', 5)).toBe('😀😀');
    expect(plainText('abc   def', 5)).toBe('abc');
    expect(plainText('র\u200D্যাব', 2)).toBe('র');
  });

  it('comes to rest on long hostile input', () => {
    const hostile = '<'.repeat(5000) + 'x>'.repeat(5000) + '&amp;'.repeat(2000);
    const out = plainText(hostile, 100_000);
    expect(plainText(out, 100_000)).toBe(out);
  });
});
