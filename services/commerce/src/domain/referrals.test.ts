import { normaliseMailbox, orderEarnsBonus, REFERRAL_BONUS_POISHA, referralRefusal } from './referrals';

describe('normaliseMailbox (aliases of one mailbox are one person)', () => {
  it('lower-cases and drops a +tag', () => {
    expect(normaliseMailbox(' Rina+Taal2@Example.COM ')).toBe('rina@example.com');
    expect(normaliseMailbox('rina+a+b@example.com')).toBe('rina@example.com');
    expect(normaliseMailbox('rina@example.com')).toBe('rina@example.com');
  });

  it('keeps dots outside Gmail, where they are part of the mailbox', () => {
    expect(normaliseMailbox('r.ina@example.com')).toBe('r.ina@example.com');
    expect(normaliseMailbox('r.ina@example.com')).not.toBe(normaliseMailbox('rina@example.com'));
  });

  it('treats gmail.com and googlemail.com as one system that ignores dots', () => {
    expect(normaliseMailbox('R.i.n.a+x@googlemail.com')).toBe('rina@gmail.com');
    expect(normaliseMailbox('rina@GMAIL.com')).toBe('rina@gmail.com');
    expect(normaliseMailbox('r.ina@gmail.com.bd')).toBe('r.ina@gmail.com.bd');
  });

  it("answers '' for what is not an address", () => {
    expect(normaliseMailbox('')).toBe('');
    expect(normaliseMailbox('rina')).toBe('');
    expect(normaliseMailbox('@example.com')).toBe('');
    expect(normaliseMailbox('rina@')).toBe('');
    expect(normaliseMailbox('+tag@example.com')).toBe('');
  });
});

describe('referralRefusal', () => {
  const base = { referredId: 'u2', referrerId: 'u1', referredMailbox: 'rina@gmail.com', referrerMailbox: 'nadia@gmail.com', mailboxKnown: false };

  it('accepts a new person referred by someone else', () => {
    expect(referralRefusal(base)).toBeNull();
    expect(referralRefusal({ ...base, referrerMailbox: '' })).toBeNull();
  });

  it("refuses the referrer's own account or an alias of the referrer's mailbox", () => {
    expect(referralRefusal({ ...base, referredId: 'u1' })).toBe('OWN_MAILBOX');
    expect(referralRefusal({ ...base, referrerMailbox: 'rina@gmail.com' })).toBe('OWN_MAILBOX');
  });

  it('refuses a mailbox another account already has', () => {
    expect(referralRefusal({ ...base, mailboxKnown: true })).toBe('MAILBOX_KNOWN');
  });

  it('does not match two unknown mailboxes with each other', () => {
    expect(referralRefusal({ ...base, referredMailbox: '', referrerMailbox: '' })).toBeNull();
  });
});

describe('orderEarnsBonus (the bonus is paid only by an order that paid at least the bonus)', () => {
  const bonus = REFERRAL_BONUS_POISHA;
  it('is true when the wallet and the card paid the bonus or more', () => {
    expect(orderEarnsBonus({ walletUsed: 0, cardPaid: bonus }, bonus)).toBe(true);
    expect(orderEarnsBonus({ walletUsed: bonus, cardPaid: 0 }, bonus)).toBe(true);
    expect(orderEarnsBonus({ walletUsed: bonus - 100, cardPaid: 100 }, bonus)).toBe(true);
  });

  it('is false for an order that paid less than the bonus (a 99% voucher: 15 BDT paid)', () => {
    expect(orderEarnsBonus({ walletUsed: 0, cardPaid: 15_00 }, bonus)).toBe(false);
    expect(orderEarnsBonus({ walletUsed: 0, cardPaid: bonus - 1 }, bonus)).toBe(false);
  });

  it('is false for an order that cost nothing (a 100% voucher)', () => {
    expect(orderEarnsBonus({ walletUsed: 0, cardPaid: 0 }, bonus)).toBe(false);
  });
});
