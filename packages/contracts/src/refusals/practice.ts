import type { Refusal } from './refusal';

/** Play-along passages and the practice log (issue 54, decision 0081); all texts are ours. */
export const PracticeRefusals = {
  PASSAGE_NOT_FOUND: { status: 404, en: 'This passage does not exist', bn: 'এই অংশটি নেই' },
  NOT_YOUR_COURSE_PASSAGE: {
    status: 403,
    en: 'You may only mark passages in your own courses',
    bn: 'আপনি শুধু নিজের কোর্সে অংশ চিহ্নিত করতে পারবেন',
  },
  PASSAGE_INVALID: {
    status: 400,
    en: 'Give the passage a title, a start before its end, a tempo of 20 to 300 BPM and 1 to {{max}} notes (note, start beat, length)',
    bn: 'অংশটির একটি নাম, শেষের আগে শুরু, ২০ থেকে ৩০০ বিপিএম লয় এবং ১ থেকে {{max}}টি স্বর (স্বর, শুরুর মাত্রা, দৈর্ঘ্য) দিন',
  },
  NOT_A_MIDI_FILE: {
    status: 400,
    en: 'This is not a MIDI file with notes: upload a .mid file',
    bn: 'এটি স্বরসহ কোনো মিডি ফাইল নয়: একটি .mid ফাইল আপলোড করুন',
  },
  MIDI_TOO_LARGE: { status: 413, en: 'The MIDI file is over {{max}}', bn: 'মিডি ফাইলটি {{max}}-এর বেশি' },
  PRACTICE_ENROLLED_ONLY: {
    status: 403,
    en: 'Only students with active access to this course can practise with it',
    bn: 'শুধু এই কোর্সে সক্রিয় অ্যাক্সেস থাকা শিক্ষার্থীরা এটি দিয়ে অনুশীলন করতে পারবেন',
  },
} as const satisfies Record<string, Refusal>;
