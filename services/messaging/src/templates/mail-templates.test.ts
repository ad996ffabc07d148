import { MAIL_KINDS, renderMail, type MailData } from './mail-templates';

const samples: MailData = {
  verification: { name: 'Nadia', link: 'https://taal.example/verify-email/t' },
  guardianApproval: { name: 'Guardian', student: 'Nadia', studentEmail: 'nadia@example.com', link: 'https://taal.example/guardian-approval/t' },
  passwordReset: { name: 'Nadia', link: 'https://taal.example/reset-password/t' },
  signInLink: { name: 'Nadia', link: 'https://taal.example/signin-link?token=t' },
  orderPaid: { name: 'Nadia', orderId: 'o-1', courses: [{ title: 'Lead Guitar', tier: 'silver', price: 400000 }], subtotal: 400000, discount: 0, walletUsed: 0, total: 400000, link: 'https://taal.example/studentpanel' },
  giftCardReceived: { name: 'Rafi', senderName: 'Nadia', productName: 'Taal 1500', value: 150000, codes: ['ABCD-EFGH'], message: 'Happy birthday!', validTo: '2027-11-23', link: 'https://taal.example/studentpanel?tab=6' },
  giftCardSent: { name: 'Nadia', receiverName: 'Rafi', receiverEmail: 'rafi@example.com', productName: 'Taal 1500', value: 150000, count: 2, total: 300000, validTo: '2027-11-23', link: 'https://taal.example/contact' },
  certificateProvided: { name: 'Nadia', courseName: 'Drums for Beginners', link: 'https://taal.example/certificate/c' },
  settlementPublished: { name: 'Arnob', amount: 1234500, settleDate: '2026-11-30', link: 'https://taal.example/instructorpanel?tab=4' },
  courseExpiring: { name: 'Nadia', courseTitle: 'Piano Basics', expiresOn: '2026-12-01', link: 'https://taal.example/courseview?id=x' },
  courseExpired: { name: 'Nadia', courseTitle: 'Piano Basics', expiresOn: '2026-12-01', link: 'https://taal.example/courseview?id=x' },
  questionAnswered: { name: 'Nadia', courseTitle: 'Piano Basics', lessonTitle: 'Scales', question: 'Which finger?', answer: 'The thumb.', link: 'https://taal.example/courseview?id=x#questions' },
};

describe('transactional mail templates', () => {
  it.each(MAIL_KINDS)('%s renders in en and bn, with a subject, an HTML and a plain-text part', (kind) => {
    const en = renderMail(kind, 'en', samples[kind] as never);
    const bn = renderMail(kind, 'bn', samples[kind] as never);
    for (const m of [en, bn]) {
      expect(m.subject.length).toBeGreaterThan(5);
      expect(m.html).toMatch(/^<!doctype html>/);
      expect(m.text).not.toContain('<');
    }
    expect(bn.subject).toMatch(/[\u0980-\u09FF]/); // Bengali script
    expect(bn.html).toContain('lang="bn"');
    expect(en.subject).not.toMatch(/[\u0980-\u09FF]/);
  });

  it('fills the data in: money from poisha, lists, links; unknown languages fall back to en', () => {
    const receipt = renderMail('orderPaid', 'en', samples.orderPaid);
    expect(receipt.subject).toBe('Your Taal receipt (o-1)');
    expect(receipt.text).toContain('- Lead Guitar (Silver): BDT 4000.00\nPaid by card: BDT 4000.00');
    const discounted = renderMail('orderPaid', 'en', { ...samples.orderPaid, discount: 40000, walletUsed: 10000, total: 350000 });
    expect(discounted.text).toContain('Discount: - BDT 400.00\nPaid from wallet: - BDT 100.00\nPaid by card: BDT 3500.00');
    expect(renderMail('orderPaid', 'bn', samples.orderPaid).text).toContain('- Lead Guitar (সিলভার): 4000.00 টাকা');
    const cards = renderMail('giftCardReceived', 'bn', { ...samples.giftCardReceived, codes: ['A', 'B'] });
    expect(cards.subject).toBe('Nadia আপনাকে ২টি গিফট কার্ড পাঠিয়েছেন');
    expect(renderMail('giftCardReceived', 'en', samples.giftCardReceived).subject).toBe('Nadia sent you a gift card');
    expect(renderMail('giftCardReceived', 'bn', samples.giftCardReceived).text).toContain('1500.00 টাকা');
    expect(renderMail('verification', 'fr', samples.verification).subject).toBe('Verify your Taal account');
  });

  it("words the buyer's gift-card receipt for the buyer: whom the cards went to, the total, and no code (issue 28)", () => {
    const en = renderMail('giftCardSent', 'en', samples.giftCardSent);
    expect(en.subject).toBe('Your gift cards for Rafi: receipt');
    expect(en.text).toContain('You bought 2 "Taal 1500" gift cards, worth BDT 1500.00 each, for Rafi. We mailed the secret codes to rafi@example.com; only they can redeem them, so this receipt carries no code.');
    expect(en.text).toContain('Total paid: BDT 3000.00.');
    expect(renderMail('giftCardSent', 'en', { ...samples.giftCardSent, count: 1 }).subject).toBe('Your gift card for Rafi: receipt');
    const bn = renderMail('giftCardSent', 'bn', samples.giftCardSent);
    expect(bn.text).toContain('আপনি Rafi-এর জন্য ২টি "Taal 1500" গিফট কার্ড কিনেছেন');
    expect(bn.text).toContain('মোট পরিশোধ: 3000.00 টাকা');
    for (const m of [en, bn]) expect(m.text).not.toMatch(/গোপন কোড:|Secret code/);
  });

  it('keeps links readable in the HTML part (only what HTML needs is escaped)', () => {
    const m = renderMail('passwordReset', 'bn', { name: 'N', link: 'https://taal.example/reset-password?token=a.b&x="y"' });
    expect(m.html).toContain('href="https://taal.example/reset-password?token=a.b&#38;x=&#34;y&#34;"');
  });

  it('escapes what users typed in the HTML part, and keeps it readable in the text part', () => {
    const m = renderMail('giftCardReceived', 'en', { ...samples.giftCardReceived, message: '<script>alert(1)</script> & hi', senderName: 'A <b>' });
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('&lt;script&gt;');
    expect(m.text).toContain('<script>alert(1)</script> & hi');
    expect(m.subject).toBe('A <b> sent you a gift card');
  });
});
