import type { Refusal } from './refusal';

/**
 * The payouts refusals (decision 0026): sales, earnings, settlements and statements. English is
 * ours (today's API text) but for the spec's settlement failure ("spec").
 */
export const PayoutsRefusals = {
  SETTLEMENT_NOT_FOUND: { status: 404, en: 'Settlement not found', bn: 'সেটেলমেন্টটি পাওয়া যায়নি' },
  RECEIPT_NOT_FOUND: { status: 404, en: 'This settlement has no receipt', bn: 'এই সেটেলমেন্টের কোনো রসিদ নেই' },
  NOT_YOUR_PAYOUTS: { status: 403, en: 'You may only see your own sales and settlements', bn: 'আপনি শুধু নিজের বিক্রি ও সেটেলমেন্ট দেখতে পারেন' },
  INSTRUCTOR_ID_MISSING: { status: 400, en: 'instructor_id is required', bn: 'প্রশিক্ষকের আইডি দিতে হবে' },
  // Above the due is the account's state, not the request's form.
  ABOVE_DUE: { status: 400, en: 'The amount is above the due', bn: 'পরিমাণটি বকেয়ার চেয়ে বেশি' },
  RECEIVED_ABOVE_DUE: { status: 400, en: 'The received amount is above the due', bn: 'গৃহীত পরিমাণটি বকেয়ার চেয়ে বেশি' },
  AMOUNT_NOT_POSITIVE: { status: 400, en: 'The amount must be a positive number', bn: 'পরিমাণটি একটি ধনাত্মক সংখ্যা হতে হবে' },
  AMOUNT_NOT_POISHA: { status: 400, en: 'The amount must be a positive whole number of poisha', bn: 'পরিমাণটি পয়সায় একটি ধনাত্মক পূর্ণসংখ্যা হতে হবে' },
  AMOUNT_NOT_TAKA: { status: 400, en: 'The amount must be in taka: a positive number with at most 2 decimals', bn: 'পরিমাণটি টাকায় দিন: সর্বোচ্চ ২ দশমিক ঘরসহ একটি ধনাত্মক সংখ্যা' },
  AMOUNT_NEGATIVE: { status: 400, en: 'The amount must be a non-negative whole number', bn: 'পরিমাণটি শূন্য বা তার বেশি একটি পূর্ণসংখ্যা হতে হবে' },
  RECEIVED_ABOVE_SETTLE: { status: 400, en: 'receivedAmount cannot be above settleAmount', bn: 'গৃহীত পরিমাণ সেটেলমেন্টের পরিমাণের চেয়ে বেশি হতে পারে না' },
  RECEIPT_REQUIRED: { status: 400, en: 'The receipt (a PDF) is required', bn: 'রসিদ (একটি PDF) দিতে হবে' },
  RECEIPT_TOO_LARGE: { status: 413, en: 'The receipt is larger than 3 MB', bn: 'রসিদটি ৩ MB-এর চেয়ে বড়' },
  RECEIPT_NOT_PDF: { status: 400, en: 'The receipt must be a PDF file', bn: 'রসিদটি একটি PDF ফাইল হতে হবে' },
  END_BEFORE_START: { status: 400, en: 'The end date is before the start date', bn: 'শেষের তারিখটি শুরুর তারিখের আগে' },
  SOCIAL_FIGURE_INVALID: { status: 400, en: '{{name}} must be a non-negative whole number', bn: '{{name}} শূন্য বা তার বেশি একটি পূর্ণসংখ্যা হতে হবে' },
  // Spec: a failed settlement (admin-back-office.md §8), the headline of its form's fields.
  SETTLEMENT_FAILED: { status: 400, en: 'Failed ,Please try again', bn: 'ব্যর্থ, আবার চেষ্টা করুন' },
} as const satisfies Record<string, Refusal>;
