import type { Refusal } from './refusal';

/**
 * The learning refusals (decision 0026): lessons, videos, enrolments and certificates. English
 * is the spec's exact words where it has them ("spec", storefront §8 and admin-back-office.md
 * §8), else ours (today's API text). A lesson for logged-in users answers the common LOGIN_FIRST.
 */
export const LearningRefusals = {
  // Spec: a paid lesson, a course file or a certificate without the course.
  PURCHASE_FIRST: { status: 403, en: 'Purchase the course First!!', bn: 'আগে কোর্সটি কিনুন!!' },
  // The same words for a certificate asked without the course: a 400 (the request's state), as the API has always answered.
  CERTIFICATE_NEEDS_PURCHASE: { status: 400, en: 'Purchase the course First!!', bn: 'আগে কোর্সটি কিনুন!!' },
  // Issue 40: the spec's terms give a certificate for completing all classes.
  CERTIFICATE_NEEDS_ALL_LESSONS: {
    status: 400,
    en: 'Finish every lesson of the course first, then ask for your certificate',
    bn: 'আগে কোর্সের সব পাঠ শেষ করুন, তারপর সার্টিফিকেট চান',
  },
  LESSON_NOT_FOUND: { status: 404, en: 'Lesson not found', bn: 'পাঠটি পাওয়া যায়নি' },
  LESSON_HAS_NO_VIDEO: { status: 404, en: 'This lesson has no video yet', bn: 'এই পাঠের এখনো কোনো ভিডিও নেই' },
  NO_SUCH_VIDEO: { status: 404, en: 'No such video', bn: 'এমন কোনো ভিডিও নেই' },
  VIDEO_LINK_INVALID: { status: 403, en: 'This video link is not valid (expired, or for another lesson)', bn: 'এই ভিডিও লিংকটি সঠিক নয় (মেয়াদ শেষ, অথবা অন্য পাঠের)' },
  NO_SUCH_DOCUMENT: { status: 404, en: 'No such document', bn: 'এমন কোনো ডকুমেন্ট নেই' },
  NOT_YOUR_CLASSROOM: { status: 403, en: 'You may only see your own classroom', bn: 'আপনি শুধু নিজের ক্লাসরুম দেখতে পারেন' },
  POSITION_OUT_OF_RANGE: { status: 400, en: 'Position must be 0 to 86400 seconds', bn: 'অবস্থান ০ থেকে ৮৬৪০০ সেকেন্ডের মধ্যে হতে হবে' },
  PRACTICE_OUT_OF_RANGE: { status: 400, en: 'Practice time must be 0 to 3600 seconds per report', bn: 'প্রতিবারে অনুশীলনের সময় ০ থেকে ৩৬০০ সেকেন্ডের মধ্যে হতে হবে' },
  // Spec (admin-back-office.md §8).
  LESSON_TITLE_REQUIRED: { status: 400, en: 'Please enter a title for the lesson', bn: 'অনুগ্রহ করে লেসনের একটি শিরোনাম লিখুন' },
  LESSON_STATUS_INVALID: { status: 400, en: 'Status must be open, login or paid', bn: 'অবস্থা হিসেবে উন্মুক্ত, লগইন বা পেইড বেছে নিন' },
  UPLOAD_UNKNOWN: { status: 400, en: 'Unknown upload', bn: 'অজানা আপলোড' },
  UPLOAD_MISSING: { status: 400, en: 'The upload is missing; upload the video again', bn: 'আপলোডটি পাওয়া যাচ্ছে না; ভিডিওটি আবার আপলোড করুন' },
  NOT_A_VIDEO: { status: 400, en: 'The file is not a video we can play: upload an MP4, MOV, WebM or MKV file', bn: 'ফাইলটি চালানোর মতো ভিডিও নয়: MP4, MOV, WebM বা MKV ফাইল আপলোড করুন' },
  VIDEO_REQUIRED: { status: 400, en: 'Choose a video file', bn: 'একটি ভিডিও ফাইল বেছে নিন' },
  STUDENTS_ENROLLED: { status: 400, en: 'Students are enrolled in this course', bn: 'এই কোর্সে শিক্ষার্থীরা ভর্তি আছেন' },
  CERTIFICATE_FIELDS_REQUIRED: { status: 400, en: 'Course, name and course name are required', bn: 'কোর্স, নাম ও কোর্সের নাম দিতে হবে' },
  NOT_YOUR_CERTIFICATE: { status: 403, en: 'You may only ask for your own certificate', bn: 'আপনি শুধু নিজের সার্টিফিকেট চাইতে পারেন' },
  // Spec: providing a certificate whose request is not there.
  CERTIFICATE_PROVIDE_FAILED: { status: 404, en: 'Cetificate Provide Unsuccessfull', bn: 'সার্টিফিকেট প্রদান ব্যর্থ হয়েছে' },
  CERTIFICATE_NOT_FOUND: { status: 404, en: 'Certificate not found', bn: 'সার্টিফিকেটটি পাওয়া যায়নি' },
} as const satisfies Record<string, Refusal>;
