import { dayOf, expiryMail } from './expiry-mail';

describe('expiry mails', () => {
  const at = new Date('2026-12-01T20:00:00Z'); // 2 December in Bangladesh
  it('name the day in Bangladesh time, with Bengali digits in Bengali', () => {
    expect(dayOf(at, 'en')).toBe('02-12-2026');
    expect(dayOf(at, 'bn')).toBe('০২-১২-২০২৬');
  });
  it('are written in the student’s language, with the renew link, and escape HTML', () => {
    const en = expiryMail('soon', 'en', { name: 'Rafi <b>', course: 'Jazz Piano', expiresAt: at, renewUrl: 'https://taal.example/courseview?id=1' });
    expect(en.subject).toBe('Your access to "Jazz Piano" ends on 02-12-2026');
    expect(en.text).toContain('https://taal.example/courseview?id=1');
    expect(en.html).toContain('Rafi &#60;b&#62;');
    const bn = expiryMail('expired', 'bn', { name: 'নাদিয়া', course: 'Jazz Piano', expiresAt: at, renewUrl: 'https://x' });
    expect(bn.subject).toBe('আপনার "Jazz Piano" কোর্সের মেয়াদ শেষ হয়েছে');
    expect(bn.text).toContain('০২-১২-২০২৬');
  });
});
