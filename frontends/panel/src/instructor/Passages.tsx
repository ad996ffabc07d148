// Instructor tab "Play-along" (issue 54 items 2 and 4, decision 0081): the instructor picks one of
// their courses and a lesson, marks passages with their reference (PassageForm), and sees per passage
// how many students practised it and the median of their best scores (kept by learning per student,
// never recounted from takes). A lazy tab: a student's panel never loads it.
import { useState } from 'react';
import { answer, api, authApi, type ApiPaths } from '@taal/web-shared/api';
import { formatClock, formatNumber } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import type { SessionUser } from '@taal/web-shared/session';
import { useAsync } from '@taal/web-shared/useAsync';
import { AsyncView, Empty } from '@taal/web-shared/ui';
import '../practice.css';
import { PassageForm } from './PassageForm';

type Passage = ApiPaths['/api/v1/courses/{courseId}/passages']['get']['responses'][200]['content']['application/json']['data'][number];
type Stat = ApiPaths['/api/v1/courses/{courseId}/passage-stats']['get']['responses'][200]['content']['application/json']['data'][number];

function CoursePassages({ courseId }: { courseId: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage;
  const [lessonId, setLessonId] = useState('');
  const state = useAsync(async () => {
    const path = { params: { path: { courseId } } };
    const [course, passages, stats] = await Promise.all([
      answer(authApi.GET('/api/v1/course/secure-course/{id}', { params: { path: { id: courseId } } })).then((a) => a.data),
      answer(authApi.GET('/api/v1/courses/{courseId}/passages', path)).then((a) => a.data),
      answer(authApi.GET('/api/v1/courses/{courseId}/passage-stats', path)).then((a) => a.data),
    ]);
    return { lessons: course.lessons, passages, stats: new Map(stats.map((s: Stat) => [s.passageId, s])) };
  }, [courseId]);
  const remove = async (p: Passage) => {
    await answer(authApi.DELETE('/api/v1/passages/{id}', { params: { path: { id: p.id } } }));
    state.reload();
  };
  return (
    <AsyncView state={state}>
      {({ lessons, passages, stats }) => (
        <>
          <table className="table passage-table" data-testid="passage-table">
            <thead>
              <tr>
                <th>{t('practice.passages.passage')}</th>
                <th>{t('practice.passages.lesson')}</th>
                <th>{t('practice.passages.span')}</th>
                <th>{t('practice.passages.notesCount')}</th>
                <th>{t('practice.passages.students')}</th>
                <th>{t('practice.passages.median')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {passages.map((p: Passage) => {
                const s = stats.get(p.id);
                return (
                  <tr key={p.id} data-testid="passage-row" data-passage-id={p.id} data-students={s?.students ?? 0} data-median={s?.medianScore ?? 0}>
                    <td>{p.title}</td>
                    <td>{lessons.find((l) => l._id === p.lessonId)?.originalname ?? ''}</td>
                    <td>
                      {formatClock(p.startSeconds, lng)}–{formatClock(p.endSeconds, lng)}
                    </td>
                    <td>
                      {formatNumber(p.notes.length, lng)} · {formatNumber(p.bpm, lng)} {t('practice.passages.bpmShort')}
                      {p.source === 'midi' ? ` · ${t('practice.passages.fromMidi')}` : ''}
                    </td>
                    <td data-testid="passage-students">{formatNumber(s?.students ?? 0, lng)}</td>
                    <td data-testid="passage-median">{s?.students ? `${formatNumber(s.medianScore, lng)}%` : '—'}</td>
                    <td>
                      <button type="button" className="btn btn-outline btn-sm" onClick={() => void remove(p)} data-testid="passage-delete">
                        {t('practice.passages.delete')}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {!passages.length && <p className="muted">{t('practice.passages.none')}</p>}
          <label className="exam-course-pick passage-pick">
            {t('practice.passages.lesson')}{' '}
            <select value={lessonId} onChange={(e) => setLessonId(e.target.value)} data-testid="passage-lesson">
              <option value="">{t('practice.passages.chooseLesson')}</option>
              {lessons.map((l) => (
                <option key={l._id} value={l._id}>
                  {formatNumber(l.position, lng)}. {l.originalname}
                </option>
              ))}
            </select>
          </label>
          {lessonId && <PassageForm key={lessonId} courseId={courseId} lessonId={lessonId} onSaved={state.reload} />}
        </>
      )}
    </AsyncView>
  );
}

export default function Passages({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const id = user.instructor ?? '';
  // The instructor's own published courses: GET course/page filtered by the server (the bounded course/ holds only the newest 25, decision 0089).
  const courses = useAsync(async () => (id ? (await api.coursePage({ instructor: id, limit: '100' })).items : []), [id]);
  const [courseId, setCourseId] = useState('');
  return (
    <AsyncView state={courses}>
      {(mine) =>
        !mine.length ? (
          <Empty testId="passages-no-courses">{t('payouts.noCourses')}</Empty>
        ) : (
          <>
            <p className="muted">{t('practice.passages.intro')}</p>
            <label className="exam-course-pick passage-pick">
              {t('exam.editor.course')}{' '}
              <select value={courseId} onChange={(e) => setCourseId(e.target.value)} data-testid="passages-course">
                <option value="">{t('exam.editor.chooseCourse')}</option>
                {mine.map((c) => (
                  <option key={c._id} value={c._id}>
                    {c.title}
                  </option>
                ))}
              </select>
            </label>
            {courseId && <CoursePassages key={courseId} courseId={courseId} />}
          </>
        )
      }
    </AsyncView>
  );
}
