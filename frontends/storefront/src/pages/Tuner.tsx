// /tuner (issue 54 item 1): the free tuner, linked from the header.
import { useTranslation } from '@taal/web-shared/i18n';
import Tuner from '../components/tuner/Tuner';

export default function TunerPage() {
  const { t } = useTranslation();
  return (
    <section className="tuner-page" data-testid="tuner-page">
      <h1 className="page-title">{t('tuner.title')}</h1>
      <p className="muted">{t('tuner.intro')}</p>
      <Tuner place="page" />
    </section>
  );
}
