// Instructor tab Exams (issue 53, decision 0072): the instructor grades the practical submissions
// waiting (decision 0079), picks one of their courses and writes its theory exam and practical brief
// with the editor the back office uses too (@taal/web-shared/exam-editor, decision 0077). A lazy
// tab: a student's panel never loads it.
import { useState } from 'react';
import { api } from '@taal/web-shared/api';
import CourseExamEditor from '@taal/web-shared/exam-editor';
import { useTranslation } from '@taal/web-shared/i18n';
import type { SessionUser } from '@taal/web-shared/session';
import { useAsync } from '@taal/web-shared/useAsync';
import { AsyncView, Empty } from '@taal/web-shared/ui';
import PracticalGrading from './PracticalGrading';

export default function ExamEditor({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const id = user.instructor ?? '';
  // The instructor's own published courses: GET course/page filtered by the server (the bounded course/ holds only the newest 25, decision 0089).
  const courses = useAsync(async () => (id ? (await api.coursePage({ instructor: id, limit: '100' })).items : []), [id]);
  const [courseId, setCourseId] = useState('');
  return (
    <AsyncView state={courses}>
      {(mine) =>
        !mine.length ? (
          <Empty testId="exam-no-courses">{t('payouts.noCourses')}</Empty>
        ) : (
          <>
            {/* Practical submissions waiting for a grade (decision 0079), across the instructor's courses. */}
            <PracticalGrading titles={new Map(mine.map((c) => [c._id, c.title]))} />
            <p className="muted">{t('exam.editor.intro')}</p>
            <label className="exam-course-pick">
              {t('exam.editor.course')}{' '}
              <select value={courseId} onChange={(e) => setCourseId(e.target.value)} data-testid="exam-course">
                <option value="">{t('exam.editor.chooseCourse')}</option>
                {mine.map((c) => (
                  <option key={c._id} value={c._id}>
                    {c.title}
                  </option>
                ))}
              </select>
            </label>
            {courseId && <CourseExamEditor key={courseId} courseId={courseId} />}
          </>
        )
      }
    </AsyncView>
  );
}
