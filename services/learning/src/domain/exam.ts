/**
 * Theory exams (issue 53, decision 0072): what a valid exam is, and how an attempt is graded.
 * Pure rules: the server grades, the browser never sees the key.
 */
import type { RefusalKey, RefusalParams } from '@taal/contracts';

export const EXAM_LANGUAGES = ['en', 'bn', 'both'] as const;
export type ExamLanguage = (typeof EXAM_LANGUAGES)[number];
export const QUESTION_KINDS = ['single', 'multiple'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const EXAM_LIMITS = { maxQuestions: 100, maxAttempts: 20, minOptions: 2, maxOptions: 8, maxText: 1000, maxOptionText: 300 } as const;

export interface ExamOption {
  textEn: string;
  textBn: string;
  correct: boolean;
}
export interface ExamQuestion {
  id: string;
  kind: QuestionKind;
  textEn: string;
  textBn: string;
  imageUrl: string;
  audioUrl: string;
  options: ExamOption[];
}
/** A picture stored by the upload mechanism, or an audio clip stored by learning: our own URLs only. */
export const IMAGE_URL = /^\/api\/v1\/media\/images\/[0-9a-f-]{36}\.(jpg|webp)$/;
export const AUDIO_URL = /^\/api\/v1\/exam-audio\/[0-9a-f-]{36}\.m4a$/;

export type ExamProblem = { key: RefusalKey; params?: RefusalParams };

const has = (text: string, max: number) => text.trim().length > 0 && text.length <= max;
const fits = (text: string, max: number) => text.length <= max;

/** Texts the exam's language asks for: en → English, bn → Bengali, both → both. */
function textsOk(language: ExamLanguage, en: string, bn: string, max: number): boolean {
  if (!fits(en, max) || !fits(bn, max)) return false;
  if (language === 'en') return has(en, max);
  if (language === 'bn') return has(bn, max);
  return has(en, max) && has(bn, max);
}

/** The first problem of a draft, or null when it may be saved. */
export function examProblem(draft: { language: string; passPercent: number; maxAttempts: number; questions: { kind: string; textEn: string; textBn: string; imageUrl: string; audioUrl: string; options: ExamOption[] }[] }): ExamProblem | null {
  const language = draft.language as ExamLanguage;
  const settingsOk =
    EXAM_LANGUAGES.includes(language) &&
    Number.isInteger(draft.passPercent) &&
    draft.passPercent >= 1 &&
    draft.passPercent <= 100 &&
    Number.isInteger(draft.maxAttempts) &&
    draft.maxAttempts >= 1 &&
    draft.maxAttempts <= EXAM_LIMITS.maxAttempts;
  if (!settingsOk) return { key: 'EXAM_SETTINGS_INVALID', params: { max: EXAM_LIMITS.maxAttempts } };
  if (draft.questions.length < 1 || draft.questions.length > EXAM_LIMITS.maxQuestions) return { key: 'EXAM_NEEDS_QUESTIONS', params: { max: EXAM_LIMITS.maxQuestions } };
  for (const [i, q] of draft.questions.entries()) {
    const right = q.options.filter((o) => o.correct).length;
    const ok =
      QUESTION_KINDS.includes(q.kind as QuestionKind) &&
      textsOk(language, q.textEn, q.textBn, EXAM_LIMITS.maxText) &&
      q.options.length >= EXAM_LIMITS.minOptions &&
      q.options.length <= EXAM_LIMITS.maxOptions &&
      q.options.every((o) => textsOk(language, o.textEn, o.textBn, EXAM_LIMITS.maxOptionText)) &&
      (q.kind === 'single' ? right === 1 : right >= 1) &&
      (q.imageUrl === '' || IMAGE_URL.test(q.imageUrl)) &&
      (q.audioUrl === '' || AUDIO_URL.test(q.audioUrl));
    if (!ok) return { key: 'EXAM_QUESTION_INVALID', params: { number: i + 1 } };
  }
  return null;
}

/** Keeps only the texts of the exam's language(s) (a text of the other language is dropped, not stored). */
export function keepLanguage<T extends { textEn: string; textBn: string }>(language: ExamLanguage, item: T): T {
  return { ...item, textEn: language === 'bn' ? '' : item.textEn.trim(), textBn: language === 'en' ? '' : item.textBn.trim() };
}

export interface Graded {
  scorePercent: number;
  passed: boolean;
  wrongQuestionIds: string[];
}

/**
 * Grades answers: a question is right when exactly its correct options are chosen (an unanswered
 * question, an unknown option or a repeated one is wrong). The score is rounded down, so 2 of 3
 * right is 66 %, and the pass mark is reached at score ≥ pass percent.
 */
export function grade(questions: ExamQuestion[], answers: { questionId: string; chosen: number[] }[], passPercent: number): Graded {
  const byQuestion = new Map(answers.map((a) => [a.questionId, a.chosen]));
  const wrong: string[] = [];
  for (const q of questions) {
    const chosen = byQuestion.get(q.id) ?? [];
    const key = q.options.flatMap((o, i) => (o.correct ? [i] : []));
    const unique = new Set(chosen);
    const right = unique.size === chosen.length && chosen.length === key.length && key.every((i) => unique.has(i)) && (q.kind === 'multiple' || chosen.length === 1);
    if (!right) wrong.push(q.id);
  }
  const scorePercent = questions.length === 0 ? 0 : Math.floor(((questions.length - wrong.length) * 100) / questions.length);
  return { scorePercent, passed: scorePercent >= passPercent, wrongQuestionIds: wrong };
}
