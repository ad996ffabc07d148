// The tuner among the classroom's practice tools (issue 54 item 1): a closed box until opened, so
// neither the tuner nor its listener comes with the course view.
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@taal/web-shared/i18n';

const Tuner = lazy(() => import(/* webpackChunkName: "tuner" */ './Tuner'));

/** `practiceCourse`: a student's course, whose practice log the tuner's heard time goes to. */
export function TunerPanel({ practiceCourse }: { practiceCourse?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="practice-box practice-tuner" data-testid="classroom-tuner">
      <div className="practice-row tuner-head">
        <h3>{t('tuner.title')}</h3>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen((o) => !o)} aria-expanded={open} data-testid="classroom-tuner-open">
          {open ? t('tuner.close') : t('tuner.open')}
        </button>
      </div>
      {open && (
        <Suspense fallback={<p className="muted">{t('common.loading')}</p>}>
          <Tuner place="classroom" practiceCourse={practiceCourse} />
        </Suspense>
      )}
    </div>
  );
}
