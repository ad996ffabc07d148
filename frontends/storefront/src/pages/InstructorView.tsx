import { Link, useParams } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { api } from '@taal/web-shared/api';
import { formatDateTime } from '@taal/web-shared/format';
import { RichText } from '../components/RichText';
import type { Course, Instructor } from '@taal/web-shared/types';
import { useAsync } from '@taal/web-shared/useAsync';
import { CourseCard } from '../components/CourseCard';
import { Loading } from '@taal/web-shared/ui';
import { linkTo } from '@taal/web-shared/routes';

export default function InstructorView() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const instructor = useAsync<Instructor | null>(() => api.instructor(id).catch(() => null), [id]);
  // This instructor's published courses, from the server's filter (decision 0078), not the whole catalogue.
  const courses = useAsync<Course[]>(() => api.instructorCourses(id).catch(() => []), [id]);
  const ins = instructor.data;
  const back = (
    <Link to={linkTo('/instructorlist')} data-testid="back-to-instructors">
      ← {t('instructors.back')}
    </Link>
  );
  if (instructor.loading && !ins) return <Loading />;
  if (!ins)
    return (
      <div className="card">
        <h1>{t('instructors.notFound')}</h1>
        {back}
      </div>
    );
  const own = (courses.data ?? []).filter((c) => c.instructor === ins._id || ins.course?.includes(c._id));
  const bundles = own.filter((c) => c.bundle);
  const singles = own.filter((c) => !c.bundle);
  const section = (title: string, list: Course[], testId: string) => (
    <section className="section" data-testid={testId}>
      <h2>{title}</h2>
      {list.length ? (
        <div className="grid">
          {list.map((c) => (
            <CourseCard key={c._id} course={c} instructorName={ins.name} />
          ))}
        </div>
      ) : (
        <p className="muted">{t('instructors.noCourses')}</p>
      )}
    </section>
  );
  return (
    <div data-testid="instructor-view">
      {back}
      <div className="profile section">
        <img src={ins.photo || undefined} alt={ins.name} className="avatar" />
        <div>
          <h1>{ins.name}</h1>
          {ins.band && (
            <p>
              <strong>{t('instructors.band')}:</strong> {ins.band}
            </p>
          )}
          <p className="muted">{t('instructors.joined', { date: formatDateTime(ins.createdAt, i18n.resolvedLanguage) })}</p>
          <RichText text={ins.bio} />
        </div>
      </div>
      {section(t('instructors.bundleCourses'), bundles, 'bundle-courses')}
      {section(t('instructors.singleCourses'), singles, 'single-courses')}
    </div>
  );
}
