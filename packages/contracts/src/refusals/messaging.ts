import type { Refusal } from './refusal';

/** The messaging refusals (decision 0026): the spec's exact English where it has one, marked "ours" otherwise. */
export const MessagingRefusals = {
  // Contact forms (storefront §5).
  CONTACT_FIELDS_MISSING: { status: 400, en: 'Please fill all the fields', bn: 'অনুগ্রহ করে সবগুলো ঘর পূরণ করুন' },
  CONTACT_FIELD_OR_EMAIL_INVALID: { status: 400, en: 'Missing Field or Invalid Email', bn: 'কোনো ঘর খালি অথবা ইমেইলটি সঠিক নয়' },
  // Ours: the contact form's limit per address and per sender.
  TOO_MANY_MESSAGES: { status: 429, en: 'Too many messages. Please try again later.', bn: 'অনেক বেশি বার্তা পাঠানো হয়েছে। অনুগ্রহ করে পরে আবার চেষ্টা করুন।' },
  // Storefront §6: a message to an instructor, its answer; back office §6: notifications.
  MESSAGE_REQUIRED: { status: 400, en: 'Please write a message', bn: 'অনুগ্রহ করে একটি বার্তা লিখুন' },
  REPLY_REQUIRED: { status: 400, en: 'Please write a reply', bn: 'অনুগ্রহ করে একটি উত্তর লিখুন' },
  NOTIFICATION_REQUIRED: { status: 400, en: 'Please write the notification', bn: 'অনুগ্রহ করে নোটিফিকেশনটি লিখুন' },
  TEXT_TOO_LONG: { status: 400, en: 'Too Long!', bn: 'লেখাটি অনেক বড়!' },
  // Ours.
  MESSAGE_NOT_FOUND: { status: 404, en: 'Message not found', bn: 'বার্তাটি পাওয়া যায়নি' },
  NOTIFICATION_NOT_FOUND: { status: 404, en: 'Notification not found', bn: 'নোটিফিকেশনটি পাওয়া যায়নি' },
  NOT_YOUR_MESSAGES: { status: 403, en: 'You may only read your own messages', bn: 'আপনি শুধু নিজের বার্তাগুলো পড়তে পারবেন' },
  NOT_YOUR_STUDENT_MESSAGE: { status: 403, en: 'You may only answer messages sent to you', bn: 'আপনি শুধু আপনাকে পাঠানো বার্তার উত্তর দিতে পারবেন' },
  NOT_YOUR_NOTIFICATIONS: { status: 403, en: 'You may only read your own notifications', bn: 'আপনি শুধু নিজের নোটিফিকেশনগুলো পড়তে পারবেন' },
  // Ours (issue 50, decision 0063): limits on messages to instructors and on their replies.
  TOO_MANY_INSTRUCTOR_MESSAGES: {
    status: 429,
    en: 'You have sent many messages to instructors in a short time. Please try again in {{minutes}} minutes.',
    bn: 'আপনি অল্প সময়ে প্রশিক্ষকদের অনেক বার্তা পাঠিয়েছেন। অনুগ্রহ করে {{minutes}} মিনিট পরে আবার চেষ্টা করুন।',
  },
  TOO_MANY_REPLIES: {
    status: 429,
    en: 'You have sent many replies in a short time. Please try again in {{minutes}} minutes.',
    bn: 'আপনি অল্প সময়ে অনেক উত্তর পাঠিয়েছেন। অনুগ্রহ করে {{minutes}} মিনিট পরে আবার চেষ্টা করুন।',
  },
  SEND_AS_YOURSELF: { status: 403, en: 'You may only send messages as yourself', bn: 'আপনি শুধু নিজের নামে বার্তা পাঠাতে পারবেন' },

  // Mass mail (back office §7; the texts are ours).
  AUDIENCE_REQUIRED: { status: 400, en: 'Please choose who receives the mail', bn: 'অনুগ্রহ করে প্রাপক বাছাই করুন' },
  CUSTOM_EMAIL_REQUIRED: { status: 400, en: 'Please enter an email address for a custom mail', bn: 'নির্দিষ্ট ঠিকানার জন্য একটি ইমেইল ঠিকানা দিন' },
  CUSTOM_EMAIL_INVALID: { status: 400, en: 'Please enter a valid email address', bn: 'অনুগ্রহ করে একটি সঠিক ইমেইল ঠিকানা দিন' },
  SUBJECT_REQUIRED: { status: 400, en: 'Please enter a subject', bn: 'অনুগ্রহ করে একটি বিষয় লিখুন' },
  MAIL_MESSAGE_REQUIRED: { status: 400, en: 'Please enter a message', bn: 'অনুগ্রহ করে একটি বার্তা লিখুন' },
  NO_RECIPIENTS: { status: 400, en: 'No one is in this audience', bn: 'এই প্রাপক তালিকায় কেউ নেই' },
  UNSUBSCRIBE_LINK_INVALID: { status: 404, en: 'This unsubscribe link is not valid', bn: 'আনসাবস্ক্রাইবের এই লিংকটি সঠিক নয়' },
} as const satisfies Record<string, Refusal>;
