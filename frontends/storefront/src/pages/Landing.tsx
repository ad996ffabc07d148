import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { api } from '@taal/web-shared/api';
import { formatNumber } from '@taal/web-shared/format';
import { getSession } from '@taal/web-shared/session';
import type { Course, Instructor, UpcomingCourse } from '@taal/web-shared/types';
import { useAsync } from '@taal/web-shared/useAsync';
import { Carousel } from '../components/Carousel';
import { CourseCard } from '../components/CourseCard';
import { ContactForm } from '../components/ContactForm';
import { InstructorCard } from '../components/InstructorCard';
import { LandingPopup } from '../components/LandingPopup';
import { TeachIcon } from '../components/TeachIcon';
import { linkTo } from '@taal/web-shared/routes';
import { instructorNames } from '../components/instructor-names';

export const MAX_FEATURED_INSTRUCTORS = 10;
const SLIDE_MS = 6000;

function Hero() {
  const { t } = useTranslation();
  const slides = t('landing.hero', { returnObjects: true }) as { title: string; text: string }[];
  const [index, setIndex] = useState(0);
  const count = Array.isArray(slides) ? slides.length : 0;
  useEffect(() => {
    if (count < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), SLIDE_MS);
    return () => window.clearInterval(timer);
  }, [count]);
  const slide = Array.isArray(slides) ? slides[index % Math.max(1, count)] : undefined;
  const loggedIn = getSession().loggedIn;
  return (
    <section className="hero" aria-roledescription="carousel" data-testid="hero">
      <div>
        <h1>{slide?.title}</h1>
        <p>{slide?.text}</p>
        <Link className="btn btn-primary" to={loggedIn ? linkTo('/allcourses') : linkTo('/login')}>
          {loggedIn ? t('landing.browse') : t('landing.getStarted')}
        </Link>
      </div>
      <div className="hero-dots">
        {Array.from({ length: count }, (_, i) => (
          <button key={i} type="button" aria-label={t('landing.slide', { n: i + 1 })} aria-current={i === index} onClick={() => setIndex(i)} />
        ))}
      </div>
    </section>
  );
}

export default function Landing() {
  const { t } = useTranslation();
  // The featured courses and their instructors' names (each read by id: a few, never every instructor; decision 0087).
  const featured = useAsync<{ courses: Course[]; names: Record<string, string> }>(async () => {
    const courses = await api.featuredCourses().catch(() => []);
    return { courses, names: await instructorNames(courses.map((c) => c.instructor)) };
  }, []);
  // The counters from the server (decision 0078): the landing never reads the whole catalogue.
  const figures = useAsync<{ courses: number; sold: number; instructors: number } | null>(() => api.courseFigures().catch(() => null), []);
  const instructors = useAsync<Instructor[]>(() => api.featuredInstructors().catch(() => []), []);
  const upcoming = useAsync<UpcomingCourse[]>(() => api.upcomingCourses().catch(() => []), []);
  const names = featured.data?.names ?? {};
  const teach = t('landing.teach', { returnObjects: true }) as { icon: string; title: string; text: string }[];
  const testimonials = t('landing.testimonials', { returnObjects: true }) as { quote: string; name: string }[];
  const faq = t('landing.faq', { returnObjects: true }) as { q: string; a: string }[];
  const soon = t('landing.comingSoonList', { returnObjects: true }) as string[];
  const arr = <T,>(x: T[] | unknown): T[] => (Array.isArray(x) ? x : []);

  return (
    <div className="landing">
      <LandingPopup />
      <Hero />

      <section className="section" data-testid="featured-courses">
        <div className="section-head">
          <h2>{t('landing.featuredCourses')}</h2>
          <Link to={linkTo('/allcourses')}>{t('landing.seeAllCourses')}</Link>
        </div>
        {featured.data?.courses.length ? (
          <Carousel label={t('landing.featuredCourses')} testId="featured-carousel" items={featured.data.courses.map((c) => <CourseCard key={c._id} course={c} instructorName={names[c.instructor]} />)} />
        ) : (
          <p className="muted">{featured.loading ? t('common.loading') : t('courses.none')}</p>
        )}
      </section>

      <section className="section">
        <h2>{t('landing.whatWeTeach')}</h2>
        <div className="teach-grid">
          {arr<{ icon: string; title: string; text: string }>(teach).map((x) => (
            <div key={x.title} className="card">
              <div className="teach-icon-box" aria-hidden="true">
                <TeachIcon name={x.icon} />
              </div>
              <h3>{x.title}</h3>
              <p className="muted">{x.text}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="section" data-testid="featured-instructors">
        <div className="section-head">
          <h2>{t('landing.featuredInstructors')}</h2>
          <Link to={linkTo('/instructorlist')}>{t('landing.seeAllInstructors')}</Link>
        </div>
        <div className="grid">
          {(instructors.data ?? []).slice(0, MAX_FEATURED_INSTRUCTORS).map((i) => (
            <InstructorCard key={i._id} instructor={i} />
          ))}
        </div>
      </section>

      <section className="section">
        <h2>{t('landing.testimonialsTitle')}</h2>
        <div className="grid">
          {arr<{ quote: string; name: string }>(testimonials).map((x) => (
            <blockquote key={x.name} className="card">
              <p>“{x.quote}”</p>
              <footer className="muted">— {x.name}</footer>
            </blockquote>
          ))}
        </div>
      </section>

      <section className="section" data-testid="upcoming-courses">
        <h2>{t('landing.upcoming')}</h2>
        {upcoming.data?.length ? (
          <div className="grid">
            {upcoming.data.map((u) => (
              <div key={u._id} className="card course-card">
                <div className="thumb">{u.photo ? <img src={u.photo} alt="" loading="lazy" /> : <span>{t('landing.soon')}</span>}</div>
                <div className="body">
                  <h3>{u.name}</h3>
                </div>
              </div>
            ))}
          </div>
        ) : (
          <p className="muted">{upcoming.loading ? t('common.loading') : t('landing.noUpcoming')}</p>
        )}
      </section>

      <section className="section counters" data-testid="counters">
        <div className="card">
          <strong>{formatNumber(figures.data?.courses ?? 0)}</strong>
          {t('landing.counters.courses')}
        </div>
        <div className="card">
          <strong>{formatNumber(figures.data?.instructors ?? 0)}</strong>
          {t('landing.counters.instructors')}
        </div>
        <div className="card">
          <strong>{formatNumber(5)}</strong>
          {t('landing.counters.categories')}
        </div>
        <div className="card">
          <strong>{formatNumber(figures.data?.sold ?? 0)}</strong>
          {t('landing.counters.enrolments')}
        </div>
      </section>

      <section className="section">
        <h2>{t('landing.comingSoon')}</h2>
        <div className="pills">
          {arr<string>(soon).map((s) => (
            <span key={s} className="pill">
              {s}
            </span>
          ))}
        </div>
      </section>

      <section className="section">
        <h2>{t('landing.faqTitle')}</h2>
        {arr<{ q: string; a: string }>(faq).map((x) => (
          <details key={x.q}>
            <summary>{x.q}</summary>
            <p>{x.a}</p>
          </details>
        ))}
      </section>

      <section className="section">
        <div className="section-head">
          <h2>{t('landing.contactTitle')}</h2>
          <Link to={linkTo('/contact')}>{t('landing.contactLink')}</Link>
        </div>
        <ContactForm variant="landing" />
      </section>
    </div>
  );
}
