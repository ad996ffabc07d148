/**
 * The two expiry mails (3 days before, and on expiry), in the student's language. Pure: the
 * notifier (app/expiry-notices.ts) picks who gets which and sends them once each.
 */
import { dhakaDay } from '@taal/contracts';

export const EXPIRY_NOTICE_DAYS = 3;

export type NoticeKind = 'soon' | 'expired';

export interface ExpiryMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';
const bengaliDigits = (s: string) => s.replace(/[0-9]/g, (d) => BENGALI_DIGITS[Number(d)]!);

/** The day as the student reads it (Bangladesh time). */
export function dayOf(at: Date, language: 'en' | 'bn'): string {
  const day = dhakaDay(at).split('-').reverse().join('-');
  return language === 'bn' ? bengaliDigits(day) : day;
}

export function expiryMail(kind: NoticeKind, language: 'en' | 'bn', m: { name: string; course: string; expiresAt: Date; renewUrl: string }): ExpiryMail {
  const day = dayOf(m.expiresAt, language);
  const lines =
    language === 'bn'
      ? kind === 'soon'
        ? {
            subject: `আপনার "${m.course}" কোর্সের মেয়াদ ${day} তারিখে শেষ হবে`,
            body: [`প্রিয় ${m.name},`, `"${m.course}" কোর্সে আপনার অ্যাক্সেস ${day} তারিখে শেষ হবে।`, 'অনুশীলন চালিয়ে যেতে এখনই নবায়ন করুন:'],
          }
        : {
            subject: `আপনার "${m.course}" কোর্সের মেয়াদ শেষ হয়েছে`,
            body: [`প্রিয় ${m.name},`, `"${m.course}" কোর্সে আপনার অ্যাক্সেস ${day} তারিখে শেষ হয়েছে। আপনার অগ্রগতি সংরক্ষিত আছে।`, 'আবার শুরু করতে নবায়ন করুন:'],
          }
      : kind === 'soon'
        ? {
            subject: `Your access to "${m.course}" ends on ${day}`,
            body: [`Dear ${m.name},`, `Your access to "${m.course}" ends on ${day}.`, 'Renew now to keep practising:'],
          }
        : {
            subject: `Your access to "${m.course}" has ended`,
            body: [`Dear ${m.name},`, `Your access to "${m.course}" ended on ${day}. Your progress is kept.`, 'Renew to pick up where you left off:'],
          };
  return {
    subject: lines.subject,
    text: `${lines.body.join('\n\n')}\n\n${m.renewUrl}\n`,
    html: `${lines.body.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(m.renewUrl)}">${escapeHtml(m.renewUrl)}</a></p>`,
  };
}
