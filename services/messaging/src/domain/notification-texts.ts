/**
 * System notifications in the reader's language (decision 0023). A notification caused by an
 * event stores a text key and its parameters; the text is written in en or bn when it is read,
 * so each reader sees it in the language of the page they are on. `msg` keeps the English text
 * (for a key this version does not know, and for readers without a language).
 */
import { bengaliDigits, poishaToTaka } from '@taal/contracts';

export type NotificationLanguage = 'en' | 'bn';
type Params = Record<string, string | number>;

/** Poisha (a number, or its text in a notification's parameters) as taka text; '' when it is not an amount. */
export const takaText = (poisha: unknown): string => {
  const amount = Number(poisha);
  return Number.isSafeInteger(amount) ? poishaToTaka(amount) : '';
};
const taka = takaText;
const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

const REPORTED_EN: Record<string, string> = { message: 'message', reply: 'reply', question: 'question', answer: 'answer', review: 'review' };
const REPORTED_BN: Record<string, string> = { message: 'বার্তা', reply: 'উত্তর', question: 'প্রশ্ন', answer: 'উত্তর', review: 'রিভিউ' };

const TEXTS: Record<string, Record<NotificationLanguage, (p: Params) => string>> = {
  orderPaid: {
    en: (p) => `Payment received: your order of ${Number(p.courses) === 1 ? '1 course' : `${str(p.courses)} courses`} is confirmed. Happy learning!`,
    bn: (p) => `পেমেন্ট পাওয়া গেছে: আপনার ${bengaliDigits(str(p.courses))}টি কোর্সের অর্ডার নিশ্চিত হয়েছে। শুভ শেখা!`,
  },
  messageAnswered: {
    en: (p) => `${str(p.instructor) || 'Your instructor'} replied to your message.`,
    bn: (p) => `${str(p.instructor) || 'আপনার প্রশিক্ষক'} আপনার বার্তার উত্তর দিয়েছেন।`,
  },
  giftCardCredited: {
    en: (p) => `BDT ${taka(p.value)} from a gift card was added to your wallet.`,
    bn: (p) => `একটি গিফট কার্ড থেকে ${bengaliDigits(taka(p.value))} টাকা আপনার ওয়ালেটে যোগ হয়েছে।`,
  },
  certificateProvided: {
    en: (p) => `Your certificate for "${str(p.course)}" is ready.`,
    bn: (p) => `"${str(p.course)}" কোর্সের আপনার সনদ প্রস্তুত।`,
  },
  questionAnswered: {
    en: (p) => `Your question on "${str(p.lesson)}" was answered.`,
    bn: (p) => `"${str(p.lesson)}" পাঠে আপনার প্রশ্নের উত্তর দেওয়া হয়েছে।`,
  },
  // A report decided (decision 0076): the reporter is told the outcome.
  reportDecided: {
    en: (p) => {
      const what = REPORTED_EN[str(p.kind)] ?? 'post';
      if (p.outcome === 'hidden' || p.outcome === 'suspended') return `Thank you for your report: the ${what} you reported has been removed.`;
      if (p.outcome === 'restored') return `The ${what} you reported was reviewed and is shown again.`;
      return `The ${what} you reported was reviewed and breaks no rule: it stays.`;
    },
    bn: (p) => {
      const what = REPORTED_BN[str(p.kind)] ?? 'লেখা';
      if (p.outcome === 'hidden' || p.outcome === 'suspended') return `রিপোর্টের জন্য ধন্যবাদ: আপনার রিপোর্ট করা ${what}টি সরিয়ে দেওয়া হয়েছে।`;
      if (p.outcome === 'restored') return `আপনার রিপোর্ট করা ${what}টি যাচাই করে আবার দেখানো হচ্ছে।`;
      return `আপনার রিপোর্ট করা ${what}টি যাচাই করা হয়েছে, কোনো নিয়ম ভাঙেনি: এটি থাকছে।`;
    },
  },
  // A practical exam graded (decision 0079).
  practicalGraded: {
    en: (p) =>
      p.outcome === 'passed'
        ? `You passed the practical exam of "${str(p.course)}".`
        : `Your practical exam of "${str(p.course)}" was graded: not passed yet. Read the comment and submit again.`,
    bn: (p) =>
      p.outcome === 'passed'
        ? `আপনি "${str(p.course)}" কোর্সের ব্যবহারিক পরীক্ষায় পাস করেছেন।`
        : `"${str(p.course)}" কোর্সের আপনার ব্যবহারিক পরীক্ষা মূল্যায়ন হয়েছে: এখনও পাস হয়নি। মন্তব্য পড়ে আবার জমা দিন।`,
  },
  referralBonus: {
    en: (p) => `BDT ${taka(p.amount)} referral bonus was added to your wallet.`,
    bn: (p) => `রেফারেল বোনাস হিসেবে ${bengaliDigits(taka(p.amount))} টাকা আপনার ওয়ালেটে যোগ হয়েছে।`,
  },
};

export const NOTIFICATION_TEXT_KEYS = Object.keys(TEXTS);

export function isNotificationTextKey(key: string): boolean {
  return Object.prototype.hasOwnProperty.call(TEXTS, key);
}

/** The text in `language` (anything but bn is en); null for an unknown key. */
export function notificationText(key: string, params: Params, language: string): string | null {
  const text = isNotificationTextKey(key) ? TEXTS[key]! : null;
  if (!text) return null;
  return text[language === 'bn' ? 'bn' : 'en'](params ?? {});
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Where a system notification leads in the web app (issue 40: a provided certificate opens it); undefined for none. */
export function notificationLink(key: string | null | undefined, params: Params | null | undefined): string | undefined {
  if (key === 'questionAnswered' && typeof params?.course === 'string' && ID.test(params.course)) return `/courseview?id=${params.course}#questions`;
  if (key === 'practicalGraded' && typeof params?.courseId === 'string' && ID.test(params.courseId)) return `/courseview?id=${params.courseId}#practical`;
  if (key === 'certificateProvided' && typeof params?.certificate === 'string' && ID.test(params.certificate)) return `/certificate/${params.certificate}`;
  return undefined;
}

/** A stored system notification: its key, parameters and the English text kept as `msg`. */
export function systemNotification(textKey: string, params: Params, key: string): { key: string; msg: string; textKey: string; params: Params } {
  return { key, msg: notificationText(textKey, params, 'en') ?? textKey, textKey, params };
}
