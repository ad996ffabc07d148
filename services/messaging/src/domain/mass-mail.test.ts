import { checkCustomAddress, checkMassMail, htmlToText, massMailBody, sanitizeMailHtml } from './mass-mail';

describe('mass mail rules', () => {
  it('sanitises the HTML: no scripts, handlers or javascript: links; formatting and https images stay', () => {
    const dirty = '<p onclick="x()">Hi <b>all</b><script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src="https://cdn.example.com/a.png" onerror="x()"><iframe src="https://evil"></iframe>';
    const clean = sanitizeMailHtml(dirty);
    expect(clean).toBe('<p>Hi <b>all</b></p><a>x</a><img src="https://cdn.example.com/a.png" />');
    expect(htmlToText('<p>Hi <b>all</b></p><p>Bye &amp; see you</p>')).toBe('Hi all\nBye & see you');
  });

  it('needs an audience, a subject and a message; custom needs a valid address', () => {
    expect(checkMassMail({ audience: 'everyone', subject: 's', html: '<p>x</p>' })).toEqual({ ok: false, key: 'AUDIENCE_REQUIRED', field: 'mailTo' });
    expect(checkMassMail({ audience: 'allUser', subject: ' ', html: '<p>x</p>' })).toEqual({ ok: false, key: 'SUBJECT_REQUIRED', field: 'subject' });
    expect(checkMassMail({ audience: 'allUser', subject: 'News', html: '<script>only</script>' })).toEqual({ ok: false, key: 'MAIL_MESSAGE_REQUIRED', field: 'message' });
    expect(checkMassMail({ audience: 'verified-user', subject: 'News', html: '<p>নতুন কোর্স</p>' })).toEqual({ ok: true, html: '<p>নতুন কোর্স</p>' });
    expect(checkCustomAddress('custom', '')).toEqual({ ok: false, key: 'CUSTOM_EMAIL_REQUIRED' });
    expect(checkCustomAddress('custom', 'nope')).toEqual({ ok: false, key: 'CUSTOM_EMAIL_INVALID' });
    expect(checkCustomAddress('custom', 'a@b.co')).toEqual({ ok: true });
    expect(checkCustomAddress('allUser', '')).toEqual({ ok: true });
  });

  it('every mail carries the unsubscribe link, in HTML and text, in the reader’s language', () => {
    const en = massMailBody('<p>Hello</p>', 'https://taal.example/api/v1/mass-mail/unsubscribe/t1', 'en');
    expect(en.html).toContain('href="https://taal.example/api/v1/mass-mail/unsubscribe/t1"');
    expect(en.text).toBe('Hello\n\n--\nUnsubscribe from these e-mails: https://taal.example/api/v1/mass-mail/unsubscribe/t1');
    expect(massMailBody('<p>x</p>', 'u', 'bn').text).toContain('আনসাবস্ক্রাইব');
  });
});
