import { useTranslation } from '@taal/web-shared/i18n';
import { ContactForm } from '../components/ContactForm';

export const CONTACT = { phone: '+880 1700-000000', email: 'support@taal.com.bd' };

export default function Contact() {
  const { t } = useTranslation();
  return (
    <div data-testid="contact">
      <h1 className="page-title">{t('contact.title')}</h1>
      <div className="grid">
        <div className="card">
          <h2>{t('contact.details')}</h2>
          <p>
            <strong>{t('contact.phone')}:</strong> <a href={`tel:${CONTACT.phone.replace(/[^+\d]/g, '')}`}>{CONTACT.phone}</a>
          </p>
          <p>
            <strong>{t('contact.supportEmail')}:</strong> <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
          </p>
          <p>
            <strong>{t('contact.office')}:</strong> {t('contact.address')}
          </p>
        </div>
        <ContactForm variant="page" />
      </div>
    </div>
  );
}
