import { Link } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import type { Instructor } from '@taal/web-shared/types';
import { linkTo } from '@taal/web-shared/routes';

export function InstructorCard({ instructor }: { instructor: Instructor }) {
  const { t } = useTranslation();
  return (
    <div className="card instructor-card" data-testid="instructor-card">
      <img src={instructor.photo || undefined} alt={instructor.name} className="avatar" width={96} height={96} loading="lazy" />
      <h2>{instructor.name}</h2>
      {instructor.band && <p className="muted">{instructor.band}</p>}
      <Link className="btn btn-outline btn-sm" to={linkTo('/instructorview/:id', { id: instructor._id })}>
        {t('instructors.view')}
      </Link>
    </div>
  );
}
