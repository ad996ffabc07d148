import { UserRoles } from '@taal/contracts';
import { answerRecipients, askRefusal, checkAnswer, checkQuestion, mayAnswer, readRefusal } from './questions';

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
