import type { Refusal } from './refusal';

/** Course reviews' refusals (issue 41, decision 0048; the texts are ours). */
export const ReviewRefusals = {
  RATING_REQUIRED: { status: 400, en: 'Please choose a rating from 1 to 5 stars', bn: 'অনুগ্রহ করে ১ থেকে ৫ তারকার মধ্যে একটি রেটিং দিন' },
  REVIEW_NOT_ENROLLED: { status: 403, en: 'Only students enrolled in this course can review it', bn: 'শুধু এই কোর্সে ভর্তি শিক্ষার্থীরাই রিভিউ দিতে পারবেন' },
  REVIEW_NEEDS_LESSON: { status: 403, en: 'Complete at least one lesson of this course to review it', bn: 'রিভিউ দিতে এই কোর্সের অন্তত একটি লেসন শেষ করুন' },
  REVIEW_NOT_FOUND: { status: 404, en: 'Review not found', bn: 'রিভিউটি পাওয়া যায়নি' },
  NOT_YOUR_COURSE_REVIEW: { status: 403, en: 'Only the instructor of this course can reply to its reviews', bn: 'শুধু এই কোর্সের ইন্সট্রাক্টর এর রিভিউয়ের উত্তর দিতে পারবেন' },
  REVIEW_ALREADY_REPLIED: { status: 409, en: 'This review already has a reply', bn: 'এই রিভিউয়ের উত্তর আগেই দেওয়া হয়েছে' },
  HIDE_REASON_REQUIRED: { status: 400, en: 'Please give a reason for hiding the review', bn: 'রিভিউটি লুকানোর একটি কারণ লিখুন' },
  // Ours (issue 50, decision 0063): limits on what a user writes.
  TOO_MANY_REVIEWS: {
    status: 429,
    en: 'You have written or changed many reviews in a short time. Please try again in {{minutes}} minutes.',
    bn: 'আপনি অল্প সময়ে অনেকগুলো রিভিউ লিখেছেন বা বদলেছেন। অনুগ্রহ করে {{minutes}} মিনিট পরে আবার চেষ্টা করুন।',
  },
  TOO_MANY_REVIEW_REPLIES: {
    status: 429,
    en: 'You have replied to many reviews in a short time. Please try again in {{minutes}} minutes.',
    bn: 'আপনি অল্প সময়ে অনেক রিভিউয়ের উত্তর দিয়েছেন। অনুগ্রহ করে {{minutes}} মিনিট পরে আবার চেষ্টা করুন।',
  },
} as const satisfies Record<string, Refusal>;
