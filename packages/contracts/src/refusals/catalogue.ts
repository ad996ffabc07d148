import type { Refusal } from './refusal';

/**
 * The catalogue refusals (decision 0026): courses, instructors, upcoming courses, freebies and
 * the landing popup. English is the spec's exact words where it has them (admin-back-office.md
 * §5, §8, misspellings included: "spec"), else ours (today's API text). Per-field keys (a form's
 * `fieldReasons`) have no placeholders.
 */
export const CatalogueRefusals = {
  // Not found (404).
  COURSE_NOT_FOUND: { status: 404, en: 'Course not found', bn: 'কোর্সটি পাওয়া যায়নি' },
  INSTRUCTOR_NOT_FOUND: { status: 404, en: 'Instructor not found', bn: 'প্রশিক্ষককে পাওয়া যায়নি' },
  UPCOMING_NOT_FOUND: { status: 404, en: 'Upcoming course not found', bn: 'আসন্ন কোর্সটি পাওয়া যায়নি' },
  FREEBIE_NOT_FOUND: { status: 404, en: 'Freebie not found', bn: 'ফ্রিবিটি পাওয়া যায়নি' },
  POPUP_NOT_FOUND: { status: 404, en: 'Popup not found', bn: 'পপআপটি পাওয়া যায়নি' },
  COURSE_NOT_DISCARDABLE: { status: 404, en: 'No unpublished, unsold course with this id', bn: 'এই আইডির কোনো অপ্রকাশিত, অবিক্রীত কোর্স নেই' },
  NO_SUCH_FILE: { status: 404, en: 'No such file', bn: 'এমন কোনো ফাইল নেই' },

  // Who may do what (403).
  DRAFTS_BACK_OFFICE_ONLY: { status: 403, en: 'Only the back office may see unpublished items', bn: 'অপ্রকাশিত বিষয়গুলো শুধু ব্যাক অফিস দেখতে পারে' },
  ADMIN_ONLY: { status: 403, en: 'Admin only', bn: 'শুধু অ্যাডমিনের জন্য' },
  STAFF_ONLY: { status: 403, en: 'Admin and content only', bn: 'শুধু অ্যাডমিন ও কনটেন্ট দলের জন্য' },
  ROLE_MAY_NOT_CHANGE: { status: 403, en: 'Your role may not change this', bn: 'আপনার ভূমিকায় এটি বদলানো যায় না' },
  // Spec: a refused publish or unpublish of a course (the admin's toast).
  COURSE_PUBLISH_REJECTED: { status: 403, en: 'published Rejected!!', bn: 'প্রকাশ প্রত্যাখ্যাত হয়েছে!!' },
  COURSE_UNPUBLISH_REJECTED: { status: 403, en: 'Unpublish Rejected!!', bn: 'অপ্রকাশ প্রত্যাখ্যাত হয়েছে!!' },

  // Requests (400).
  COURSE_ID_REQUIRED: { status: 400, en: 'Course id is required', bn: 'কোর্সের আইডি দিতে হবে' },
  INSTRUCTOR_ID_REQUIRED: { status: 400, en: 'Instructor id is required', bn: 'প্রশিক্ষকের আইডি দিতে হবে' },
  COURSE_FEATURED_AND_UNFEATURED: { status: 400, en: 'A course cannot be featured and unfeatured at once: {{ids}}', bn: 'একটি কোর্স একসাথে ফিচার করা ও ফিচার থেকে সরানো যায় না: {{ids}}' },
  // Search (issue 24): q must hold something to look for, and not too much.
  SEARCH_QUERY_INVALID: { status: 400, en: 'Type 1 to 100 characters to search for', bn: 'খুঁজতে ১ থেকে ১০০ অক্ষর লিখুন' },
  // Search over its time budget (decision 0038): no turn free in time, or a statement past its timeout.
  SEARCH_BUSY: { status: 503, en: 'Search is busy right now. Please try again in a moment.', bn: 'এই মুহূর্তে খোঁজার কাজে অনেক চাপ। অনুগ্রহ করে একটু পরে আবার চেষ্টা করুন।' },
  INSTRUCTOR_FEATURED_AND_UNFEATURED: { status: 400, en: 'An instructor cannot be featured and unfeatured at once: {{ids}}', bn: 'একজন প্রশিক্ষককে একসাথে ফিচার করা ও ফিচার থেকে সরানো যায় না: {{ids}}' },

  // Form headlines (spec).
  COURSE_ADD_FAILED: { status: 400, en: 'Any of the field is not fillup or Failed to Upload!!!', bn: 'কোনো ঘর পূরণ হয়নি অথবা আপলোড ব্যর্থ হয়েছে!!!' },
  COURSE_UPDATE_FAILED: { status: 400, en: 'Course Update Failed!!!', bn: 'কোর্স হালনাগাদ ব্যর্থ হয়েছে!!!' },
  FREE_LESSON_MISSING: { status: 400, en: 'Please input title and link', bn: 'শিরোনাম ও লিংক দিন' },
  INSTRUCTOR_ADD_FAILED: { status: 400, en: 'Instructor Added Failed, Check you fillup all the field!!', bn: 'প্রশিক্ষক যোগ ব্যর্থ, সব ঘর পূরণ করেছেন কি না দেখুন!!' },
  INSTRUCTOR_UPDATE_FAILED: { status: 400, en: 'Instructor Update Failed', bn: 'প্রশিক্ষক হালনাগাদ ব্যর্থ হয়েছে' },
  // Spec: an upcoming course, a freebie or the popup with a field missing.
  FIELDS_NOT_FILLED: { status: 400, en: 'Any of the field is not fillup!!!', bn: 'কোনো একটি ঘর পূরণ করা হয়নি!!!' },

  // A form's fields (no placeholders: the screens show them beside the field).
  ENTRY_REQUIRED: { status: 400, en: 'This field is required', bn: 'এই ঘরটি পূরণ করতে হবে' },
  ENTRY_TOO_LONG: { status: 400, en: 'This is longer than allowed', bn: 'এটি অনুমোদিত দৈর্ঘ্যের চেয়ে বড়' },
  ENTRY_OUT_OF_RANGE: { status: 400, en: 'This number is out of the allowed range', bn: 'সংখ্যাটি অনুমোদিত সীমার বাইরে' },
  ENTRY_DIGITS_ONLY: { status: 400, en: 'Digits only', bn: 'শুধু অঙ্ক দিন' },
  ENTRY_NOT_TAKA: { status: 400, en: 'Must be an amount in taka', bn: 'টাকার অঙ্কে দিন' },
  ENTRY_TRUE_OR_FALSE: { status: 400, en: 'Must be true or false', bn: 'হ্যাঁ অথবা না বেছে নিন' },
  LIST_TOO_LONG: { status: 400, en: 'Too many items, or an item is too long', bn: 'অনেক বেশি আইটেম, অথবা কোনো আইটেম অনেক বড়' },
  IMAGE_NOT_UPLOADED: { status: 400, en: 'Must be an uploaded image', bn: 'আপলোড করা একটি ছবি দিন' },
  FILE_NOT_STORED: { status: 400, en: 'Not a stored file', bn: 'ফাইলটি আমাদের কাছে সংরক্ষিত নয়' },
  DOCUMENTS_NOT_UPLOADED: { status: 400, en: 'Documents must be uploaded PDFs', bn: 'ডকুমেন্টগুলো আপলোড করা PDF হতে হবে' },
  TOO_MANY_DOCUMENTS: { status: 400, en: 'Too many documents', bn: 'অনেক বেশি ডকুমেন্ট' },
  TOO_MANY_IMAGES: { status: 400, en: 'Too many images', bn: 'অনেক বেশি ছবি' },
  DOCUMENT_NAME_INVALID: { status: 400, en: 'Every document needs a name of at most 255 characters', bn: 'প্রতিটি ডকুমেন্টের সর্বোচ্চ ২৫৫ অক্ষরের একটি নাম দিতে হবে' },
  UNKNOWN_INSTRUCTOR: { status: 400, en: 'Unknown instructor', bn: 'অজানা প্রশিক্ষক' },
  INVALID_CATEGORY: { status: 400, en: 'Choose one of the categories', bn: 'বিভাগগুলোর একটি বেছে নিন' },
  INVALID_LEVEL: { status: 400, en: 'courseType must be beginner, intermediate or advanced', bn: 'স্তর হিসেবে শুরু, মাঝারি বা উন্নত বেছে নিন' },
  YOUTUBE_LINK_INVALID: { status: 400, en: 'Must be a YouTube link', bn: 'একটি ইউটিউব লিংক দিন' },
  YOUTUBE_OR_IMAGES_REQUIRED: { status: 400, en: 'A YouTube link or carousel images are required', bn: 'একটি ইউটিউব লিংক অথবা ক্যারোসেলের ছবি দিতে হবে' },
  LESSON_VIDEO_REQUIRED: { status: 400, en: 'At least one lesson video is required', bn: 'অন্তত একটি পাঠের ভিডিও দিতে হবে' },
  UNKNOWN_COURSE_SORT: { status: 400, en: 'Sort courses by newest, rating, price or price-desc', bn: 'কোর্সগুলো নতুন, রেটিং, দাম অথবা বেশি দাম অনুযায়ী সাজান' },
} as const satisfies Record<string, Refusal>;
