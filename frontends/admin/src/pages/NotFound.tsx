import { Link } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { linkTo } from '@taal/web-shared/routes';

/** An unknown back-office path, e.g. /admin/nonsense (spec: any unknown route reads '404! Page not found'). */
export default function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="not-found" data-testid="not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link className="btn btn-primary" to={linkTo('/')}>
        {t('notFound.back')}
      </Link>
    </div>
  );
}
