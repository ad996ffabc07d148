import { Link } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { linkTo } from '@taal/web-shared/routes';

/** Screens linked from the header whose features arrive with later work. */
export default function ComingSoon({ page }: { page: string }) {
  const { t } = useTranslation();
  return (
    <div className="card" data-testid="coming-soon">
      <h1>{t(`placeholders.${page}`)}</h1>
      <p>{t('common.comingSoon')}</p>
      <Link to={linkTo('/allcourses')}>{t('landing.seeAllCourses')}</Link>
    </div>
  );
}
