import { examProblem, grade, keepLanguage, type ExamQuestion } from './exam';

const option = (correct = false) => ({ textEn: 'x', textBn: 'ক', correct });
const question = (id: string, kind: 'single' | 'multiple', key: boolean[]): ExamQuestion => ({ id, kind, textEn: 'Q', textBn: 'প্র', imageUrl: '', audioUrl: '', options: key.map(option) });

describe('a theory exam (decision 0072)', () => {
  const questions = [question('a', 'single', [false, true]), question('b', 'multiple', [true, true, false]), question('c', 'single', [true, false])];

  it('counts a question right only when exactly its right options are chosen, rounding the score down', () => {
    expect(grade(questions, [{ questionId: 'a', chosen: [1] }, { questionId: 'b', chosen: [1, 0] }, { questionId: 'c', chosen: [0] }], 100)).toEqual({ scorePercent: 100, passed: true, wrongQuestionIds: [] });
    // One of two right options, a repeated option, an unanswered question: wrong.
    expect(grade(questions, [{ questionId: 'a', chosen: [1] }, { questionId: 'b', chosen: [0] }], 30)).toEqual({ scorePercent: 33, passed: true, wrongQuestionIds: ['b', 'c'] });
    expect(grade(questions, [{ questionId: 'a', chosen: [1, 1] }, { questionId: 'b', chosen: [0, 1, 2] }, { questionId: 'c', chosen: [0] }], 34).wrongQuestionIds).toEqual(['a', 'b']);
    expect(grade(questions, [{ questionId: 'a', chosen: [1] }, { questionId: 'b', chosen: [0, 1] }], 67)).toMatchObject({ scorePercent: 66, passed: false });
  });

  it('asks the texts of its language, 2 to 8 options and a key (one for single choice), our media only', () => {
    const draft = (over: object = {}, q: object = {}) => ({ language: 'en', passPercent: 50, maxAttempts: 2, ...over, questions: [{ ...question('', 'single', [true, false]), textBn: '', ...q }] });
    expect(examProblem(draft())).toBeNull();
    expect(examProblem(draft({ language: 'fr' }))?.key).toBe('EXAM_SETTINGS_INVALID');
    expect(examProblem(draft({ maxAttempts: 21 }))?.key).toBe('EXAM_SETTINGS_INVALID');
    expect(examProblem({ ...draft(), questions: [] })?.key).toBe('EXAM_NEEDS_QUESTIONS');
    expect(examProblem(draft({ language: 'both' }))).toEqual({ key: 'EXAM_QUESTION_INVALID', params: { number: 1 } });
    expect(examProblem(draft({}, { options: [option(true), option(true)] }))?.key).toBe('EXAM_QUESTION_INVALID');
    expect(examProblem(draft({}, { kind: 'multiple', options: [option(true), option(true)] }))).toBeNull();
    expect(examProblem(draft({}, { options: [option(true)] }))?.key).toBe('EXAM_QUESTION_INVALID');
    expect(examProblem(draft({}, { audioUrl: 'https://evil.example/a.mp3' }))?.key).toBe('EXAM_QUESTION_INVALID');
    expect(examProblem(draft({}, { audioUrl: '/api/v1/exam-audio/0b6f7f3e-8d0c-4a57-9a53-0c2f5c1b2d3e.m4a' }))).toBeNull();
  });

  it('keeps only the texts of its language', () => {
    expect(keepLanguage('bn', { textEn: 'Hello', textBn: ' নমস্কার ' })).toEqual({ textEn: '', textBn: 'নমস্কার' });
  });
});
