import { randomBytes } from 'node:crypto';
import {
  CODE_BITS,
  codeFromBytes,
  dayOf,
  hashCode,
  isWellFormedCode,
  normaliseCode,
  orderProblems,
  orderTotal,
  redeemRefusal,
  validityOf,
} from './gift-cards';
import { AccountFieldLimits, GiftCardTextLimits, nameProblem } from '@taal/contracts';

describe('gift-card codes', () => {
  it('carry at least 80 random bits and are read back however they are typed', () => {
    expect(CODE_BITS).toBeGreaterThanOrEqual(80);
    const code = codeFromBytes(randomBytes(13));
    expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/);
    expect(isWellFormedCode(code)).toBe(true);
    const typed = ` ${code.toLowerCase().replace(/-/g, ' ')} `;
    expect(hashCode(typed)).toBe(hashCode(code));
    expect(normaliseCode('oIl0')).toBe('0110');
    expect(isWellFormedCode('nope')).toBe(false);
  });

  it('differ for different random bytes and never store the code itself', () => {
    const codes = new Set(Array.from({ length: 1000 }, () => codeFromBytes(randomBytes(13))));
    expect(codes.size).toBe(1000);
    const [one] = codes;
    expect(hashCode(one!)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashCode(one!)).not.toContain(normaliseCode(one!));
  });
});

describe('redeeming', () => {
  const now = new Date('2026-11-23T00:00:00Z');
  const { validFrom, validTo } = validityOf(new Date('2026-01-01T00:00:00Z'));
  it('is valid 365 days from purchase', () => {
    expect((validTo.getTime() - validFrom.getTime()) / 86_400_000).toBe(365);
  });
  it('refuses unknown, used and expired cards, each for its own reason', () => {
    expect(redeemRefusal(null, now)).toBe('unknown');
    expect(redeemRefusal({ used: true, validFrom, validTo }, now)).toBe('used');
    expect(redeemRefusal({ used: false, validFrom, validTo }, new Date('2027-01-02T00:00:00Z'))).toBe('expired');
    expect(redeemRefusal({ used: false, validFrom, validTo }, now)).toBeNull();
  });
});

describe('store orders', () => {
  it('total price × quantity', () => {
    expect(orderTotal(50000, 3)).toBe(150000);
    expect(() => orderTotal(50000, 0)).toThrow();
  });
  it('apply §5: phones of 11 characters, a valid e-mail, required names', () => {
    const base = { quantity: 1, userPhone: '', giftCardFrom: '', giftCardMessage: '', shipping: { name: '', email: '', phone: '' } };
    expect(orderProblems({ ...base, forMyself: true })).toEqual({ userPhone: 'THIS_IS_REQUIRED' });
    expect(orderProblems({ ...base, forMyself: true, userPhone: '0171' })).toEqual({ userPhone: 'TOO_SHORT' });
    expect(orderProblems({ ...base, forMyself: false, shipping: { name: 'R', email: 'x@', phone: '01712345678' }, giftCardFrom: 'A' })).toEqual({
      shippingAddressEmail: 'ENTER_VALID_EMAIL',
    });
    expect(orderProblems({ ...base, forMyself: false, quantity: 0 })).toMatchObject({
      quantity: 'QUANTITY_TOO_SMALL',
      shippingAddressName: 'THIS_IS_REQUIRED',
      giftCardFrom: 'THIS_IS_REQUIRED',
    });
  });
});

describe('gift-card text (decision 0018: it reaches a mail Subject and text part)', () => {
  const someoneElse = (o: { giftCardFrom?: string; giftCardMessage?: string; name?: string }) =>
    orderProblems({
      forMyself: false,
      quantity: 1,
      userPhone: '',
      giftCardFrom: o.giftCardFrom ?? 'Rina',
      giftCardMessage: o.giftCardMessage ?? '',
      shipping: { name: o.name ?? 'Nadia', email: 'nadia@example.com', phone: '01712345678' },
    });

  it('accepts names and messages in English and Bengali with common punctuation', () => {
    expect(someoneElse({ giftCardFrom: "Rina O'Brien-Khan", giftCardMessage: 'Happy birthday, Nadia! Practise daily (20 min) :-)' })).toEqual({});
    expect(someoneElse({ giftCardFrom: 'রিনা আক্তার', name: 'নাদিয়া', giftCardMessage: 'শুভ জন্মদিন! ৳৫০০ উপহার। গিটার শিখো, ক্ষমা—রিনা' })).toEqual({});
    expect(someoneElse({ giftCardMessage: '' })).toEqual({});
  });

  it('refuses line breaks, control and bidirectional characters in the sender and the receiver (the name rule), and markup in the message', () => {
    for (const bad of ['Rina\r\nBcc: all@example.com', 'Rina\u202egnp.exe', '\u2066Rina', 'Ri\u0000na', 'Rina\u2028x', 'Rina\tK', 'Ri\u200bna']) {
      expect(someoneElse({ giftCardFrom: bad })).toEqual({ giftCardFrom: 'NAME_INVALID' });
      expect(someoneElse({ name: bad })).toEqual({ shippingAddressName: 'NAME_INVALID' });
      expect(someoneElse({ giftCardMessage: bad })).toEqual({ giftCardMessage: 'GIFT_CARD_TEXT_INVALID' });
    }
    expect(someoneElse({ giftCardMessage: '<b>Rina</b>' })).toEqual({ giftCardMessage: 'GIFT_CARD_TEXT_INVALID' });
    expect(someoneElse({ giftCardMessage: 'Hi\n\nSecret code: FAKE-CODE' })).toEqual({ giftCardMessage: 'GIFT_CARD_TEXT_INVALID' });
  });

  it('takes every name sign-up takes as the sender and the receiver, emoji included (issue 55)', () => {
    for (const name of ['Rafi 🎸', 'রিনা 🥁 আক্তার', "Rina O'Brien-Khan", 'A'.repeat(AccountFieldLimits.name)]) {
      expect(nameProblem(name)).toBeNull();
      expect(someoneElse({ giftCardFrom: name, name })).toEqual({});
    }
    expect(someoneElse({ giftCardFrom: '   ' })).toEqual({ giftCardFrom: 'THIS_IS_REQUIRED' });
  });

  it(`limits the sender to ${GiftCardTextLimits.senderName} and the message to ${GiftCardTextLimits.message} characters`, () => {
    expect(someoneElse({ giftCardFrom: 'R'.repeat(GiftCardTextLimits.senderName) })).toEqual({});
    expect(someoneElse({ giftCardFrom: 'R'.repeat(GiftCardTextLimits.senderName + 1) })).toEqual({ giftCardFrom: 'TOO_LONG' });
    expect(someoneElse({ giftCardMessage: 'ক'.repeat(GiftCardTextLimits.message) })).toEqual({});
    expect(someoneElse({ giftCardMessage: 'ক'.repeat(GiftCardTextLimits.message + 1) })).toEqual({ giftCardMessage: 'TOO_LONG' });
  });

  it('checks the message of a card bought for oneself too', () => {
    expect(orderProblems({ forMyself: true, quantity: 1, userPhone: '01712345678', giftCardFrom: '', giftCardMessage: 'x\u202e', shipping: { name: '', email: '', phone: '' } })).toEqual({
      giftCardMessage: 'GIFT_CARD_TEXT_INVALID',
    });
  });
});

describe('the code mail', () => {
  it('names the last day in the reader’s digits', () => {
    expect(dayOf(new Date('2027-11-23T00:00:00Z'), 'en')).toBe('2027-11-23');
    expect(dayOf(new Date('2027-11-23T00:00:00Z'), 'bn')).toBe('২০২৭-১১-২৩');
  });

  it('is the day in Dhaka, not in UTC (a card bought at 2 a.m. in Dhaka ends on that date a year on)', () => {
    expect(dayOf(new Date('2027-11-23T20:00:00Z'), 'en')).toBe('2027-11-24');
    expect(dayOf(new Date('2027-11-23T17:59:59Z'), 'bn')).toBe('২০২৭-১১-২৩');
  });
});
