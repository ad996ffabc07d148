import { Link } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import type { Course } from '@taal/web-shared/types';
import { PriceLine } from './Money';

export function categoryKey(category: string): string {
  return `categories.${category.replace(/[^A-Za-z]/g, '')}`;
}

export function CourseCard({ course, instructorName }: { course: Course; instructorName?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={`/courseview?id=${encodeURIComponent(course._id)}`}
      className="card course-card"
      data-testid="course-card"
      data-category={course.catagory}
      data-level={course.courseType}
      data-instructor={course.instructor}
    >
      <div className="thumb">{course.thumbnail ? <img src={course.thumbnail} alt="" loading="lazy" /> : <span>{t(categoryKey(course.catagory))}</span>}</div>
      <div className="body">
        <h2>{course.title}</h2>
        {instructorName && <span className="muted">{instructorName}</span>}
        <div className="pills">
          <span className="pill">{t(categoryKey(course.catagory))}</span>
          <span className="pill">{t(`levels.${course.courseType}`)}</span>
          {course.bundle && <span className="pill">{t('course.bundle')}</span>}
        </div>
        <PriceLine price={course.price} oldPrice={course.oldPrice} />
      </div>
    </Link>
  );
}
