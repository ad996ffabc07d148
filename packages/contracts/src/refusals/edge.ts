import type { Refusal } from './refusal';

/** Refusals of the HTTP edge itself (decision 0026): requests, forms and uploads. All ours. */
export const EdgeRefusals = {
  METHOD_NOT_ALLOWED: { status: 405, en: '{{method}} is not allowed here; allowed: {{allow}}', bn: 'এখানে {{method}} চলে না; চলে: {{allow}}' },
  INVALID_JSON: { status: 400, en: 'The request body is not valid JSON', bn: 'অনুরোধের বডি সঠিক JSON নয়' },
  FORM_UNREADABLE: { status: 400, en: 'The form could not be read', bn: 'ফর্মটি পড়া যায়নি' },
  FORM_UNEXPECTED_PART: { status: 400, en: 'The form has an unexpected or extra part ({{field}})', bn: 'ফর্মে একটি অপ্রত্যাশিত বা বাড়তি অংশ আছে ({{field}})' },
  IMAGE_TOO_LARGE: { status: 413, en: 'The image in {{field}} is larger than {{max}}', bn: '{{field}}-এর ছবিটি {{max}}-এর চেয়ে বড়' },
  PDF_TOO_LARGE: { status: 413, en: 'The PDF in {{field}} is larger than {{max}}', bn: '{{field}}-এর PDF ফাইলটি {{max}}-এর চেয়ে বড়' },
  VIDEO_TOO_LARGE: { status: 413, en: 'The video in {{field}} is larger than {{max}}', bn: '{{field}}-এর ভিডিওটি {{max}}-এর চেয়ে বড়' },
  NOT_AN_IMAGE: { status: 400, en: '{{field}} must be a JPEG, PNG, GIF or WebP image', bn: '{{field}} অবশ্যই JPEG, PNG, GIF বা WebP ছবি হতে হবে' },
  NOT_A_PDF: { status: 400, en: '{{field}} must be a PDF document', bn: '{{field}} অবশ্যই একটি PDF ফাইল হতে হবে' },
  // The edge's limit on wrong gift-card codes per user (the store answers each wrong code itself).
  TOO_MANY_GIFT_CARD_TRIES: { status: 429, en: 'Too many wrong gift card codes. Please try again later.', bn: 'অনেকবার ভুল গিফট কার্ড কোড দেওয়া হয়েছে। অনুগ্রহ করে পরে আবার চেষ্টা করুন।' },
  EMPTY_FILE: { status: 400, en: '{{field}} is empty', bn: '{{field}} ফাঁকা' },
  // Fair use of the public reads (decision 0038): per client, counted by the edge.
  TOO_MANY_SEARCHES: { status: 429, en: 'Too many searches from your connection. Please try again in {{seconds}} seconds.', bn: 'আপনার সংযোগ থেকে অনেক বেশিবার খোঁজা হয়েছে। অনুগ্রহ করে {{seconds}} সেকেন্ড পরে আবার চেষ্টা করুন।' },
  TOO_MANY_READS: { status: 429, en: 'Too many requests from your connection. Please try again in {{seconds}} seconds.', bn: 'আপনার সংযোগ থেকে অনেক বেশি অনুরোধ এসেছে। অনুগ্রহ করে {{seconds}} সেকেন্ড পরে আবার চেষ্টা করুন।' },
  // A signed-in user's receipts, statements and their PDFs (decision 0065): per user, counted by the edge.
  TOO_MANY_DOCUMENT_REQUESTS: { status: 429, en: 'You asked for many receipts and statements in a short time. Please try again in {{seconds}} seconds.', bn: 'অল্প সময়ে অনেকগুলো রসিদ ও বিবরণী চাওয়া হয়েছে। অনুগ্রহ করে {{seconds}} সেকেন্ড পরে আবার চেষ্টা করুন।' },
  // A path segment or query value that decodes to a NUL or is not UTF-8 (never handed to a service).
  MALFORMED_URL: { status: 400, en: 'The address contains a NUL character or invalid UTF-8', bn: 'ঠিকানায় একটি NUL অক্ষর বা অবৈধ UTF-8 আছে' },
} as const satisfies Record<string, Refusal>;
