import { UserRoles } from '@taal/contracts';
import { answerRecipients, askRefusal, checkAnswer, checkQuestion, mayAnswer, readRefusal, unansweredPage, UnansweredPaging } from './questions';

const course = { courseInstructorId: 'ins-1' };

describe('questions under a lesson', () => {
  it('needs a question and an answer with visible text, within their limits', () => {
    expect(checkQuestion('  ')).toMatchObject({ ok: false, headline: 'QUESTION_REQUIRED' });
    expect(checkQuestion('x'.repeat(2001))).toMatchObject({ ok: false, headline: 'TEXT_TOO_LONG' });
    expect(checkQuestion('Which finger on Sa?')).toEqual({ ok: true });
    expect(checkAnswer('')).toMatchObject({ ok: false, headline: 'ANSWER_REQUIRED' });
  });

  it('lets enrolled students read, only active ones ask, and the course instructor or an admin answer', () => {
    const student = { ...course, userType: UserRoles.student, enrolled: true, active: true };
    expect(readRefusal(student)).toBeNull();
    expect(askRefusal(student)).toBeNull();
    expect(readRefusal({ ...student, active: false })).toBeNull();
    expect(askRefusal({ ...student, active: false })).toBe('QUESTION_ACCESS_ENDED');
    expect(readRefusal({ ...student, enrolled: false, active: false })).toBe('QUESTIONS_ENROLLED_ONLY');
    expect(mayAnswer(student)).toBe(false);
    const own = { ...course, userType: UserRoles.instructor, instructorId: 'ins-1', enrolled: false, active: false };
    expect(mayAnswer(own)).toBe(true);
    expect(readRefusal(own)).toBeNull();
    expect(askRefusal(own)).toBe('QUESTIONS_ENROLLED_ONLY');
    expect(mayAnswer({ ...own, instructorId: 'ins-2' })).toBe(false);
    expect(readRefusal({ ...own, instructorId: 'ins-2' })).toBe('QUESTIONS_ENROLLED_ONLY');
    expect(mayAnswer({ ...course, userType: UserRoles.admin })).toBe(true);
    expect(mayAnswer({ ...course, userType: UserRoles.content })).toBe(false);
  });

  it('notifies the asker and each follower once, not the one who answered', () => {
    expect(answerRecipients('s1', ['s1', 's2', 's2', 'i1'], 'i1')).toEqual(['s1', 's2']);
  });
});

describe('the unanswered list, a page of askers (decision 0063)', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
  const head = (id: string, askedBy: string, minute: number) => ({ _id: id, askedBy, askerName: askedBy.toUpperCase(), createdAt: at(minute) });

  it('orders askers by their newest question, each with at most three of their newest, so a flood does not push anyone out', () => {
    const flood = Array.from({ length: 200 }, (_, i) => head(`s${String(i).padStart(3, '0')}`, 'spammer', i));
    const heads = [head('a1', 'anna', 0), ...flood, head('b1', 'bina', 300), head('a2', 'anna', 150)];
    const page = unansweredPage(heads, 1, 20);
    expect(page.askers.map((a) => [a.askedBy, a.questions, a.shownIds])).toEqual([
      ['bina', 1, ['b1']],
      ['spammer', 200, ['s199', 's198', 's197']],
      ['anna', 2, ['a2', 'a1']],
    ]);
    expect(page.ids).toEqual(['b1', 's199', 's198', 's197', 'a2', 'a1']);
    expect(page).toMatchObject({ total: 3, totalQuestions: 203, page: 1, pageSize: 20 });
  });

  it('pages askers, with a default and a largest page size', () => {
    const heads = ['x', 'y', 'z'].map((u, i) => head(u, u, i));
    expect(unansweredPage(heads, 2, 2).askers.map((a) => a.askedBy)).toEqual(['x']);
    expect(unansweredPage(heads, 3, 2)).toMatchObject({ askers: [], ids: [], total: 3 });
    expect(unansweredPage(heads, 0, 0)).toMatchObject({ page: 1, pageSize: UnansweredPaging.pageSize });
    expect(unansweredPage(heads, 1, 1000).pageSize).toBe(UnansweredPaging.maxPageSize);
  });
});
