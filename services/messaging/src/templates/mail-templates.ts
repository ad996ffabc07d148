/**
 * Transactional mails in the recipient's language (en or bn), each with an HTML and a plain-text
 * part, rendered with handlebars (HTML-escaped by default in the HTML part). The templates are
 * data, not string concatenation; `renderMail` is the one entry point. Not yet sent from here:
 * the services that own these moments still write their own mails (issue 13 leaves the move open).
 */
import Handlebars from 'handlebars';

export type MailLanguage = 'en' | 'bn';

export interface MailData {
  verification: { name: string; link: string };
  passwordReset: { name: string; link: string };
  orderPaid: { name: string; orderId: string; courses: { title: string; tier: string; price: number }[]; total: number; link: string };
  giftCardReceived: { receiverName: string; senderName: string; value: number; code: string; message?: string; validTo: string };
  certificateProvided: { name: string; courseName: string; link: string };
  settlementPublished: { name: string; amount: number; settleDate: string; link: string };
  courseExpiring: { name: string; courseTitle: string; expiresOn: string; link: string };
}
export type MailKind = keyof MailData;

interface Template {
  subject: string;
  /** The body's HTML (inside the common layout). */
  html: string;
  text: string;
}

const T: Record<MailKind, Record<MailLanguage, Template>> = {
  verification: {
    en: {
      subject: 'Verify your Taal account',
      html: '<p>Hello {{name}},</p><p>Please confirm your e-mail address to start learning.</p><p><a href="{{link}}">Verify my account</a></p>',
      text: 'Hello {{name}},\n\nPlease confirm your e-mail address to start learning:\n{{link}}',
    },
    bn: {
      subject: 'আপনার তাল অ্যাকাউন্ট যাচাই করুন',
      html: '<p>প্রিয় {{name}},</p><p>শেখা শুরু করতে আপনার ইমেইল ঠিকানা নিশ্চিত করুন।</p><p><a href="{{link}}">অ্যাকাউন্ট যাচাই করুন</a></p>',
      text: 'প্রিয় {{name}},\n\nশেখা শুরু করতে আপনার ইমেইল ঠিকানা নিশ্চিত করুন:\n{{link}}',
    },
  },
  passwordReset: {
    en: {
      subject: 'Reset your Taal password',
      html: '<p>Hello {{name}},</p><p>Someone asked to reset your password. If it was you, choose a new one:</p><p><a href="{{link}}">Choose a new password</a></p><p>If not, ignore this mail.</p>',
      text: 'Hello {{name}},\n\nSomeone asked to reset your password. If it was you, choose a new one:\n{{link}}\n\nIf not, ignore this mail.',
    },
    bn: {
      subject: 'আপনার তাল পাসওয়ার্ড রিসেট করুন',
      html: '<p>প্রিয় {{name}},</p><p>আপনার পাসওয়ার্ড রিসেট করার অনুরোধ এসেছে। আপনি করে থাকলে নতুন পাসওয়ার্ড বেছে নিন:</p><p><a href="{{link}}">নতুন পাসওয়ার্ড দিন</a></p><p>না করে থাকলে এই ইমেইলটি উপেক্ষা করুন।</p>',
      text: 'প্রিয় {{name}},\n\nআপনার পাসওয়ার্ড রিসেট করার অনুরোধ এসেছে। আপনি করে থাকলে নতুন পাসওয়ার্ড বেছে নিন:\n{{link}}\n\nনা করে থাকলে এই ইমেইলটি উপেক্ষা করুন।',
    },
  },
  orderPaid: {
    en: {
      subject: 'Your Taal receipt ({{orderId}})',
      html: '<p>Hello {{name}},</p><p>Thank you! Your payment was received.</p><table>{{#each courses}}<tr><td>{{title}}</td><td>{{tier}}</td><td>BDT {{money price}}</td></tr>{{/each}}<tr><td colspan="2"><b>Total</b></td><td><b>BDT {{money total}}</b></td></tr></table><p><a href="{{link}}">Go to your classroom</a></p>',
      text: 'Hello {{name}},\n\nThank you! Your payment was received.\n{{#each courses}}- {{title}} ({{tier}}): BDT {{money price}}\n{{/each}}Total: BDT {{money total}}\n\nYour classroom: {{link}}',
    },
    bn: {
      subject: 'আপনার তাল রসিদ ({{orderId}})',
      html: '<p>প্রিয় {{name}},</p><p>ধন্যবাদ! আপনার পেমেন্ট পাওয়া গেছে।</p><table>{{#each courses}}<tr><td>{{title}}</td><td>{{tier}}</td><td>{{money price}} টাকা</td></tr>{{/each}}<tr><td colspan="2"><b>মোট</b></td><td><b>{{money total}} টাকা</b></td></tr></table><p><a href="{{link}}">ক্লাসরুমে যান</a></p>',
      text: 'প্রিয় {{name}},\n\nধন্যবাদ! আপনার পেমেন্ট পাওয়া গেছে।\n{{#each courses}}- {{title}} ({{tier}}): {{money price}} টাকা\n{{/each}}মোট: {{money total}} টাকা\n\nআপনার ক্লাসরুম: {{link}}',
    },
  },
  giftCardReceived: {
    en: {
      subject: '{{senderName}} sent you a Taal gift card',
      html: '<p>Hello {{receiverName}},</p><p>{{senderName}} sent you a gift card worth <b>BDT {{money value}}</b>.</p>{{#if message}}<blockquote>{{message}}</blockquote>{{/if}}<p>Your code: <b>{{code}}</b> (valid until {{validTo}})</p>',
      text: 'Hello {{receiverName}},\n\n{{senderName}} sent you a gift card worth BDT {{money value}}.\n{{#if message}}"{{message}}"\n{{/if}}Your code: {{code}} (valid until {{validTo}})',
    },
    bn: {
      subject: '{{senderName}} আপনাকে একটি তাল গিফট কার্ড পাঠিয়েছেন',
      html: '<p>প্রিয় {{receiverName}},</p><p>{{senderName}} আপনাকে <b>{{money value}} টাকা</b> মূল্যের একটি গিফট কার্ড পাঠিয়েছেন।</p>{{#if message}}<blockquote>{{message}}</blockquote>{{/if}}<p>আপনার কোড: <b>{{code}}</b> ({{validTo}} পর্যন্ত বৈধ)</p>',
      text: 'প্রিয় {{receiverName}},\n\n{{senderName}} আপনাকে {{money value}} টাকা মূল্যের একটি গিফট কার্ড পাঠিয়েছেন।\n{{#if message}}"{{message}}"\n{{/if}}আপনার কোড: {{code}} ({{validTo}} পর্যন্ত বৈধ)',
    },
  },
  certificateProvided: {
    en: {
      subject: 'Your certificate for {{courseName}} is ready',
      html: '<p>Hello {{name}},</p><p>Congratulations! Your certificate for <b>{{courseName}}</b> is ready.</p><p><a href="{{link}}">See your certificate</a></p>',
      text: 'Hello {{name}},\n\nCongratulations! Your certificate for {{courseName}} is ready:\n{{link}}',
    },
    bn: {
      subject: '{{courseName}} কোর্সের সনদ প্রস্তুত',
      html: '<p>প্রিয় {{name}},</p><p>অভিনন্দন! <b>{{courseName}}</b> কোর্সের আপনার সনদ প্রস্তুত।</p><p><a href="{{link}}">সনদ দেখুন</a></p>',
      text: 'প্রিয় {{name}},\n\nঅভিনন্দন! {{courseName}} কোর্সের আপনার সনদ প্রস্তুত:\n{{link}}',
    },
  },
  settlementPublished: {
    en: {
      subject: 'A payment settlement of BDT {{money amount}} was published',
      html: '<p>Hello {{name}},</p><p>A settlement of <b>BDT {{money amount}}</b> dated {{settleDate}} was published for you.</p><p><a href="{{link}}">See your settlements</a></p>',
      text: 'Hello {{name}},\n\nA settlement of BDT {{money amount}} dated {{settleDate}} was published for you:\n{{link}}',
    },
    bn: {
      subject: '{{money amount}} টাকার একটি পেমেন্ট সেটেলমেন্ট প্রকাশিত হয়েছে',
      html: '<p>প্রিয় {{name}},</p><p>{{settleDate}} তারিখের <b>{{money amount}} টাকা</b>র একটি সেটেলমেন্ট আপনার জন্য প্রকাশিত হয়েছে।</p><p><a href="{{link}}">সেটেলমেন্ট দেখুন</a></p>',
      text: 'প্রিয় {{name}},\n\n{{settleDate}} তারিখের {{money amount}} টাকার একটি সেটেলমেন্ট আপনার জন্য প্রকাশিত হয়েছে:\n{{link}}',
    },
  },
  courseExpiring: {
    en: {
      subject: 'Your access to {{courseTitle}} ends on {{expiresOn}}',
      html: '<p>Hello {{name}},</p><p>Your access to <b>{{courseTitle}}</b> ends on {{expiresOn}}. Renew it to keep learning.</p><p><a href="{{link}}">Open the course</a></p>',
      text: 'Hello {{name}},\n\nYour access to {{courseTitle}} ends on {{expiresOn}}. Renew it to keep learning:\n{{link}}',
    },
    bn: {
      subject: '{{courseTitle}} কোর্সে আপনার অ্যাক্সেস {{expiresOn}} তারিখে শেষ হবে',
      html: '<p>প্রিয় {{name}},</p><p><b>{{courseTitle}}</b> কোর্সে আপনার অ্যাক্সেস {{expiresOn}} তারিখে শেষ হবে। শেখা চালিয়ে যেতে নবায়ন করুন।</p><p><a href="{{link}}">কোর্সটি খুলুন</a></p>',
      text: 'প্রিয় {{name}},\n\n{{courseTitle}} কোর্সে আপনার অ্যাক্সেস {{expiresOn}} তারিখে শেষ হবে। শেখা চালিয়ে যেতে নবায়ন করুন:\n{{link}}',
    },
  },
};

const LAYOUT = '<!doctype html><html lang="{{lang}}"><body style="font-family:\'Noto Sans Bengali\',system-ui,sans-serif;color:#231a14;max-width:600px;margin:0 auto;padding:16px">{{{body}}}<p style="color:#777;font-size:12px">Taal</p></body></html>';

const engine = Handlebars.create();
/** Poisha as taka with two decimals. */
engine.registerHelper('money', (poisha: unknown) => (Number(poisha) / 100).toFixed(2));

type Compiled = { subject: HandlebarsTemplateDelegate; html: HandlebarsTemplateDelegate; text: HandlebarsTemplateDelegate };
const compiled = new Map<string, Compiled>();
const layout = engine.compile(LAYOUT, { strict: true });

function templateOf(kind: MailKind, language: MailLanguage): Compiled {
  const key = `${kind}:${language}`;
  let c = compiled.get(key);
  if (!c) {
    const t = T[kind][language];
    c = {
      // Subjects and text parts are plain text: nothing to escape.
      subject: engine.compile(t.subject, { noEscape: true }),
      html: engine.compile(t.html),
      text: engine.compile(t.text, { noEscape: true }),
    };
    compiled.set(key, c);
  }
  return c;
}

/** One transactional mail in the recipient's language (anything but bn is en). */
export function renderMail<K extends MailKind>(kind: K, language: string, data: MailData[K]): { subject: string; html: string; text: string } {
  const lang: MailLanguage = language === 'bn' ? 'bn' : 'en';
  const t = templateOf(kind, lang);
  return {
    subject: t.subject(data).replace(/\s+/g, ' ').trim(),
    html: layout({ lang, body: t.html(data) }),
    text: t.text(data),
  };
}

export const MAIL_KINDS = Object.keys(T) as MailKind[];
