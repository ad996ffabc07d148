// Tab 0, Classroom (spec §2; decision 0015): the student's courses from GET classroom/{userId}
// (active and expired enrolments), each with its thumbnail and title from the catalogue (linking
// to the course page), tier, "access until" / "expired on", progress (completed of all lessons,
// as a bar and numbers) and practice minutes. An expired course offers Renew: the course goes
// into the cart at the same tier (POST cart/) and the student lands on /cart. No courses: an
// empty message with a link to the course list. Just after a payment (the enrolment arrives a
// moment later, from an event) the tab says the course is on its way and looks again.
import { useEffect, useState } from 'react';
import { isCourseTier, type CourseTier } from '@taal/contracts/web';
import { Link, useNavigate } from 'react-router-dom';
import { answer, api, authApi } from '@taal/web-shared/api';
import { translateApiError } from '@taal/web-shared/errors';
import { formatDate } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import type { SessionUser } from '@taal/web-shared/session';
import { toast } from '@taal/web-shared/toast';
import type { Course } from '@taal/web-shared/types';
import { useAsync } from '@taal/web-shared/useAsync';
import type { ClassroomItem, Order } from '../types';
import { Empty, LoadError, Loading } from '@taal/web-shared/ui';
import { linkTo } from '@taal/web-shared/routes';

const courseLink = (id: string) => linkTo('/courseview', { id });
const asTier = (tier: string): CourseTier | null => (isCourseTier(tier) ? tier : null);
/** Raised on window after the cart changed (detail: its number of items), for the header's cart badge. */
const CART_CHANGED_EVENT = 'taal:cart-changed';

/** Completed lessons as a whole percentage of all lessons (0 when the course has none yet). */
export function progressPercent(completed: number, lessons: number): number {
  if (!lessons || lessons <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((completed / lessons) * 100)));
}

/** Active courses first (soonest expiry first), then expired ones (most recently expired first). */
export function classroomOrder(items: ClassroomItem[]): ClassroomItem[] {
  return [...items].sort((a, b) => {
    if (a.enrolment.active !== b.enrolment.active) return a.enrolment.active ? -1 : 1;
    const d = a.enrolment.expiresAt.localeCompare(b.enrolment.expiresAt);
    return a.enrolment.active ? d : -d;
  });
}

function ClassroomCourse({ item, user }: { item: ClassroomItem; user: SessionUser }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [renewing, setRenewing] = useState(false);
  const { enrolment } = item;
  const course = useAsync<Course | null>(
    () => api.course(enrolment.course).catch(() => null),
    [enrolment.course],
  );
  const c = course.data;
  const tier = asTier(enrolment.tier);
  const percent = progressPercent(item.completedLessons, item.lessons);
  const minutes = Math.floor(item.practiceSeconds / 60);
  const date = formatDate(enrolment.expiresAt, i18n.language);

  const renew = async () => {
    if (!tier) return;
    setRenewing(true);
    try {
      const { data } = await answer(
        authApi.POST('/api/v1/cart/', { body: { user: user._id, course: enrolment.course, tier } }),
      );
      window.dispatchEvent(
        new CustomEvent<{ count: number }>(CART_CHANGED_EVENT, { detail: { count: data.items.length } }),
      );
      toast(t('classroom.renewAdded'), 'success');
      navigate(linkTo('/cart'));
    } catch (err) {
      toast(translateApiError(t, err, 'classroom.renewFailed'), 'error');
      setRenewing(false);
    }
  };

  return (
    <li
      className={`card class-item ${enrolment.active ? 'class-active' : 'class-expired'}`}
      data-testid="classroom-course"
      data-course={enrolment.course}
      data-active={String(enrolment.active)}
    >
      <Link
        to={courseLink(enrolment.course)}
        className="wish-thumb class-thumb"
        tabIndex={-1}
        aria-hidden="true"
      >
        {c?.thumbnail ? <img src={c.thumbnail} alt="" loading="lazy" /> : <span />}
      </Link>
      <div className="class-body">
        <h3>
          {course.loading ? (
            <span className="muted">{t('common.loading')}</span>
          ) : c ? (
            <Link to={courseLink(enrolment.course)} data-testid="classroom-course-link">
              {c.title}
            </Link>
          ) : (
            <span className="muted">{t('classroom.unavailable')}</span>
          )}
        </h3>
        <p className="class-meta">
          <span className="badge" data-testid="classroom-tier">
            {tier ? t(`tiers.${tier}`) : enrolment.tier}
          </span>
          <span
            className={`badge ${enrolment.active ? 'badge-ok' : 'badge-warn'}`}
            data-testid="classroom-state"
          >
            {t(enrolment.active ? 'classroom.active' : 'classroom.expired')}
          </span>
          <time dateTime={enrolment.expiresAt} className="class-expiry" data-testid="classroom-expiry">
            {t(enrolment.active ? 'classroom.accessUntil' : 'classroom.expiredOn', { date })}
          </time>
        </p>
        <div className="class-progress">
          <div
            className="progress-bar"
            role="progressbar"
            aria-label={t('classroom.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            data-testid="classroom-progress"
          >
            <span style={{ width: `${percent}%` }} />
          </div>
          <span className="class-progress-text" data-testid="classroom-progress-text">
            {t('classroom.lessonsDone', { done: item.completedLessons, total: item.lessons, percent })}
          </span>
        </div>
        <p className="muted class-practice" data-testid="classroom-practice">
          {t('classroom.practice', { count: minutes })}
        </p>
      </div>
      <div className="wish-actions">
        {enrolment.active ? (
          <Link
            to={courseLink(enrolment.course)}
            className="btn btn-primary btn-sm"
            data-testid="classroom-continue"
          >
            {t('classroom.continue')}
          </Link>
        ) : (
          tier && (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={renewing}
              onClick={() => void renew()}
              data-testid="classroom-renew"
            >
              {t(renewing ? 'classroom.renewing' : 'classroom.renew', { tier: t(`tiers.${tier}`) })}
            </button>
          )
        )}
      </div>
    </li>
  );
}

/** How long after a payment its courses are awaited in the classroom (enrolments come from an event). */
const AWAIT_PAID_MS = 60 * 60 * 1000;
const POLL_MS = 2000;
const POLL_TIMES = 15;

/**
 * Courses of orders paid within the last hour that the classroom does not list yet: learning
 * grants enrolments from commerce.order.paid a moment after the payment (decision 0015).
 */
export function awaitedCourses(orders: Order[], items: ClassroomItem[], now = Date.now()): string[] {
  const listed = new Set(items.map((i) => i.enrolment.course));
  const recent = orders.filter((o) => o.paid && o.paidAt && now - Date.parse(o.paidAt) < AWAIT_PAID_MS);
  return [...new Set(recent.flatMap((o) => o.courses.map((c) => c.course)))].filter((c) => !listed.has(c));
}

export default function Classroom({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const loaded = useAsync(async () => {
    const path = { params: { path: { userId: user._id } } };
    const [items, orders] = await Promise.all([
      answer(authApi.GET('/api/v1/classroom/{userId}', path)).then((a) => a.data),
      // Only to say a just-paid course is on its way: without orders the list is still right.
      answer(authApi.GET('/api/v1/order/{userId}', path)).then(
        (a) => a.data,
        () => [],
      ),
    ]);
    return { items, awaited: awaitedCourses(orders, items) };
  }, [user._id]);
  const [polls, setPolls] = useState(0);
  const awaiting = (loaded.data?.awaited.length ?? 0) > 0 && polls < POLL_TIMES;
  const { reload } = loaded;
  useEffect(() => {
    if (!awaiting || loaded.loading) return;
    const timer = window.setTimeout(() => {
      setPolls((n) => n + 1);
      reload();
    }, POLL_MS);
    return () => window.clearTimeout(timer);
  }, [awaiting, loaded.loading, loaded.data]);

  if (loaded.error) return <LoadError onRetry={loaded.reload} />;
  if (!loaded.data) return <Loading />;
  const { items } = loaded.data;
  const pending = awaiting && (
    <p className="class-pending" role="status" data-testid="classroom-pending">
      <span className="spinner" aria-hidden="true" /> {t('classroom.preparing')}
    </p>
  );
  if (!items.length)
    return pending ? (
      <div className="panel-empty class-pending-only">{pending}</div>
    ) : (
      <Empty
        testId="classroom-empty"
        action={
          <Link to={linkTo('/allcourses')} className="btn btn-primary btn-sm" data-testid="classroom-browse">
            {t('studentPanel.browseCourses')}
          </Link>
        }
      >
        {t('classroom.empty')}
      </Empty>
    );
  return (
    <>
      {pending}
      <ul className="wish-list class-list" data-testid="classroom">
        {classroomOrder(items).map((item) => (
          <ClassroomCourse key={item.enrolment.course} item={item} user={user} />
        ))}
      </ul>
    </>
  );
}
