import { useTranslation } from '@taal/web-shared/i18n';
import { go } from '../nav';
import { BrandMark } from './icons';
import { Metronome } from './Metronome';
import { linkTo } from '@taal/web-shared/routes';

const L = ({ href, children }: { href: string; children: React.ReactNode }) => (
  <li>
    <a href={href} onClick={go}>
      {children}
    </a>
  </li>
);

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <p className="brand">
            <BrandMark /> Taal
          </p>
          <p className="muted">{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.explore')}>
          <h2 className="footer-heading">{t('footer.explore')}</h2>
          <ul>
            <L href={linkTo('/allcourses')}>{t('nav.courses')}</L>
            <L href={linkTo('/instructorlist')}>{t('nav.instructors')}</L>
            <L href={linkTo('/freebies')}>{t('nav.freebies')}</L>
            <L href={linkTo('/store')}>{t('nav.store')}</L>
            <L href={linkTo('/how-to-guide')}>{t('nav.howTo')}</L>
          </ul>
        </nav>
        <nav aria-label={t('footer.company')}>
          <h2 className="footer-heading">{t('footer.company')}</h2>
          <ul>
            <L href={linkTo('/about')}>{t('nav.about')}</L>
            <L href={linkTo('/contact')}>{t('nav.contact')}</L>
            <L href={linkTo('/terms')}>{t('nav.terms')}</L>
            <L href={linkTo('/privacy')}>{t('nav.privacy')}</L>
          </ul>
        </nav>
        <Metronome />
      </div>
      <div className="container footer-bottom">
        <span>{t('footer.copyright')}</span>
      </div>
    </footer>
  );
}
