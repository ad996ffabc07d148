import type { Refusal } from './refusal';

/** Questions under a lesson (issue 41, decision 0050); all texts are ours. */
export const QuestionRefusals = {
  QUESTION_REQUIRED: { status: 400, en: 'Please write your question', bn: 'অনুগ্রহ করে আপনার প্রশ্নটি লিখুন' },
  ANSWER_REQUIRED: { status: 400, en: 'Please write your answer', bn: 'অনুগ্রহ করে আপনার উত্তরটি লিখুন' },
  QUESTION_NOT_FOUND: { status: 404, en: 'Question not found', bn: 'প্রশ্নটি পাওয়া যায়নি' },
  QUESTIONS_ENROLLED_ONLY: {
    status: 403,
    en: 'Only students enrolled in this course can read and ask questions',
    bn: 'শুধু এই কোর্সে ভর্তি শিক্ষার্থীরা প্রশ্ন পড়তে ও করতে পারেন',
  },
  QUESTION_ACCESS_ENDED: {
    status: 403,
    en: 'Your access to this course has ended: renew it to ask a question',
    bn: 'এই কোর্সে আপনার অ্যাক্সেসের মেয়াদ শেষ: প্রশ্ন করতে নবায়ন করুন',
  },
  NOT_YOUR_COURSE_QUESTION: {
    status: 403,
    en: "You may only answer questions on your own courses",
    bn: 'আপনি শুধু নিজের কোর্সের প্রশ্নের উত্তর দিতে পারবেন',
  },
  // Ours (issue 50, decision 0063): limits on what a user writes, and a hidden question stays closed.
  TOO_MANY_QUESTIONS: {
    status: 429,
    en: 'You have asked many questions in a short time. Please try again in {{minutes}} minutes.',
    bn: 'আপনি অল্প সময়ে অনেক প্রশ্ন করেছেন। অনুগ্রহ করে {{minutes}} মিনিট পরে আবার চেষ্টা করুন।',
  },
  TOO_MANY_ANSWERS: {
    status: 429,
    en: 'You have posted many answers in a short time. Please try again in {{minutes}} minutes.',
    bn: 'আপনি অল্প সময়ে অনেক উত্তর দিয়েছেন। অনুগ্রহ করে {{minutes}} মিনিট পরে আবার চেষ্টা করুন।',
  },
  QUESTION_HIDDEN: {
    status: 409,
    en: 'An admin has hidden this question: it cannot be answered',
    bn: 'একজন অ্যাডমিন প্রশ্নটি লুকিয়ে রেখেছেন: এর উত্তর দেওয়া যাবে না',
  },
} as const satisfies Record<string, Refusal>;
