import { normaliseMailbox, orderBroughtMoney, referralRefusal } from './referrals';

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

describe('orderBroughtMoney', () => {
  it('is true when the wallet or the card paid something', () => {
    expect(orderBroughtMoney({ walletUsed: 0, cardPaid: 1 })).toBe(true);
    expect(orderBroughtMoney({ walletUsed: 500, cardPaid: 0 })).toBe(true);
  });

  it('is false for an order that cost nothing (a 100% voucher)', () => {
    expect(orderBroughtMoney({ walletUsed: 0, cardPaid: 0 })).toBe(false);
  });
});
