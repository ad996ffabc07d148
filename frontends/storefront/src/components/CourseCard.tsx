import { Link } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import type { Course } from '@taal/web-shared/types';
import { formatNumber } from '@taal/web-shared/format';
import { PriceLine } from './PriceLine';
import { linkTo } from '@taal/web-shared/routes';

/** A course's average of its shown reviews and their count (decision 0048): "★ 4.3 (12)"; nothing with none. */
export function Rating({ rating, count }: { rating: number; count: number }) {
  const { t } = useTranslation();
  const average = formatNumber(rating, undefined, { minimumFractionDigits: 1 });
  const n = formatNumber(count);
  return count ? (
    <span className="rating" role="img" aria-label={t('reviews.summary', { average, count, countText: n })} data-testid="course-rating" data-rating={rating} data-count={count}>
      ★ {average} ({n})
    </span>
  ) : null;
}

export function categoryKey(category: string): string {
  return `categories.${category.replace(/[^A-Za-z]/g, '')}`;
}

export function CourseCard({ course, instructorName }: { course: Course; instructorName?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={linkTo('/courseview', { id: course._id })}
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
        <Rating rating={course.rating} count={course.ratingCount} />
        <PriceLine price={course.price} oldPrice={course.oldPrice} />
      </div>
    </Link>
  );
}
