import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { api, ApiError } from '@taal/web-shared/api';
import { toast } from '@taal/web-shared/toast';
import { TIERS, type Course, type Instructor } from '@taal/web-shared/types';
import { useAsync } from '@taal/web-shared/useAsync';
import { PriceLine } from '../components/PriceLine';
import { RichText } from '../components/RichText';
import { formatDate, formatDateTime } from '@taal/web-shared/format';
import { extendedExpiry, purchaseKind, RENEWAL_WINDOW_DAYS, type OwnedAccess } from '@taal/contracts/web';
import { categoryKey, Rating } from '../components/CourseCard';
import { CourseLessons, type Completion } from '../components/player/CourseLessons';
import { MessageInstructor } from '../components/MessageInstructor';
import { CertificateRequest } from '../components/CertificateRequest';
import { useStudentId } from '../components/course/useStudentId';
import { FreeLessons } from '../components/course/FreeLessons';
import { CourseInstructor, PointList, TierCards } from '../components/course/CourseDetails';
import { tierName } from '../components/course/tiers';
import { commerce, commerceError, currentStudent, keepForAfterLogin, type TierName } from '../commerce';
import { learning } from '../learning';
import { Loading, Money } from '@taal/web-shared/ui';
import { linkTo } from '@taal/web-shared/routes';

// Reviews load after the course (their own chunk): the first paint stays as it was.
const CourseReviews = lazy(() => import('../components/CourseReviews'));
// The theory exam (issue 53) loads only for a student who owns the course.
const TheoryExam = lazy(() => import('../components/exam/TheoryExam'));
const PracticalExam = lazy(() => import('../components/exam/PracticalExam'));

export default function CourseView() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const course = useAsync<Course | null>(() => (id ? api.course(id) : Promise.resolve(null)), [id]);
  const c = course.data;
  const instructor = useAsync<Instructor | null>(() => (c?.instructor ? api.instructor(c.instructor).catch(() => null) : Promise.resolve(null)), [c?.instructor]);
  const studentId = useStudentId();
  // Once the course is in the wishlist its button is hidden (spec §2, course view).
  const wishlist = useAsync<string[]>(
    () => (studentId ? commerce.wishlist(studentId).then((items) => items.map((i) => i.course), () => []) : Promise.resolve([])),
    [studentId],
  );
  // What the student already owns of this course (learning's enrolment), so an owned course is not
  // bought again by accident: only a renewal or an upgrade is offered (issue 28, decision 0027).
  const enrolment = useAsync(
    () => (studentId && id ? learning.secureCourse(id).then((sc) => sc.enrolment, () => null) : Promise.resolve(null)),
    [id, studentId],
  );
  const [wished, setWished] = useState(false);
  const [tier, setTier] = useState<TierName | null>(null);
  const [busy, setBusy] = useState<'cart' | 'wishlist' | 'enrol' | null>(null);
  // The caller's lessons done (from the lesson list): the certificate box offers a request only once every one is.
  const [completion, setCompletion] = useState<Completion | null>(null);
  useEffect(() => {
    setWished(false);
    setTier(null);
  }, [id]);

  if (course.loading && !c) return <Loading />;
  if (!c) {
    const notFound = !id || (course.error instanceof ApiError && course.error.status === 404);
    return (
      <div className="card" data-testid="course-missing">
        <h1>{notFound ? t('course.notFound') : t('common.loadFailed')}</h1>
        <Link to={linkTo('/allcourses')}>{t('course.backToCourses')}</Link>
      </div>
    );
  }

  const tiers = TIERS.filter((k) => c[k] && typeof c[k]?.price === 'number');
  const owned: OwnedAccess | null = enrolment.data ? { tier: enrolment.data.tier, expiresAt: new Date(enrolment.data.expiresAt) } : null;
  const now = new Date();
  const kindOf = (name: TierName) => purchaseKind(owned, name, now);
  // Owned: only the tiers that extend access (a renewal near or after the end, or a higher tier).
  const offers = tiers.filter((k) => kindOf(tierName(k)) !== 'owned');
  const chosen: TierName | null = tier && offers.some((k) => tierName(k) === tier) ? tier : offers[0] ? tierName(offers[0]) : null;
  // The summary's days are those of the tier on offer (chosen, else the first), not one figure for every tier.
  const summaryTier = tiers.find((k) => tierName(k) === (chosen ?? owned?.tier));
  const summaryDays = summaryTier ? c[summaryTier]!.validity : c.validity;
  const lng = i18n.resolvedLanguage;
  const inWishlist = wished || Boolean(wishlist.data?.includes(c._id));

  // Cart, wishlist and enrolment need a student's login (spec §5); the login page brings them to
  // /cart, where the course and tier chosen here are added (issue 28).
  const student = (what: 'cart' | 'wishlist' | 'enrol'): string | null => {
    const user = currentStudent();
    if (user) return user._id;
    if (what !== 'wishlist' && chosen) keepForAfterLogin({ course: c._id, tier: chosen });
    toast(t('errors.loginFirst'), 'error', { untilLogin: true });
    navigate(linkTo('/login', { redirect: 'cart' }));
    return null;
  };
  const run = async (what: 'cart' | 'wishlist' | 'enrol', action: (userId: string) => Promise<void>) => {
    const userId = student(what);
    if (!userId || busy) return;
    setBusy(what);
    try {
      await action(userId);
    } catch (err) {
      toast(commerceError(t, err), 'error');
    } finally {
      setBusy(null);
    }
  };
  const addToCart = () =>
    run('cart', async (userId) => {
      if (!chosen) return;
      await commerce.addToCart(userId, c._id, chosen);
      toast(t('course.addedToCart'), 'success');
    });
  const addToWishlist = () =>
    run('wishlist', async (userId) => {
      await commerce.addToWishlist(userId, c._id);
      setWished(true);
      toast(t('course.addedToWishlist'), 'success');
    });
  const enrol = () =>
    run('enrol', async (userId) => {
      if (!chosen) return;
      await commerce.addToCart(userId, c._id, chosen);
      navigate(linkTo('/cart'));
    });
  const ins = instructor.data;

  return (
    <article className="course-view" data-testid="course-view">
      <div className="course-hero">
        <div>
          <div className="pills">
            <span className="pill">{t(categoryKey(c.catagory))}</span>
            <span className="pill">{t(`levels.${c.courseType}`)}</span>
            {c.bundle && <span className="pill">{t('course.bundle')}</span>}
          </div>
          <h1 data-testid="course-title">{c.title}</h1>
          {c.subtitle && <p className="muted">{c.subtitle}</p>}
          <Rating rating={c.rating} count={c.ratingCount} />
          <p>
            {t('course.hours', { hours: c.courseHour })} · <span data-testid="course-summary-validity">{t('course.validity', { days: summaryDays })}</span>
            {typeof c.sold === 'number' && <> · {t('course.sold', { count: c.sold })}</>}
          </p>
          {c.createdAt && <p className="muted">{t('course.published', { date: formatDateTime(c.createdAt, i18n.resolvedLanguage) })}</p>}
          {owned && (
            <div className="owned-course" data-testid="owned" data-kind={chosen ? kindOf(chosen) : 'owned'}>
              <p data-testid="owned-status">
                {t(owned.expiresAt > now ? 'course.owned' : 'course.ownedExpired', { tier: t(`tiers.${owned.tier}`), date: formatDate(owned.expiresAt, lng) })}
                {offers.length === 0 && <> {t(owned.tier === 'diamond' ? 'course.ownedTopTier' : 'course.ownedNoOffer', { days: RENEWAL_WINDOW_DAYS })}</>}
              </p>
              <Link className="btn btn-primary" to={linkTo('/studentpanel')} data-testid="go-to-classroom">
                {t('course.goToClassroom')}
              </Link>
            </div>
          )}
          {offers.length > 0 && (
            <fieldset className="tier-choice" data-testid="tier-choice">
              <legend>{t(owned ? 'course.chooseOffer' : 'course.chooseTier')}</legend>
              {offers.map((k) => {
                const name = tierName(k);
                const price = c[k]!;
                return (
                  <label key={k} className={`tier-option ${chosen === name ? 'selected' : ''}`} data-testid={`choose-${name}`}>
                    <input type="radio" name="tier" value={name} checked={chosen === name} onChange={() => setTier(name)} />
                    <span className="tier-option-name">{owned ? t(`course.${kindOf(name) === 'upgrade' ? 'upgrade' : 'renew'}`, { tier: t(`tiers.${name}`) }) : t(`tiers.${name}`)}</span>
                    <Money poisha={price.price} className="price" />
                    <span className="muted" data-testid={`extends-${name}`}>
                      {owned
                        ? t('course.extends', { days: price.validity, date: formatDate(extendedExpiry(owned.expiresAt, now, price.validity), lng) })
                        : t('course.validity', { days: price.validity })}
                    </span>
                  </label>
                );
              })}
            </fieldset>
          )}
          {owned ? (
            chosen && (
              <div className="actions">
                <button type="button" className="btn btn-outline" onClick={() => void enrol()} disabled={busy !== null} data-testid="extend">
                  {t(`course.${kindOf(chosen) === 'upgrade' ? 'upgrade' : 'renew'}`, { tier: t(`tiers.${chosen}`) })}
                </button>
              </div>
            )
          ) : (
            <div className="actions">
              <button type="button" className="btn btn-primary" onClick={() => void addToCart()} disabled={busy !== null || !chosen} data-testid="add-to-cart">
                {t('course.addToCart')}
              </button>
              {!inWishlist && (
                <button type="button" className="btn btn-outline" onClick={() => void addToWishlist()} disabled={busy !== null} data-testid="add-to-wishlist">
                  {t('course.addToWishlist')}
                </button>
              )}
              <button type="button" className="btn btn-outline" onClick={() => void enrol()} disabled={busy !== null || !chosen} data-testid="enrol">
                {t('course.enrol')}
              </button>
            </div>
          )}
        </div>
        <div className="card">
          {c.banner || c.thumbnail ? <img src={c.banner || c.thumbnail} alt="" /> : null}
          <p>
            <PriceLine price={c.price} oldPrice={c.oldPrice} />
          </p>
        </div>
      </div>

      <CourseLessons courseId={c._id} documents={c.documents} onCompletion={setCompletion} />

      <TierCards course={c} tiers={tiers} />

      <FreeLessons lessons={c.freeLessons ?? []} />

      <section className="section">
        <h2>{t('course.description')}</h2>
        <RichText text={c.desc} />
      </section>
      <PointList title={t('course.topics')} items={c.topic} />
      <PointList title={t('course.requirements')} items={c.requirements} />
      <PointList title={t('course.whoFor')} items={c.whoFor} />

      {ins && <CourseInstructor instructor={ins} />}
      {/* Lessons done count for an owner only: a visitor or a student without the course keeps the
          request, which the server answers 'Purchase the course First!!' (spec §8). */}
      {owned && studentId && (
        <Suspense fallback={null}>
          <TheoryExam courseId={c._id} lessonsDone={completion?.completed ?? 0} />
          <PracticalExam courseId={c._id} lessonsDone={completion?.completed ?? 0} />
        </Suspense>
      )}
      <CertificateRequest courseId={c._id} courseName={c.title} completion={owned ? completion : null} />
      {ins && <MessageInstructor instructorId={ins._id} instructorName={ins.name} courseId={c._id} />}
      <Suspense fallback={null}>
        <CourseReviews courseId={c._id} instructorId={c.instructor} instructorName={ins?.name ?? ''} />
      </Suspense>
    </article>
  );
}
