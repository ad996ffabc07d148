import { FreebieMessages } from '@taal/contracts';
import { filesOf, freebieProblems, popupProblems, sanitizeDescription, textOf, youtubeVideoId, type FreebieFields } from './freebie';

describe('sanitizeDescription (the allow-list of a freebie description)', () => {
  it('keeps the formatting an editor produces, links and images', () => {
    const html =
      '<h2>Chords</h2><p>Play <strong>G</strong>, <em>C</em>, <u>D</u> and <s>F</s>.</p>' +
      '<ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote><p>quote</p></blockquote>' +
      '<pre><code>x = 1</code></pre><hr><p><a href="https://example.com/tab">tab</a> <img src="https://example.com/a.png" alt="a"></p>';
    const out = sanitizeDescription(html);
    for (const kept of ['<h2>Chords</h2>', '<strong>G</strong>', '<em>C</em>', '<u>D</u>', '<s>F</s>', '<ul><li>one</li></ul>', '<ol start="3">', '<blockquote>', '<pre><code>x = 1</code></pre>', '<hr />', '<img src="https://example.com/a.png" alt="a" />']) {
      expect(out).toContain(kept);
    }
    expect(out).toContain('<a href="https://example.com/tab" target="_blank" rel="noopener noreferrer">tab</a>');
  });

  it('drops scripts with their content, and every on* attribute', () => {
    const out = sanitizeDescription(
      '<p>Hello</p><script>window.pwned = 1</script><img src="/x.png" onerror="window.pwned=1"><p onclick="alert(1)" onmouseover=alert(2)>Hi</p>' +
        '<SCRIPT SRC=https://evil.example/x.js></SCRIPT><svg onload="alert(1)"><circle /></svg><iframe src="https://evil.example"></iframe>' +
        '<style>p{display:none}</style><body onload="alert(1)"><details open ontoggle="alert(1)">x</details>',
    );
    expect(out).not.toMatch(/script|pwned|alert|onerror|onclick|onmouseover|onload|ontoggle|svg|iframe|style|evil/i);
    expect(out).toContain('<p>Hello</p>');
    expect(out).toContain('<img src="/x.png" />');
    expect(out).toContain('<p>Hi</p>');
  });

  it('refuses javascript:, data: and other schemes in links and images, however they are spelt', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java&#x09;script:alert(1)', 'jav&#x61;script:alert(1)', 'vbscript:x', 'data:text/html,<script>alert(1)</script>', '//evil.example/x']) {
      const out = sanitizeDescription(`<a href="${href}">x</a><img src="${href}">`);
      expect(out).not.toMatch(/javascript|vbscript|data:|evil/i);
      expect(out).not.toContain('<img');
    }
    expect(sanitizeDescription('<a href="mailto:help@taal.local">mail</a>')).toContain('href="mailto:help@taal.local"');
    expect(sanitizeDescription('<img src="data:image/png;base64,AAAA">')).toBe('');
  });

  it('drops style attributes and unknown tags but keeps their text', () => {
    const out = sanitizeDescription('<p style="background:url(javascript:alert(1))">a</p><marquee>b</marquee><form action="/x"><input value="c"></form>');
    expect(out).toBe('<p>a</p>b');
  });

  it('is stable: sanitising the output again changes nothing', () => {
    const once = sanitizeDescription('<p>x<img src=x onerror=alert(1)><a href="https://a.example">y</a></p>');
    expect(sanitizeDescription(once)).toBe(once);
  });

  it('textOf finds no text in markup alone', () => {
    expect(textOf('<p><br></p>')).toBe('');
    expect(textOf('<p>&nbsp;</p>')).toBe('');
    expect(textOf('<p>a</p>')).toBe('a');
  });
});

describe('youtubeVideoId', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=10s', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('reads %s', (link, id) => expect(youtubeVideoId(link)).toBe(id));

  it.each([
    'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ',
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
    'https://user:pw@www.youtube.com/watch?v=dQw4w9WgXcQ',
    'dQw4w9WgXcQ',
    '',
  ])('refuses %s', (link) => expect(youtubeVideoId(link)).toBeNull());
});

describe('freebieProblems', () => {
  const valid: FreebieFields = {
    title: 'Open chords',
    subtitle: 'The first five',
    category: 'Guitar',
    description: '<p>Learn them</p>',
    thumbnail: '',
    youtube: 'https://youtu.be/dQw4w9WgXcQ',
    documents: [],
    carouselImages: [],
  };

  it('accepts a YouTube link alone, or carousel images alone; documents are optional', () => {
    expect(freebieProblems(valid)).toEqual({});
    expect(freebieProblems({ ...valid, youtube: '', carouselImages: ['/api/v1/files/images/a.jpg'] })).toEqual({});
    expect(freebieProblems({ ...valid, documents: [{ path: '/api/v1/files/documents/a.pdf', name: 'chords.pdf' }] })).toEqual({});
  });

  it('needs a YouTube link or carousel images', () => {
    expect(freebieProblems({ ...valid, youtube: '' })).toHaveProperty('youtube');
    expect(freebieProblems({ ...valid, youtube: 'https://vimeo.com/1' })).toHaveProperty('youtube');
  });

  it('needs title, subtitle, a known category and a description with text', () => {
    const problems = freebieProblems({ ...valid, title: ' ', subtitle: '', category: 'Banjo', description: '<p><br></p>' });
    expect(Object.keys(problems).sort()).toEqual(['category', 'description', 'subtitle', 'title']);
    expect(freebieProblems({ ...valid, category: 'FAQ' })).toEqual({});
  });

  it('accepts only stored file paths', () => {
    expect(freebieProblems({ ...valid, thumbnail: 'https://evil.example/x.jpg' })).toHaveProperty('files');
    expect(freebieProblems({ ...valid, carouselImages: ['/api/v1/files/../../etc/passwd'] })).toHaveProperty('files');
    expect(filesOf({ thumbnail: '/t.jpg', documents: [{ path: '/d.pdf', name: 'd' }], carouselImages: ['/c.jpg'] })).toEqual(['/t.jpg', '/d.pdf', '/c.jpg']);
  });

  it('popups need a title and a body', () => {
    expect(popupProblems({ title: 'Sale', body: 'Half price', thumbnail: '' })).toEqual({});
    expect(Object.keys(popupProblems({ title: '', body: ' ', thumbnail: '' })).sort()).toEqual(['body', 'title']);
    expect(FreebieMessages.notFilled).toBe('Any of the field is not fillup!!!');
  });
});
