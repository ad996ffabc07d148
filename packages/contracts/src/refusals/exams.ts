import type { Refusal } from './refusal';

/** Theory exams (issue 53, decisions 0072 and 0073); all texts are ours. */
export const ExamRefusals = {
  EXAM_NOT_FOUND: { status: 404, en: 'This course has no exam', bn: 'এই কোর্সের কোনো পরীক্ষা নেই' },
  NOT_YOUR_COURSE_EXAM: {
    status: 403,
    en: 'You may only write exams for your own courses',
    bn: 'আপনি শুধু নিজের কোর্সের পরীক্ষা লিখতে পারবেন',
  },
  EXAM_SETTINGS_INVALID: {
    status: 400,
    en: 'Choose the exam’s language, a pass mark from 1 to 100 percent and 1 to {{max}} attempts',
    bn: 'পরীক্ষার ভাষা, ১ থেকে ১০০ শতাংশের মধ্যে পাস নম্বর এবং ১ থেকে {{max}}টি সুযোগ বেছে নিন',
  },
  EXAM_NEEDS_QUESTIONS: { status: 400, en: 'Add 1 to {{max}} questions', bn: '১ থেকে {{max}}টি প্রশ্ন যোগ করুন' },
  EXAM_QUESTION_INVALID: {
    status: 400,
    en: 'Question {{number}} needs its text in the exam’s language, 2 to 8 options with text and its right answer (exactly one for single choice)',
    bn: 'প্রশ্ন {{number}}-এ পরীক্ষার ভাষায় লেখা, লেখাসহ ২ থেকে ৮টি বিকল্প এবং সঠিক উত্তর (একক পছন্দে ঠিক একটি) দরকার',
  },
  EXAM_IN_USE: {
    status: 409,
    en: 'Students have already taken this exam: it cannot be deleted',
    bn: 'শিক্ষার্থীরা ইতিমধ্যে এই পরীক্ষা দিয়েছেন: এটি মোছা যাবে না',
  },
  EXAM_ENROLLED_ONLY: {
    status: 403,
    en: 'Only students with active access to this course can take its exam',
    bn: 'শুধু এই কোর্সে সক্রিয় অ্যাক্সেস থাকা শিক্ষার্থীরা পরীক্ষা দিতে পারবেন',
  },
  EXAM_NEEDS_ALL_LESSONS: {
    status: 409,
    en: 'Finish every lesson of the course first, then take the exam',
    bn: 'আগে কোর্সের সব পাঠ শেষ করুন, তারপর পরীক্ষা দিন',
  },
  EXAM_NO_ATTEMPTS_LEFT: {
    status: 409,
    en: 'You have used all {{max}} attempts at this exam',
    bn: 'আপনি এই পরীক্ষার {{max}}টি সুযোগের সবগুলো ব্যবহার করেছেন',
  },
  EXAM_ALREADY_PASSED: { status: 409, en: 'You have already passed this exam', bn: 'আপনি ইতিমধ্যে এই পরীক্ষায় পাস করেছেন' },
  EXAM_ATTEMPT_NOT_FOUND: { status: 404, en: 'Exam attempt not found', bn: 'পরীক্ষার চেষ্টাটি পাওয়া যায়নি' },
  NOT_AN_AUDIO_CLIP: {
    status: 400,
    en: 'The file is not an audio clip of at most {{max}} seconds',
    bn: 'ফাইলটি সর্বোচ্চ {{max}} সেকেন্ডের কোনো অডিও ক্লিপ নয়',
  },
  AUDIO_TOO_LARGE: { status: 413, en: 'The audio clip is too large (at most {{max}})', bn: 'অডিও ক্লিপটি অনেক বড় (সর্বোচ্চ {{max}})' },
  EXAM_MEDIA_REQUIRED: { status: 400, en: 'Choose a picture or an audio clip', bn: 'একটি ছবি বা অডিও ক্লিপ বেছে নিন' },
  // The certificate gate (decision 0073).
  CERTIFICATE_NEEDS_EXAM: {
    status: 400,
    en: 'Pass the course’s theory exam first, then ask for your certificate',
    bn: 'আগে কোর্সের তাত্ত্বিক পরীক্ষায় পাস করুন, তারপর সার্টিফিকেট চান',
  },
  // Practical exams (issue 53 item 2, decision 0079).
  PRACTICAL_NOT_FOUND: { status: 404, en: 'This course has no practical exam', bn: 'এই কোর্সের কোনো ব্যবহারিক পরীক্ষা নেই' },
  PRACTICAL_BRIEF_INVALID: {
    status: 400,
    en: 'Choose the brief’s language and write the task in it (at most {{max}} characters)',
    bn: 'নির্দেশনার ভাষা বেছে নিন এবং সেই ভাষায় কাজটি লিখুন (সর্বোচ্চ {{max}} অক্ষর)',
  },
  PRACTICAL_MEDIA_REQUIRED: { status: 400, en: 'Record a performance or choose an audio or video file', bn: 'একটি পরিবেশনা রেকর্ড করুন বা একটি অডিও বা ভিডিও ফাইল বেছে নিন' },
  NOT_A_PERFORMANCE: {
    status: 400,
    en: 'The file is not an audio or video recording of at most {{max}} minutes',
    bn: 'ফাইলটি সর্বোচ্চ {{max}} মিনিটের কোনো অডিও বা ভিডিও রেকর্ডিং নয়',
  },
  PERFORMANCE_TOO_LARGE: { status: 413, en: 'The recording is too large (at most {{max}})', bn: 'রেকর্ডিংটি অনেক বড় (সর্বোচ্চ {{max}})' },
  PRACTICAL_AWAITING_GRADE: {
    status: 409,
    en: 'Your last submission is waiting for its grade: you may submit again after a fail',
    bn: 'আপনার আগের জমা মূল্যায়নের অপেক্ষায়: অকৃতকার্য হলে আবার জমা দিতে পারবেন',
  },
  PRACTICAL_ALREADY_PASSED: { status: 409, en: 'You have already passed this practical exam', bn: 'আপনি ইতিমধ্যে এই ব্যবহারিক পরীক্ষায় পাস করেছেন' },
  PRACTICAL_SUBMISSION_NOT_FOUND: { status: 404, en: 'Submission not found', bn: 'জমাটি পাওয়া যায়নি' },
  PRACTICAL_ALREADY_GRADED: { status: 409, en: 'This submission has already been graded', bn: 'এই জমাটি ইতিমধ্যে মূল্যায়ন করা হয়েছে' },
  PRACTICAL_COMMENT_REQUIRED: {
    status: 400,
    en: 'Write a comment for the student (at most {{max}} characters)',
    bn: 'শিক্ষার্থীর জন্য একটি মন্তব্য লিখুন (সর্বোচ্চ {{max}} অক্ষর)',
  },
  CERTIFICATE_NEEDS_PRACTICAL: {
    status: 400,
    en: 'Pass the course’s practical exam first, then ask for your certificate',
    bn: 'আগে কোর্সের ব্যবহারিক পরীক্ষায় পাস করুন, তারপর সার্টিফিকেট চান',
  },
} as const satisfies Record<string, Refusal>;
