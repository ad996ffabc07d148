/**
 * Transactional mails in the recipient's language (en or bn), each with an HTML and a plain-text
 * part, rendered with handlebars (HTML-escaped by default in the HTML part). The templates are
 * data, not string concatenation; `renderMail` is the one entry point. Every service has its
 * mails sent from here through `messaging.mail.requested` (decision 0023).
 */
import Handlebars from 'handlebars';
import { bengaliDigits, isCourseTier, type CourseTier, type MailData, type MailKind } from '@taal/contracts';
import { takaText } from '../domain/notification-texts';

export type { MailData, MailKind };
export type MailLanguage = 'en' | 'bn';

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
      html: '<p>Hello {{name}},</p><p>Please confirm your e-mail address to start learning (the link is valid for 24 hours).</p><p><a href="{{url link}}">Verify my account</a></p><p>If you did not sign up for Taal, ignore this mail.</p>',
      text: 'Hello {{name}},\n\nPlease confirm your e-mail address to start learning (the link is valid for 24 hours):\n{{link}}\n\nIf you did not sign up for Taal, ignore this mail.',
    },
    bn: {
      subject: 'আপনার তাল অ্যাকাউন্ট যাচাই করুন',
      html: '<p>প্রিয় {{name}},</p><p>শেখা শুরু করতে আপনার ইমেইল ঠিকানা নিশ্চিত করুন (লিংকটি ২৪ ঘণ্টা বৈধ)।</p><p><a href="{{url link}}">অ্যাকাউন্ট যাচাই করুন</a></p><p>আপনি তালে নিবন্ধন না করে থাকলে এই ইমেইলটি উপেক্ষা করুন।</p>',
      text: 'প্রিয় {{name}},\n\nশেখা শুরু করতে আপনার ইমেইল ঠিকানা নিশ্চিত করুন (লিংকটি ২৪ ঘণ্টা বৈধ):\n{{link}}\n\nআপনি তালে নিবন্ধন না করে থাকলে এই ইমেইলটি উপেক্ষা করুন।',
    },
  },
  guardianApproval: {
    en: {
      subject: '{{student}} asks for your approval on Taal',
      html: '<p>Hello,</p><p>{{student}} ({{studentEmail}}) signed up for Taal, an online music school, and named you as their parent or guardian. Students under 18 need a guardian’s approval before they can buy courses or gift cards.</p><p>If you agree, confirm here (the link is valid for 7 days and works once):</p><p><a href="{{url link}}">I approve</a></p><p>If you do not know this student, ignore this mail: nothing can be bought on the account.</p>',
      text: 'Hello,\n\n{{student}} ({{studentEmail}}) signed up for Taal, an online music school, and named you as their parent or guardian. Students under 18 need a guardian’s approval before they can buy courses or gift cards.\n\nIf you agree, confirm here (the link is valid for 7 days and works once):\n{{link}}\n\nIf you do not know this student, ignore this mail: nothing can be bought on the account.',
    },
    bn: {
      subject: '{{student}} তালে আপনার অনুমোদন চাইছে',
      html: '<p>প্রিয় অভিভাবক,</p><p>{{student}} ({{studentEmail}}) অনলাইন সংগীত স্কুল তালে নিবন্ধন করেছে এবং আপনাকে তার অভিভাবক হিসেবে উল্লেখ করেছে। ১৮ বছরের কম বয়সী শিক্ষার্থীরা অভিভাবকের অনুমোদন ছাড়া কোর্স বা গিফট কার্ড কিনতে পারে না।</p><p>আপনি সম্মত হলে এখানে নিশ্চিত করুন (লিংকটি ৭ দিন বৈধ এবং একবারই কাজ করে):</p><p><a href="{{url link}}">আমি অনুমোদন করছি</a></p><p>আপনি এই শিক্ষার্থীকে না চিনলে এই ইমেইলটি উপেক্ষা করুন: অ্যাকাউন্টটিতে কিছু কেনা যাবে না।</p>',
      text: 'প্রিয় অভিভাবক,\n\n{{student}} ({{studentEmail}}) অনলাইন সংগীত স্কুল তালে নিবন্ধন করেছে এবং আপনাকে তার অভিভাবক হিসেবে উল্লেখ করেছে। ১৮ বছরের কম বয়সী শিক্ষার্থীরা অভিভাবকের অনুমোদন ছাড়া কোর্স বা গিফট কার্ড কিনতে পারে না।\n\nআপনি সম্মত হলে এখানে নিশ্চিত করুন (লিংকটি ৭ দিন বৈধ এবং একবারই কাজ করে):\n{{link}}\n\nআপনি এই শিক্ষার্থীকে না চিনলে এই ইমেইলটি উপেক্ষা করুন: অ্যাকাউন্টটিতে কিছু কেনা যাবে না।',
    },
  },
  passwordReset: {
    en: {
      subject: 'Reset your Taal password',
      html: '<p>Hello {{name}},</p><p>Someone asked to reset your password. If it was you, choose a new one (the link is valid for one hour and works once):</p><p><a href="{{url link}}">Choose a new password</a></p><p>If not, ignore this mail: your password stays the same.</p>',
      text: 'Hello {{name}},\n\nSomeone asked to reset your password. If it was you, choose a new one (the link is valid for one hour and works once):\n{{link}}\n\nIf not, ignore this mail: your password stays the same.',
    },
    bn: {
      subject: 'আপনার তাল পাসওয়ার্ড রিসেট করুন',
      html: '<p>প্রিয় {{name}},</p><p>আপনার পাসওয়ার্ড রিসেট করার অনুরোধ এসেছে। আপনি করে থাকলে নতুন পাসওয়ার্ড বেছে নিন (লিংকটি এক ঘণ্টা বৈধ এবং একবারই কাজ করে):</p><p><a href="{{url link}}">নতুন পাসওয়ার্ড দিন</a></p><p>না করে থাকলে এই ইমেইলটি উপেক্ষা করুন: আপনার পাসওয়ার্ড বদলাবে না।</p>',
      text: 'প্রিয় {{name}},\n\nআপনার পাসওয়ার্ড রিসেট করার অনুরোধ এসেছে। আপনি করে থাকলে নতুন পাসওয়ার্ড বেছে নিন (লিংকটি এক ঘণ্টা বৈধ এবং একবারই কাজ করে):\n{{link}}\n\nনা করে থাকলে এই ইমেইলটি উপেক্ষা করুন: আপনার পাসওয়ার্ড বদলাবে না।',
    },
  },
  signInLink: {
    en: {
      subject: 'Your Taal sign-in link',
      html: '<p>Hello {{name}},</p><p>Someone asked for a link to sign in to your account. If it was you, sign in with it (the link is valid for 15 minutes and works once):</p><p><a href="{{url link}}">Sign in to Taal</a></p><p>If not, ignore this mail and consider changing your password: someone may be trying to guess it.</p>',
      text: 'Hello {{name}},\n\nSomeone asked for a link to sign in to your account. If it was you, sign in with it (the link is valid for 15 minutes and works once):\n{{link}}\n\nIf not, ignore this mail and consider changing your password: someone may be trying to guess it.',
    },
    bn: {
      subject: 'আপনার তাল সাইন-ইন লিংক',
      html: '<p>প্রিয় {{name}},</p><p>আপনার অ্যাকাউন্টে সাইন ইন করার একটি লিংক চাওয়া হয়েছে। আপনি চেয়ে থাকলে এটি দিয়ে সাইন ইন করুন (লিংকটি ১৫ মিনিট বৈধ এবং একবারই কাজ করে):</p><p><a href="{{url link}}">তালে সাইন ইন করুন</a></p><p>না চেয়ে থাকলে এই ইমেইলটি উপেক্ষা করুন এবং পাসওয়ার্ড বদলানোর কথা ভাবুন: কেউ হয়তো এটি আন্দাজ করার চেষ্টা করছে।</p>',
      text: 'প্রিয় {{name}},\n\nআপনার অ্যাকাউন্টে সাইন ইন করার একটি লিংক চাওয়া হয়েছে। আপনি চেয়ে থাকলে এটি দিয়ে সাইন ইন করুন (লিংকটি ১৫ মিনিট বৈধ এবং একবারই কাজ করে):\n{{link}}\n\nনা চেয়ে থাকলে এই ইমেইলটি উপেক্ষা করুন এবং পাসওয়ার্ড বদলানোর কথা ভাবুন: কেউ হয়তো এটি আন্দাজ করার চেষ্টা করছে।',
    },
  },
  orderPaid: {
    en: {
      subject: 'Your Taal receipt ({{orderId}})',
      html: '<p>Hello {{name}},</p><p>Thank you! Your payment was received.</p><table>{{#each courses}}<tr><td>{{title}}</td><td>{{tier tier "en"}}</td><td>BDT {{money price}}</td></tr>{{/each}}{{#if discount}}<tr><td colspan="2">Discount</td><td>- BDT {{money discount}}</td></tr>{{/if}}{{#if walletUsed}}<tr><td colspan="2">Paid from wallet</td><td>- BDT {{money walletUsed}}</td></tr>{{/if}}<tr><td colspan="2"><b>Paid by card</b></td><td><b>BDT {{money total}}</b></td></tr></table><p>Your receipt is attached as a PDF.</p><p><a href="{{url link}}">Go to your classroom</a></p>',
      text: 'Hello {{name}},\n\nThank you! Your payment was received.\n{{#each courses}}- {{title}} ({{tier tier "en"}}): BDT {{money price}}\n{{/each}}{{#if discount}}Discount: - BDT {{money discount}}\n{{/if}}{{#if walletUsed}}Paid from wallet: - BDT {{money walletUsed}}\n{{/if}}Paid by card: BDT {{money total}}\nYour receipt is attached as a PDF.\n\nYour classroom: {{link}}',
    },
    bn: {
      subject: 'আপনার তাল রসিদ ({{orderId}})',
      html: '<p>প্রিয় {{name}},</p><p>ধন্যবাদ! আপনার পেমেন্ট পাওয়া গেছে।</p><table>{{#each courses}}<tr><td>{{title}}</td><td>{{tier tier "bn"}}</td><td>{{money price}} টাকা</td></tr>{{/each}}{{#if discount}}<tr><td colspan="2">ছাড়</td><td>- {{money discount}} টাকা</td></tr>{{/if}}{{#if walletUsed}}<tr><td colspan="2">ওয়ালেট থেকে পরিশোধ</td><td>- {{money walletUsed}} টাকা</td></tr>{{/if}}<tr><td colspan="2"><b>কার্ডে পরিশোধ</b></td><td><b>{{money total}} টাকা</b></td></tr></table><p>আপনার রসিদ PDF হিসেবে সংযুক্ত আছে।</p><p><a href="{{url link}}">ক্লাসরুমে যান</a></p>',
      text: 'প্রিয় {{name}},\n\nধন্যবাদ! আপনার পেমেন্ট পাওয়া গেছে।\n{{#each courses}}- {{title}} ({{tier tier "bn"}}): {{money price}} টাকা\n{{/each}}{{#if discount}}ছাড়: - {{money discount}} টাকা\n{{/if}}{{#if walletUsed}}ওয়ালেট থেকে পরিশোধ: - {{money walletUsed}} টাকা\n{{/if}}কার্ডে পরিশোধ: {{money total}} টাকা\nআপনার রসিদ PDF হিসেবে সংযুক্ত আছে।\n\nআপনার ক্লাসরুম: {{link}}',
    },
  },
  giftCardReceived: {
    en: {
      subject: '{{senderName}} sent you {{#if (one codes)}}a gift card{{else}}{{codes.length}} gift cards{{/if}}',
      html: '<p>Dear {{name}},</p><p>{{senderName}} sent you {{codes.length}} "{{productName}}" gift card{{#unless (one codes)}}s{{/unless}}, worth <b>BDT {{money value}}</b> each.</p>{{#if message}}<blockquote>{{message}}</blockquote>{{/if}}<p>Secret code{{#unless (one codes)}}s{{/unless}}:</p><ul>{{#each codes}}<li><b>{{this}}</b></li>{{/each}}</ul><p>Valid until {{validTo}}. Each card can be redeemed once; lost cards are not replaced.</p><p><a href="{{url link}}">Redeem in the Redeem Gift Card tab</a></p>',
      text: 'Dear {{name}},\n\n{{senderName}} sent you {{codes.length}} "{{productName}}" gift card{{#unless (one codes)}}s{{/unless}}, worth BDT {{money value}} each.\n{{#if message}}\nMessage: {{message}}\n{{/if}}\nSecret code{{#unless (one codes)}}s{{/unless}}:\n{{#each codes}}  {{this}}\n{{/each}}\nValid until {{validTo}}. Each card can be redeemed once; lost cards are not replaced.\nTo redeem, log in and enter the code in the Redeem Gift Card tab: {{link}}',
    },
    bn: {
      subject: '{{senderName}} আপনাকে {{digits codes.length}}টি গিফট কার্ড পাঠিয়েছেন',
      html: '<p>প্রিয় {{name}},</p><p>{{senderName}} আপনাকে {{digits codes.length}}টি "{{productName}}" গিফট কার্ড পাঠিয়েছেন, প্রতিটির মূল্য <b>{{money value}} টাকা</b>।</p>{{#if message}}<blockquote>{{message}}</blockquote>{{/if}}<p>গোপন কোড:</p><ul>{{#each codes}}<li><b>{{this}}</b></li>{{/each}}</ul><p>মেয়াদ: {{validTo}} পর্যন্ত। প্রতিটি কার্ড একবারই ব্যবহার করা যায়; হারানো কার্ড প্রতিস্থাপন করা হয় না।</p><p><a href="{{url link}}">"গিফট কার্ড রিডিম" ট্যাবে ব্যবহার করুন</a></p>',
      text: 'প্রিয় {{name}},\n\n{{senderName}} আপনাকে {{digits codes.length}}টি "{{productName}}" গিফট কার্ড পাঠিয়েছেন, প্রতিটির মূল্য {{money value}} টাকা।\n{{#if message}}\nবার্তা: {{message}}\n{{/if}}\nগোপন কোড:\n{{#each codes}}  {{this}}\n{{/each}}\nমেয়াদ: {{validTo}} পর্যন্ত। প্রতিটি কার্ড একবারই ব্যবহার করা যায়; হারানো কার্ড প্রতিস্থাপন করা হয় না।\nব্যবহার করতে লগইন করুন এবং "গিফট কার্ড রিডিম" ট্যাবে কোডটি লিখুন: {{link}}',
    },
  },
  giftCardSent: {
    en: {
      subject: 'Your gift card{{#unless (single count)}}s{{/unless}} for {{receiverName}}: receipt',
      html: '<p>Hello {{name}},</p><p>Thank you! You bought {{count}} "{{productName}}" gift card{{#unless (single count)}}s{{/unless}}, worth <b>BDT {{money value}}</b> each, for <b>{{receiverName}}</b>. We mailed the secret code{{#unless (single count)}}s{{/unless}} to <b>{{receiverEmail}}</b>; only they can redeem {{#if (single count)}}it{{else}}them{{/if}}, so this receipt carries no code.</p><p>Total paid: <b>BDT {{money total}}</b>. Valid until {{validTo}}.</p><p>If that address is wrong, <a href="{{url link}}">contact us</a> before the card is redeemed.</p>',
      text: 'Hello {{name}},\n\nThank you! You bought {{count}} "{{productName}}" gift card{{#unless (single count)}}s{{/unless}}, worth BDT {{money value}} each, for {{receiverName}}. We mailed the secret code{{#unless (single count)}}s{{/unless}} to {{receiverEmail}}; only they can redeem {{#if (single count)}}it{{else}}them{{/if}}, so this receipt carries no code.\n\nTotal paid: BDT {{money total}}. Valid until {{validTo}}.\n\nIf that address is wrong, contact us before the card is redeemed: {{link}}',
    },
    bn: {
      subject: '{{receiverName}}-এর জন্য আপনার গিফট কার্ডের রসিদ',
      html: '<p>প্রিয় {{name}},</p><p>ধন্যবাদ! আপনি <b>{{receiverName}}</b>-এর জন্য {{digits count}}টি "{{productName}}" গিফট কার্ড কিনেছেন, প্রতিটির মূল্য <b>{{money value}} টাকা</b>। গোপন কোড পাঠানো হয়েছে <b>{{receiverEmail}}</b> ঠিকানায়; শুধু তিনিই কার্ড রিডিম করতে পারবেন, তাই এই রসিদে কোনো কোড নেই।</p><p>মোট পরিশোধ: <b>{{money total}} টাকা</b>। মেয়াদ: {{validTo}} পর্যন্ত।</p><p>ঠিকানাটি ভুল হলে কার্ড রিডিম হওয়ার আগেই <a href="{{url link}}">আমাদের জানান</a>।</p>',
      text: 'প্রিয় {{name}},\n\nধন্যবাদ! আপনি {{receiverName}}-এর জন্য {{digits count}}টি "{{productName}}" গিফট কার্ড কিনেছেন, প্রতিটির মূল্য {{money value}} টাকা। গোপন কোড পাঠানো হয়েছে {{receiverEmail}} ঠিকানায়; শুধু তিনিই কার্ড রিডিম করতে পারবেন, তাই এই রসিদে কোনো কোড নেই।\n\nমোট পরিশোধ: {{money total}} টাকা। মেয়াদ: {{validTo}} পর্যন্ত।\n\nঠিকানাটি ভুল হলে কার্ড রিডিম হওয়ার আগেই আমাদের জানান: {{link}}',
    },
  },
  certificateProvided: {
    en: {
      subject: 'Your certificate for {{courseName}} is ready',
      html: '<p>Hello {{name}},</p><p>Congratulations! Your certificate for <b>{{courseName}}</b> is ready.</p><p><a href="{{url link}}">See your certificate</a></p>',
      text: 'Hello {{name}},\n\nCongratulations! Your certificate for {{courseName}} is ready:\n{{link}}',
    },
    bn: {
      subject: '{{courseName}} কোর্সের সনদ প্রস্তুত',
      html: '<p>প্রিয় {{name}},</p><p>অভিনন্দন! <b>{{courseName}}</b> কোর্সের আপনার সনদ প্রস্তুত।</p><p><a href="{{url link}}">সনদ দেখুন</a></p>',
      text: 'প্রিয় {{name}},\n\nঅভিনন্দন! {{courseName}} কোর্সের আপনার সনদ প্রস্তুত:\n{{link}}',
    },
  },
  settlementPublished: {
    en: {
      subject: 'A payment settlement of BDT {{money amount}} was published',
      html: '<p>Hello {{name}},</p><p>A settlement of <b>BDT {{money amount}}</b> dated {{settleDate}} was published for you.</p><p><a href="{{url link}}">See your settlements</a></p>',
      text: 'Hello {{name}},\n\nA settlement of BDT {{money amount}} dated {{settleDate}} was published for you:\n{{link}}',
    },
    bn: {
      subject: '{{money amount}} টাকার একটি পেমেন্ট সেটেলমেন্ট প্রকাশিত হয়েছে',
      html: '<p>প্রিয় {{name}},</p><p>{{settleDate}} তারিখের <b>{{money amount}} টাকা</b>র একটি সেটেলমেন্ট আপনার জন্য প্রকাশিত হয়েছে।</p><p><a href="{{url link}}">সেটেলমেন্ট দেখুন</a></p>',
      text: 'প্রিয় {{name}},\n\n{{settleDate}} তারিখের {{money amount}} টাকার একটি সেটেলমেন্ট আপনার জন্য প্রকাশিত হয়েছে:\n{{link}}',
    },
  },
  courseExpiring: {
    en: {
      subject: 'Your access to "{{courseTitle}}" ends on {{expiresOn}}',
      html: '<p>Hello {{name}},</p><p>Your access to <b>{{courseTitle}}</b> ends on {{expiresOn}}. Renew it to keep learning.</p><p><a href="{{url link}}">Open the course</a></p>',
      text: 'Hello {{name}},\n\nYour access to {{courseTitle}} ends on {{expiresOn}}. Renew it to keep learning:\n{{link}}',
    },
    bn: {
      subject: '{{courseTitle}} কোর্সে আপনার অ্যাক্সেস {{expiresOn}} তারিখে শেষ হবে',
      html: '<p>প্রিয় {{name}},</p><p><b>{{courseTitle}}</b> কোর্সে আপনার অ্যাক্সেস {{expiresOn}} তারিখে শেষ হবে। শেখা চালিয়ে যেতে নবায়ন করুন।</p><p><a href="{{url link}}">কোর্সটি খুলুন</a></p>',
      text: 'প্রিয় {{name}},\n\n{{courseTitle}} কোর্সে আপনার অ্যাক্সেস {{expiresOn}} তারিখে শেষ হবে। শেখা চালিয়ে যেতে নবায়ন করুন:\n{{link}}',
    },
  },
  courseExpired: {
    en: {
      subject: 'Your access to "{{courseTitle}}" has ended',
      html: '<p>Dear {{name}},</p><p>Your access to <b>{{courseTitle}}</b> ended on {{expiresOn}}. Your progress is kept.</p><p><a href="{{url link}}">Renew to pick up where you left off</a></p>',
      text: 'Dear {{name}},\n\nYour access to "{{courseTitle}}" ended on {{expiresOn}}. Your progress is kept.\nRenew to pick up where you left off:\n{{link}}',
    },
    bn: {
      subject: 'আপনার "{{courseTitle}}" কোর্সের মেয়াদ শেষ হয়েছে',
      html: '<p>প্রিয় {{name}},</p><p><b>{{courseTitle}}</b> কোর্সে আপনার অ্যাক্সেস {{expiresOn}} তারিখে শেষ হয়েছে। আপনার অগ্রগতি সংরক্ষিত আছে।</p><p><a href="{{url link}}">আবার শুরু করতে নবায়ন করুন</a></p>',
      text: 'প্রিয় {{name}},\n\n"{{courseTitle}}" কোর্সে আপনার অ্যাক্সেস {{expiresOn}} তারিখে শেষ হয়েছে। আপনার অগ্রগতি সংরক্ষিত আছে।\nআবার শুরু করতে নবায়ন করুন:\n{{link}}',
    },
  },
  questionAnswered: {
    en: {
      subject: 'Your question on "{{lessonTitle}}" was answered',
      html: '<p>Hello {{name}},</p><p>A question you follow on <b>{{lessonTitle}}</b> ({{courseTitle}}) was answered.</p><blockquote>{{question}}</blockquote><p>{{answer}}</p><p><a href="{{url link}}">Read the thread</a></p>',
      text: 'Hello {{name}},\n\nA question you follow on "{{lessonTitle}}" ({{courseTitle}}) was answered.\n\nQuestion: {{question}}\n\nAnswer: {{answer}}\n\nRead the thread: {{link}}',
    },
    bn: {
      subject: '"{{lessonTitle}}" পাঠে আপনার প্রশ্নের উত্তর এসেছে',
      html: '<p>প্রিয় {{name}},</p><p><b>{{lessonTitle}}</b> ({{courseTitle}}) পাঠে আপনার অনুসরণ করা একটি প্রশ্নের উত্তর দেওয়া হয়েছে।</p><blockquote>{{question}}</blockquote><p>{{answer}}</p><p><a href="{{url link}}">আলোচনাটি পড়ুন</a></p>',
      text: 'প্রিয় {{name}},\n\n"{{lessonTitle}}" ({{courseTitle}}) পাঠে আপনার অনুসরণ করা একটি প্রশ্নের উত্তর দেওয়া হয়েছে।\n\nপ্রশ্ন: {{question}}\n\nউত্তর: {{answer}}\n\nআলোচনাটি পড়ুন: {{link}}',
    },
  },
};

const LAYOUT = '<!doctype html><html lang="{{lang}}"><head><meta charset="utf-8"></head><body style="font-family:\'Noto Sans Bengali\',system-ui,sans-serif;color:#231a14;max-width:600px;margin:0 auto;padding:16px">{{{body}}}<p style="color:#777;font-size:12px">Taal</p></body></html>';

const engine = Handlebars.create();
/** Poisha as taka with two decimals. */
engine.registerHelper('money', (poisha: unknown) => takaText(poisha));
/** A link in an attribute: only what HTML needs escaped (`=` and the like stay readable). */
engine.registerHelper('url', (href: unknown) => new engine.SafeString(String(href ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)));
/** A course tier as the storefront names it. */
const TIERS: Record<CourseTier, { en: string; bn: string }> = {
  silver: { en: 'Silver', bn: 'সিলভার' },
  gold: { en: 'Gold', bn: 'গোল্ড' },
  diamond: { en: 'Diamond', bn: 'ডায়মন্ড' },
};
engine.registerHelper('tier', (tier: unknown, lang: unknown) => {
  const known = isCourseTier(String(tier)) ? TIERS[String(tier) as CourseTier] : undefined;
  return known ? known[lang === 'bn' ? 'bn' : 'en'] : String(tier ?? '');
});
/** True for a list of exactly one. */
engine.registerHelper('one', (list: unknown) => Array.isArray(list) && list.length === 1);
engine.registerHelper('single', (n: unknown) => Number(n) === 1);
/** A number in Bengali digits. */
engine.registerHelper('digits', (n: unknown) => bengaliDigits(String(n)));

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
