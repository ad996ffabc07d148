import { Link } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import type { TierPriceField } from '@taal/contracts/web';
import type { Course, Instructor } from '@taal/web-shared/types';
import { PriceLine } from '../PriceLine';
import { RichText } from '../RichText';
import { tierName } from './tiers';
import { linkTo } from '@taal/web-shared/routes';

/** A titled list of the course's points (topics, requirements, who it is for); nothing when empty. */
export function PointList({ title, items }: { title: string; items?: string[] }) {
  if (!items?.length) return null;
  return (
    <section className="section">
      <h2>{title}</h2>
      <ul>
        {items.map((x, i) => (
          <li key={i}>{x}</li>
        ))}
      </ul>
    </section>
  );
}

/** Every tier the course sells, with its price and how long it lasts. */
export function TierCards({ course: c, tiers }: { course: Course; tiers: TierPriceField[] }) {
  const { t } = useTranslation();
  return (
    <section className="section" data-testid="tiers">
      <h2>{t('course.tiers')}</h2>
      {tiers.length === 0 ? (
        <p className="muted">{t('course.noTiers')}</p>
      ) : (
        <div className="tiers">
          {tiers.map((k) => {
            const tier = c[k]!;
            return (
              <div key={k} className="card tier" data-testid={`tier-${tierName(k)}`}>
                <h3>{t(`tiers.${tierName(k)}`)}</h3>
                <PriceLine price={tier.price} oldPrice={tier.oldPrice} />
                <p className="muted">{t('course.validity', { days: tier.validity })}</p>
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}

/** The course's instructor: photo, band, bio and a link to their page. */
export function CourseInstructor({ instructor: ins }: { instructor: Instructor }) {
  const { t } = useTranslation();
  return (
    <section className="section card profile" data-testid="course-instructor">
      <img src={ins.photo || undefined} alt={ins.name} className="avatar" />
      <div>
        <h2>{t('course.instructor')}</h2>
        <h3>{ins.name}</h3>
        {ins.band && <p className="muted">{ins.band}</p>}
        <RichText text={ins.bio} />
        <Link to={linkTo('/instructorview/:id', { id: ins._id })}>{t('instructors.view')}</Link>
      </div>
    </section>
  );
}
