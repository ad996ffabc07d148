import { normaliseMailbox } from '@taal/contracts';
import { isCappedMail, MAILS_PER_MAILBOX, mailboxOf, mayMailAgain } from './mail-cap';

describe('the mail cap per mailbox (issue 36)', () => {
  it('counts every spelling of one mailbox as one, with the product’s one rule (commerce’s referrals use it too)', () => {
    const forms = ['rinadas@gmail.com', 'Rina.Das@GMAIL.com', ' r.i.n.a.das+reset@googlemail.com ', 'RINADAS+x@gmail.com'];
    expect(new Set(forms.map(mailboxOf))).toEqual(new Set(['rinadas@gmail.com']));
    expect(mailboxOf('Rina+a@Example.org')).toBe(normaliseMailbox('rina@example.org'));
    // Outside Gmail a dot is part of the mailbox.
    expect(mailboxOf('r.ina@example.org')).not.toBe(mailboxOf('rina@example.org'));
    // What is not an address is still counted, as written (lower-cased).
    expect(mailboxOf(' Not-An-Address ')).toBe('not-an-address');
  });

  it('caps the mails anyone can cause, across their kinds, and never a receipt, a gift card or a certificate', () => {
    expect(['verification', 'passwordReset', 'signInLink', 'guardianApproval'].every((k) => isCappedMail(k as never))).toBe(true);
    for (const kind of ['orderPaid', 'giftCardReceived', 'giftCardSent', 'certificateProvided', 'settlementPublished', 'courseExpiring', 'courseExpired'] as const) {
      expect([kind, isCappedMail(kind)]).toEqual([kind, false]);
    }
    expect(mayMailAgain(MAILS_PER_MAILBOX - 1)).toBe(true);
    expect(mayMailAgain(MAILS_PER_MAILBOX)).toBe(false);
  });
});
