import { sanitizeBio, hasRichContent, sanitizeRichText, textOf } from './rich-text';

describe('sanitizeRichText (the allow-list of freebie and course descriptions)', () => {
  it('keeps the formatting an editor produces, links and images', () => {
    const html =
      '<h2>Chords</h2><p>Play <strong>G</strong>, <em>C</em>, <u>D</u> and <s>F</s>.</p>' +
      '<ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote><p>quote</p></blockquote>' +
      '<pre><code>x = 1</code></pre><hr><p><a href="https://example.com/tab">tab</a> <img src="https://example.com/a.png" alt="a"></p>';
    const out = sanitizeRichText(html);
    for (const kept of ['<h2>Chords</h2>', '<strong>G</strong>', '<em>C</em>', '<u>D</u>', '<s>F</s>', '<ul><li>one</li></ul>', '<ol start="3">', '<blockquote>', '<pre><code>x = 1</code></pre>', '<hr />', '<img src="https://example.com/a.png" alt="a" />']) {
      expect(out).toContain(kept);
    }
    expect(out).toContain('<a href="https://example.com/tab" target="_blank" rel="noopener noreferrer">tab</a>');
  });

  it('drops scripts with their content, and every on* attribute', () => {
    const out = sanitizeRichText(
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
      const out = sanitizeRichText(`<a href="${href}">x</a><img src="${href}">`);
      expect(out).not.toMatch(/javascript|vbscript|data:|evil/i);
      expect(out).not.toContain('<img');
    }
    expect(sanitizeRichText('<a href="mailto:help@taal.local">mail</a>')).toContain('href="mailto:help@taal.local"');
    expect(sanitizeRichText('<img src="data:image/png;base64,AAAA">')).toBe('');
  });

  it('drops style attributes and unknown tags but keeps their text', () => {
    const out = sanitizeRichText('<p style="background:url(javascript:alert(1))">a</p><marquee>b</marquee><form action="/x"><input value="c"></form>');
    expect(out).toBe('<p>a</p>b');
  });

  it('is stable: sanitising the output again changes nothing', () => {
    const once = sanitizeRichText('<p>x<img src=x onerror=alert(1)><a href="https://a.example">y</a></p>');
    expect(sanitizeRichText(once)).toBe(once);
  });

  it('textOf finds no text in markup alone', () => {
    expect(textOf('<p><br></p>')).toBe('');
    expect(textOf('<p>&nbsp;</p>')).toBe('');
    expect(textOf('<p>a</p>')).toBe('a');
  });

  it('hasRichContent: text or an image', () => {
    expect(hasRichContent('<p><br /></p>')).toBe(false);
    expect(hasRichContent('<p>a</p>')).toBe(true);
    expect(hasRichContent('<img src="https://example.com/a.png" />')).toBe(true);
  });
});

describe('sanitizeBio (an instructor bio: the allow-list, and the plain-text sanitiser’s characters; decision 0064)', () => {
  it('keeps the formatting, drops direction overrides and invisible characters, keeps Bengali joiners', () => {
    expect(sanitizeBio('<p><b>Guitar</b>\u202Eist\u200B</p><script>x()</script>')).toBe('<p><b>Guitar</b>ist</p>');
    expect(sanitizeBio('<p>র\u200D্যাব\r\nকোর্স</p>')).toBe('<p>র\u200D্যাব\nকোর্স</p>');
    expect(sanitizeBio('<<x>script>alert(2)<<x>/script>')).toBe('&lt;script&gt;alert(2)&lt;/script&gt;');
  });
});
