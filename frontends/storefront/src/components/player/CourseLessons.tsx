// The course view's Lessons section (spec §2 and §6): the player and the lesson list. The server
// says which lessons the caller may play (`playable`); locked ones show a lock, and clicking one
// says why ('Purchase the course First!!', or 'Please login first' and the login page for a
// login lesson). A student sees their access's expiry; an expired one offers Renew (the course at
// the same tier in the cart).
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ApiError } from '@taal/web-shared/api';
import { formatNumber } from '@taal/web-shared/format';
import { refusalMessage } from '@taal/web-shared/errors';
import { useTranslation } from '@taal/web-shared/i18n';
import { getSession, SESSION_EVENT, storedUser } from '@taal/web-shared/session';
import { toast } from '@taal/web-shared/toast';
import { useAsync } from '@taal/web-shared/useAsync';
import { LoadError } from '@taal/web-shared/ui';
import { currentStudent } from '../../commerce';
import { clock, learning, type Lesson, type LessonProgress, type SecureCourse } from '../../learning';
import { CourseFiles, type CourseDocument } from './CourseFiles';
import { EnrolmentStatus } from './EnrolmentStatus';
import { CheckIcon, LockIcon, PlayIcon } from './icons';
import { LessonPlayer } from './LessonPlayer';
import { linkTo } from '@taal/web-shared/routes';

// Questions under the lesson (issue 41, decision 0050): its own chunk, for signed-in readers only.
const LessonQuestions = lazy(() => import('./LessonQuestions'));

/** Who is logged in (any role), following logins and logouts: the lessons are asked again then. */
function useSessionKey(): string {
  const key = () => (getSession().loggedIn ? `${storedUser()?._id ?? '?'}:${getSession().type ?? ''}` : '');
  const [value, setValue] = useState(key);
  useEffect(() => {
    const update = () => setValue(key());
    window.addEventListener(SESSION_EVENT, update);
    window.addEventListener('storage', update);
    return () => {
      window.removeEventListener(SESSION_EVENT, update);
      window.removeEventListener('storage', update);
    };
  }, []);
  return value;
}

/** How far the caller is through the course: lessons and the caller's completed ones (the certificate box follows it). */
export interface Completion {
  lessons: number;
  completed: number;
}

export function CourseLessons({
  courseId,
  documents = [],
  onCompletion,
}: {
  courseId: string;
  documents?: readonly CourseDocument[];
  onCompletion?: (c: Completion | null) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sessionKey = useSessionKey();
  const course = useAsync<SecureCourse>(() => learning.secureCourse(courseId), [courseId, sessionKey]);
  const [selected, setSelected] = useState<string | null>(null);
  const [progress, setProgress] = useState<Record<string, LessonProgress>>({});

  useEffect(() => {
    setProgress(Object.fromEntries((course.data?.progress ?? []).map((p) => [p.lesson, p])));
  }, [course.data]);
  useEffect(() => setSelected(null), [courseId]);

  const lessons = useMemo(() => [...(course.data?.lessons ?? [])].sort((a, b) => a.position - b.position), [course.data]);
  const completedCount = lessons.filter((l) => progress[l._id]?.completed).length;
  useEffect(() => {
    onCompletion?.(course.data ? { lessons: lessons.length, completed: completedCount } : null);
  }, [course.data, lessons.length, completedCount, onCompletion]);
  const current: Lesson | null =
    lessons.find((l) => l._id === selected && l.playable) ?? lessons.find((l) => l.playable && !progress[l._id]?.completed) ?? lessons.find((l) => l.playable) ?? null;
  const student = currentStudent() !== null && sessionKey !== '';

  if (course.loading && !course.data) {
    return (
      <section className="section lessons" data-testid="lessons" aria-busy="true">
        <h2>{t('player.lessons')}</h2>
        <span className="spinner inline" role="status" aria-label={t('common.loading')} />
      </section>
    );
  }
  if (!course.data) {
    // The course page itself still shows; the lessons say they failed and offer another try.
    return (
      <section className="section lessons" data-testid="lessons">
        <h2>{t('player.lessons')}</h2>
        <LoadError message={t('player.loadFailed')} onRetry={course.reload} />
      </section>
    );
  }
  if (lessons.length === 0) {
    return (
      <section className="section lessons" data-testid="lessons">
        <h2>{t('player.lessons')}</h2>
        <p className="muted">{t('player.noLessons')}</p>
      </section>
    );
  }

  const askLogin = () => {
    toast(t('errors.loginFirst'), 'error', { untilLogin: true });
    navigate(linkTo('/login', { redirect: 'cart' }));
  };
  const lockedClick = (lesson: Lesson) => {
    if (lesson.status === 'login' && !getSession().loggedIn) askLogin();
    else toast(t('player.purchaseFirst'), 'error');
  };
  const onRefused = (err: ApiError, lesson: Lesson) => {
    if (err.status === 401 || err.reason === 'LOGIN_FIRST') askLogin();
    else toast(refusalMessage(t, err.reason, err.params) ?? t('player.purchaseFirst'), 'error');
    // The server knows better than the list (an access that just ran out): ask again.
    if (lesson.playable) course.reload();
  };

  return (
    <section className="section lessons" data-testid="lessons">
      <div className="lessons-head">
        <h2>{t('player.lessons')}</h2>
        {course.data.enrolment && <EnrolmentStatus enrolment={course.data.enrolment} courseId={courseId} onLogin={askLogin} />}
      </div>
      <div className="lessons-layout">
        <div className="lessons-main">
          {current ? (
            <LessonPlayer
              lesson={current}
              student={student}
              practiceSeconds={progress[current._id]?.practiceSeconds ?? 0}
              onProgress={(p) => setProgress((all) => ({ ...all, [p.lesson]: p }))}
              onRefused={onRefused}
              opened={current._id === selected}
            />
          ) : (
            <div className="player-locked card" data-testid="player-locked">
              <LockIcon />
              <p>{t('player.allLocked')}</p>
            </div>
          )}
          {current && sessionKey && (course.data.enrolment || course.data.fullAccess) && (
            <Suspense fallback={null}>
              <LessonQuestions courseId={courseId} lessonId={current._id} access={course.data.enrolment ? (course.data.enrolment.active ? 'active' : 'ended') : 'none'} />
            </Suspense>
          )}
        </div>
        <aside className="lessons-aside">
          <ol className="lesson-menu" data-testid="lesson-list">
            {lessons.map((l) => {
              const done = progress[l._id]?.completed;
              const active = current?._id === l._id;
              return (
                <li key={l._id}>
                  <button
                    type="button"
                    className={`lesson-item ${active ? 'active' : ''} ${l.playable ? '' : 'locked'}`}
                    aria-current={active ? 'true' : undefined}
                    onClick={() => (l.playable ? setSelected(l._id) : lockedClick(l))}
                    data-testid="lesson-item"
                    data-lesson-id={l._id}
                    data-status={l.status}
                    data-playable={l.playable ? 'true' : 'false'}
                  >
                    <span className="lesson-icon" aria-hidden="true">
                      {!l.playable ? <LockIcon /> : done ? <CheckIcon /> : <PlayIcon />}
                    </span>
                    <span className="lesson-name">
                      <span>
                        {formatNumber(l.position)}. {l.originalname}
                      </span>
                      <span className="lesson-meta">
                        {clock(l.duration)} · {t(`player.access.${l.status}`)}
                        {!l.playable && <span className="sr-only"> · {t('player.locked')}</span>}
                        {done && <> · {t('player.completed')}</>}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
          {documents.length > 0 && <CourseFiles documents={documents} fullAccess={course.data.fullAccess} onLocked={() => (getSession().loggedIn ? toast(t('player.purchaseFirst'), 'error') : askLogin())} />}
        </aside>
      </div>
    </section>
  );
}
