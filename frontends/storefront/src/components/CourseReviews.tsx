// A course's ratings and reviews on its page (issue 41, decision 0048), loaded lazily below the
// course: the average and count of the shown reviews, the reviews a page at a time (More), the
// form for a student who may review (enrolled, a lesson completed: one review, edited by posting
// again), and the course's instructor's one reply under each review not answered yet.
import './reviews.css';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { answer, authApi, publicApi, clearApiCache } from '@taal/web-shared/api';
import { translateApiError } from '@taal/web-shared/errors';
import { formatDate, formatNumber } from '@taal/web-shared/format';
import { getSession, SESSION_EVENT, storedUser } from '@taal/web-shared/session';
import { toast } from '@taal/web-shared/toast';
import { UserRoles } from '@taal/contracts/web';
import type { Review } from '@taal/web-shared/types';
import { ReplyForm, ReportButton } from '@taal/web-shared/ui';
import { linkTo } from '@taal/web-shared/routes';

const PAGE_SIZE = 5;

/** Who is looking: a student (may review), the course's instructor (may reply), or anyone else. */
function useViewer(instructorId: string): 'student' | 'instructor' | null {
  const read = (): 'student' | 'instructor' | null => {
    const session = getSession();
    const user = storedUser();
    if (!session.loggedIn || !user) return null;
    if (session.type === UserRoles.student) return 'student';
    if (session.type === UserRoles.instructor && user.instructor === instructorId) return 'instructor';
    return null;
  };
  const [viewer, setViewer] = useState(read);
  useEffect(() => {
    const update = () => setViewer(read());
    window.addEventListener(SESSION_EVENT, update);
    return () => window.removeEventListener(SESSION_EVENT, update);
  });
  return viewer;
}

function Stars({ rating }: { rating: number }) {
  return (
    <span className="stars" aria-hidden="true">
      {'★★★★★'.slice(0, rating)}
      <span className="stars-off">{'★★★★★'.slice(rating)}</span>
    </span>
  );
}

function ReviewForm({ courseId, onSaved }: { courseId: string; onSaved: () => void }) {
  const { t } = useTranslation();
  const [mine, setMine] = useState<{ review: Review | null; eligible: boolean; reason: string } | null>(null);
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    answer(authApi.GET('/api/v1/review/course/{courseId}/mine', { params: { path: { courseId } } })).then(
      ({ data }) => {
        if (!live) return;
        setMine(data);
        if (data.review) {
          setRating(data.review.rating);
          setText(data.review.text);
        }
      },
      () => live && setMine(null),
    );
    return () => {
      live = false;
    };
  }, [courseId]);
  if (!mine) return null;
  if (!mine.eligible)
    return (
      <p className="muted" data-testid="review-not-eligible">
        {t(`refusals:${mine.reason || 'REVIEW_NOT_ENROLLED'}`)}
        {/* Enrolled but no lesson done yet: where the lessons are (issue 55). */}
        {mine.reason === 'REVIEW_NEEDS_LESSON' && (
          <>
            <br />
            {t('reviews.classroomHint')}{' '}
            <Link to={linkTo('/studentpanel')} className="btn btn-outline btn-sm" data-testid="review-classroom-link">
              {t('reviews.openClassroom')}
            </Link>
          </>
        )}
      </p>
    );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (rating < 1) {
      toast(t('refusals:RATING_REQUIRED'), 'error');
      return;
    }
    setBusy(true);
    try {
      const { data } = await answer(authApi.POST('/api/v1/review/course/{courseId}', { params: { path: { courseId } }, body: { rating, text } }));
      setMine({ ...mine, review: data });
      toast(t(mine.review ? 'reviews.updated' : 'reviews.posted'), 'success');
      clearApiCache(); // the course's figures change with it
      onSaved();
    } catch (err) {
      toast(translateApiError(t, err, 'reviews.failed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form review-form card" onSubmit={(e) => void submit(e)} noValidate data-testid="review-form">
      <h3>{t(mine.review ? 'reviews.editTitle' : 'reviews.writeTitle')}</h3>
      <fieldset className="star-input">
        <legend>{t('reviews.yourRating')}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={n <= rating ? 'on' : ''}>
            <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => setRating(n)} data-testid={`review-star-${n}`} />
            <span aria-hidden="true">★</span>
            <span className="sr-only">{t('reviews.stars', { count: n, n: formatNumber(n) })}</span>
          </label>
        ))}
      </fieldset>
      <label>
        {t('reviews.yourReview')}
        <textarea rows={4} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} data-testid="review-text" />
      </label>
      <button className="btn btn-primary" disabled={busy} data-testid="review-submit">
        {t(mine.review ? 'reviews.update' : 'reviews.post')}
      </button>
    </form>
  );
}

export default function CourseReviews({ courseId, instructorId, instructorName }: { courseId: string; instructorId: string; instructorName: string }) {
  const { t, i18n } = useTranslation();
  const viewer = useViewer(instructorId);
  const [reviews, setReviews] = useState<Review[]>([]);
  const [figures, setFigures] = useState({ total: 0, average: 0 });
  const [page, setPage] = useState(1);
  const [loaded, setLoaded] = useState(false);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    answer(publicApi.GET('/api/v1/review/course/{courseId}', { params: { path: { courseId }, query: { page: String(page), pageSize: String(PAGE_SIZE) } } })).then(
      ({ data }) => {
        if (!live) return;
        setReviews((before) => (page === 1 ? data.reviews : [...before, ...data.reviews.filter((r) => !before.some((b) => b._id === r._id))]));
        setFigures({ total: data.total, average: data.average });
        setLoaded(true);
      },
      () => live && setLoaded(true),
    );
    return () => {
      live = false;
    };
  }, [courseId, page, tick]);
  const reload = () => {
    setPage(1);
    setTick((n) => n + 1);
  };
  const average = formatNumber(figures.average, undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

  return (
    <section className="section course-reviews" data-testid="course-reviews" aria-labelledby="course-reviews-title">
      <h2 id="course-reviews-title">{t('reviews.title')}</h2>
      {figures.total > 0 ? (
        <p className="review-summary" data-testid="review-summary" data-rating={figures.average} data-count={figures.total}>
          <Stars rating={Math.round(figures.average)} /> {t('reviews.summary', { average, count: figures.total, countText: formatNumber(figures.total) })}
        </p>
      ) : (
        loaded && <p className="muted">{t('reviews.none')}</p>
      )}
      {viewer === 'student' && <ReviewForm courseId={courseId} onSaved={reload} />}
      <ul className="review-list" data-testid="review-list">
        {reviews.map((r) => (
          <li key={r._id} className="review" data-testid="review">
            <div className="review-head">
              {r.photo && <img className="review-photo" src={r.photo} alt="" width={32} height={32} data-testid="review-photo" />}
              <strong>{r.name || t('reviews.student')}</strong>
              <Stars rating={r.rating} />
              <span className="sr-only">{t('reviews.stars', { count: r.rating, n: formatNumber(r.rating) })}</span>
              <time className="muted" dateTime={r.updatedAt}>
                {formatDate(r.updatedAt, i18n.resolvedLanguage)}
              </time>
            </div>
            {r.text && <p className="review-text">{r.text}</p>}
            {r.reply ? (
              <div className="review-reply" data-testid="review-reply">
                <strong>{t('reviews.replyFrom', { name: instructorName })}</strong>
                <p>{r.reply}</p>
              </div>
            ) : (
              viewer === 'instructor' && (
                <ReplyForm
                  send={async (reply) => (await answer(authApi.POST('/api/v1/review/{id}/reply', { params: { path: { id: r._id } }, body: { reply } }))).data}
                  onSent={(done) => setReviews((list) => list.map((x) => (x._id === done._id ? done : x)))}
                  requiredKey="refusals:REPLY_REQUIRED"
                  failedKey="reviews.failed"
                  label={t('reviews.replyLabel')}
                  showLabel
                  sendLabel={t('reviews.reply')}
                  maxLength={2000}
                  className="form review-reply-form"
                  buttonClassName="btn btn-outline btn-sm"
                  testIds={{ text: 'review-reply-text', send: 'review-reply-send' }}
                />
              )
            )}
            <ReportButton kind="review" itemId={r._id} />
          </li>
        ))}
      </ul>
      {reviews.length < figures.total && (
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setPage((p) => p + 1)} data-testid="reviews-more">
          {t('reviews.more')}
        </button>
      )}
    </section>
  );
}
