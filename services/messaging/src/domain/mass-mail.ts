import sanitizeHtml from 'sanitize-html';
import type { RefusalKey } from '@taal/contracts';
import { isEmail } from './rules';

/** Back office §7: the mass-mail audiences. */
export const AUDIENCES = ['allUser', 'subscriber', 'non-subscriber', 'verified-user', 'non-verified-user', 'instructors', 'admin', 'custom'] as const;
export type Audience = (typeof AUDIENCES)[number];

/** The HTML a mass mail may carry: text formatting, links, lists, headings and images over https. */
export function sanitizeMailHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'hr', 'img', 'span', 'div', 'table', 'thead', 'tbody', 'tr', 'td', 'th'],
    allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
    allowedSchemes: ['https', 'http', 'mailto'],
    allowedSchemesByTag: { img: ['https'] },
  }).trim();
}

/** Plain text of the sanitised HTML (each mail's text part). */
export function htmlToText(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|div|h[1-4]|li|tr|blockquote)>|<br\s*\/?>/gi, '\n'), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A refusal names the field and its key (refusals/messaging.ts). */
export type MassMailCheck = { ok: true; html: string } | { ok: false; key: RefusalKey; field: string };

/** Audience known, subject and a message with some content left after sanitising. */
export function checkMassMail(input: { audience: string; subject: string; html: string }): MassMailCheck {
  if (!(AUDIENCES as readonly string[]).includes(input.audience)) return { ok: false, key: 'AUDIENCE_REQUIRED', field: 'mailTo' };
  if (!input.subject.trim()) return { ok: false, key: 'SUBJECT_REQUIRED', field: 'subject' };
  if (input.subject.length > 200) return { ok: false, key: 'TEXT_TOO_LONG', field: 'subject' };
  const html = sanitizeMailHtml(input.html);
  if (!htmlToText(html) && !/<img/i.test(html)) return { ok: false, key: 'MAIL_MESSAGE_REQUIRED', field: 'message' };
  if (html.length > 100_000) return { ok: false, key: 'TEXT_TOO_LONG', field: 'message' };
  return { ok: true, html };
}

/** The custom audience needs one valid address. */
export function checkCustomAddress(audience: string, email: string): { ok: true } | { ok: false; key: RefusalKey } {
  if (audience !== 'custom') return { ok: true };
  if (!email.trim()) return { ok: false, key: 'CUSTOM_EMAIL_REQUIRED' };
  if (!isEmail(email.trim())) return { ok: false, key: 'CUSTOM_EMAIL_INVALID' };
  return { ok: true };
}

/** One mail of a mass mail: the sanitised HTML with the unsubscribe link below it, and its text part. */
export function massMailBody(html: string, unsubscribeUrl: string, language: string, text = htmlToText(html)): { html: string; text: string } {
  const label = language === 'bn' ? 'এই ধরনের ইমেইল আর না পেতে চাইলে আনসাবস্ক্রাইব করুন' : 'Unsubscribe from these e-mails';
  return {
    html: `${html}\n<hr>\n<p style="font-size:12px;color:#777"><a href="${unsubscribeUrl}">${label}</a></p>`,
    text: `${text}\n\n--\n${label}: ${unsubscribeUrl}`,
  };
}
