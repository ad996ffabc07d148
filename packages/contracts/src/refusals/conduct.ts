import type { Refusal } from './refusal';

/** Conduct on every message (issue 53, decisions 0075 and 0076); the texts are ours. */
export const ConductRefusals = {
  TEXT_PROFANITY: {
    status: 400,
    en: 'Please write this without offensive words: they are not allowed on Taal.',
    bn: 'অনুগ্রহ করে আপত্তিকর শব্দ ছাড়া লিখুন: তাল-এ এমন শব্দ ব্যবহার করা যায় না।',
  },
  TEXT_CONTACT_DETAILS: {
    status: 400,
    en: 'Please remove the phone number, e-mail address or chat-app link: personal contact details are not shared in messages on Taal.',
    bn: 'অনুগ্রহ করে ফোন নম্বর, ইমেইল ঠিকানা বা চ্যাট অ্যাপের লিংক মুছে দিন: তাল-এর বার্তায় ব্যক্তিগত যোগাযোগের তথ্য দেওয়া যায় না।',
  },
  SENDER_BLOCKED: {
    status: 403,
    en: 'You cannot send this: this person has blocked your messages.',
    bn: 'এটি পাঠানো যাবে না: এই ব্যক্তি আপনার বার্তা ব্লক করেছেন।',
  },
  BLOCK_TARGET_INVALID: { status: 404, en: 'Message not found among yours: you can only block someone you have written to or who has written to you', bn: 'আপনার বার্তাগুলোর মধ্যে এটি পাওয়া যায়নি: শুধু যাঁকে আপনি লিখেছেন বা যিনি আপনাকে লিখেছেন তাঁকে ব্লক করা যায়' },
  REPORT_KIND_INVALID: { status: 400, en: 'This cannot be reported', bn: 'এটি রিপোর্ট করা যায় না' },
  REPORTED_ITEM_NOT_FOUND: { status: 404, en: 'What you reported was not found', bn: 'আপনি যা রিপোর্ট করেছেন তা পাওয়া যায়নি' },
  REPORT_OWN_ITEM: { status: 400, en: 'You cannot report what you wrote yourself', bn: 'নিজের লেখা রিপোর্ট করা যায় না' },
  ALREADY_REPORTED: { status: 409, en: 'You have already reported this', bn: 'আপনি এটি আগেই রিপোর্ট করেছেন' },
  REPORT_NOT_FOUND: { status: 404, en: 'Report not found', bn: 'রিপোর্টটি পাওয়া যায়নি' },
  REPORT_ACTION_INVALID: { status: 400, en: 'Choose hide, restore, suspend or dismiss', bn: 'লুকান, ফিরিয়ে আনুন, স্থগিত বা বাতিল বেছে নিন' },
} as const satisfies Record<string, Refusal>;
