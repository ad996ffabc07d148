import { useTranslation } from '@taal/web-shared/i18n';
import { go } from '../nav';
import { linkTo } from '@taal/web-shared/routes';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="not-found" data-testid="not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <a className="btn btn-primary" href={linkTo('/')} onClick={go}>
        {t('notFound.back')}
      </a>
    </div>
  );
}
