import { useTranslation } from '@taal/web-shared/i18n';
import { AdminPage } from '../components/States';

/** Back-office screens whose services arrive with later work. */
export default function ComingSoon() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.title')} testId="admin-coming-soon">
      <div className="card">
        <p className="muted">{t('common.comingSoon')}</p>
      </div>
    </AdminPage>
  );
}
