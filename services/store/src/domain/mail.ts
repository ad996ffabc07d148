/** The mail that carries gift-card codes, in English or Bengali (pure text building). */
export type Language = 'en' | 'bn';

const BN_DIGITS = '০১২৩৪৫৬৭৮৯';
const bnDigits = (s: string) => s.replace(/[0-9]/g, (d) => BN_DIGITS[Number(d)]!);
const taka = (poisha: number) => (poisha % 100 === 0 ? String(poisha / 100) : (poisha / 100).toFixed(2));
const day = (d: Date) => d.toISOString().slice(0, 10);

export interface CodeMailInput {
  language: Language;
  receiverName: string;
  senderName: string;
  message: string;
  productName: string;
  value: number;
  codes: readonly string[];
  validTo: Date;
  redeemUrl: string;
}

export function codeMail(m: CodeMailInput): { subject: string; text: string } {
  if (m.language === 'bn') {
    const n = bnDigits(String(m.codes.length));
    return {
      subject: `${m.senderName} আপনাকে ${n}টি গিফট কার্ড পাঠিয়েছেন`,
      text: [
        `প্রিয় ${m.receiverName},`,
        '',
        `${m.senderName} আপনাকে ${n}টি "${m.productName}" গিফট কার্ড পাঠিয়েছেন, প্রতিটির মূল্য ${bnDigits(taka(m.value))} টাকা।`,
        ...(m.message ? ['', `বার্তা: ${m.message}`] : []),
        '',
        'গোপন কোড:',
        ...m.codes.map((c) => `  ${c}`),
        '',
        `মেয়াদ: ${bnDigits(day(m.validTo))} পর্যন্ত। প্রতিটি কার্ড একবারই ব্যবহার করা যায়; হারানো কার্ড প্রতিস্থাপন করা হয় না।`,
        `ব্যবহার করতে লগইন করুন এবং "গিফট কার্ড রিডিম" ট্যাবে কোডটি লিখুন: ${m.redeemUrl}`,
        '',
        'তাল',
      ].join('\n'),
    };
  }
  const n = m.codes.length;
  return {
    subject: `${m.senderName} sent you ${n === 1 ? 'a gift card' : `${n} gift cards`}`,
    text: [
      `Dear ${m.receiverName},`,
      '',
      `${m.senderName} sent you ${n} "${m.productName}" gift card${n === 1 ? '' : 's'}, worth BDT ${taka(m.value)} each.`,
      ...(m.message ? ['', `Message: ${m.message}`] : []),
      '',
      `Secret code${n === 1 ? '' : 's'}:`,
      ...m.codes.map((c) => `  ${c}`),
      '',
      `Valid until ${day(m.validTo)}. Each card can be redeemed once; lost cards are not replaced.`,
      `To redeem, log in and enter the code in the Redeem Gift Card tab: ${m.redeemUrl}`,
      '',
      'Taal',
    ].join('\n'),
  };
}
