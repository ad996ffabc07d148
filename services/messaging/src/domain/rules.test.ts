import { notificationLink, notificationText } from './notification-texts';
import { checkContact, clean, checkNotification, checkReply, checkStudentMessage, giftCardNotification, orderPaidNotification } from './rules';

describe('messaging rules', () => {
  it("contact: name, email and message required ('Please fill all the fields'), then a valid e-mail", () => {
    expect(checkContact({ name: ' ', email: 'a@b.co', message: 'hi' })).toEqual({
      ok: false,
      headline: 'CONTACT_FIELDS_MISSING',
      fields: { name: 'CONTACT_FIELDS_MISSING' },
    });
    expect(checkContact({})).toMatchObject({ ok: false, fields: { name: 'CONTACT_FIELDS_MISSING', email: 'CONTACT_FIELDS_MISSING', message: 'CONTACT_FIELDS_MISSING' } });
    expect(checkContact({ name: 'Rina', email: 'not-an-email', message: 'hi' })).toMatchObject({ ok: false, headline: 'CONTACT_FIELD_OR_EMAIL_INVALID', fields: { email: 'CONTACT_FIELD_OR_EMAIL_INVALID' } });
    expect(checkContact({ name: 'Rina', email: 'rina@example.com', message: 'x'.repeat(5001) })).toMatchObject({ ok: false, headline: 'TEXT_TOO_LONG', fields: { message: 'TEXT_TOO_LONG' } });
    expect(checkContact({ name: 'রিনা', email: 'rina@example.com', message: 'কেমন আছেন?' })).toEqual({ ok: true });
  });

  it('a message, a reply and a notification must not be blank', () => {
    expect(checkStudentMessage({ message: '  ' })).toEqual({ ok: false, headline: 'MESSAGE_REQUIRED', fields: { message: 'MESSAGE_REQUIRED' } });
    expect(checkReply('')).toEqual({ ok: false, headline: 'REPLY_REQUIRED', fields: { reply: 'REPLY_REQUIRED' } });
    expect(checkNotification(' ')).toEqual({ ok: false, headline: 'NOTIFICATION_REQUIRED', fields: { msg: 'NOTIFICATION_REQUIRED' } });
    expect(checkNotification('x'.repeat(501))).toMatchObject({ ok: false, headline: 'TEXT_TOO_LONG' });
    expect(checkReply('Practise the C chord daily')).toEqual({ ok: true });
  });

  it("contact: the sign-up's name rule refuses bidirectional overrides, isolates and control characters in the name", () => {
    for (const name of ['Rina\u202egnp.exe', 'Rina\u202b', '\u2066Rina\u2069', 'Ri\nna', 'Rina\u2028', 'Ri\u0085na']) {
      expect(checkContact({ name, email: 'rina@example.com', message: 'hi' })).toEqual({
        ok: false,
        headline: 'NAME_INVALID',
        fields: { name: 'NAME_INVALID' },
      });
    }
    expect(checkContact({ name: 'রিনা আক্তার', email: 'rina@example.com', message: 'hi' })).toEqual({ ok: true });
    expect(checkContact({ name: "Rina O'Brien-Khan", email: 'rina@example.com', message: 'hi' })).toEqual({ ok: true });
  });

  it('stored text has no NUL characters (PostgreSQL text cannot hold them)', () => {
    expect(clean(' a\u0000b ')).toBe('ab');
    expect(checkContact({ name: '\u0000', email: 'a@b.co', message: 'x' })).toMatchObject({ ok: false, headline: 'CONTACT_FIELDS_MISSING' });
  });

  it('one notification key per paid order', () => {
    expect(orderPaidNotification('o1', 2)).toMatchObject({ key: 'order-paid:o1', msg: expect.stringContaining('2 courses') });
    expect(orderPaidNotification('o1', 1).key).toBe(orderPaidNotification('o1', 3).key);
    expect(giftCardNotification('g1', 150000)).toMatchObject({ key: 'gift-card:g1', msg: 'BDT 1500.00 from a gift card was added to your wallet.' });
  });

  it('system notifications are written in the reader’s language, English when unknown', () => {
    const note = giftCardNotification('g1', 150000);
    expect(notificationText(note.textKey, note.params, 'bn')).toBe('একটি গিফট কার্ড থেকে ১৫০০.০০ টাকা আপনার ওয়ালেটে যোগ হয়েছে।');
    expect(notificationText(note.textKey, note.params, 'fr')).toBe(note.msg);
    expect(notificationText('certificateProvided', { course: 'Tabla' }, 'bn')).toBe('"Tabla" কোর্সের আপনার সনদ প্রস্তুত।');
    // A practical exam graded (decision 0079): its outcome in each language, linking to the classroom.
    const graded = { course: 'Tabla', courseId: '00000000-0000-4000-9000-000000000001', outcome: 'failed' };
    expect(notificationText('practicalGraded', graded, 'en')).toBe('Your practical exam of "Tabla" was graded: not passed yet. Read the comment and submit again.');
    expect(notificationText('practicalGraded', { ...graded, outcome: 'passed' }, 'bn')).toBe('আপনি "Tabla" কোর্সের ব্যবহারিক পরীক্ষায় পাস করেছেন।');
    expect(notificationLink('practicalGraded', graded)).toBe(`/courseview?id=${graded.courseId}#practical`);
    expect(notificationText('noSuchText', {}, 'bn')).toBeNull();
    expect(notificationText('toString', {}, 'en')).toBeNull();
  });
});
