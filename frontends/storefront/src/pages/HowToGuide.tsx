import { Link } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import { linkTo } from '@taal/web-shared/routes';

export default function HowToGuide() {
  const { t } = useTranslation();
  const steps = t('howTo.steps', { returnObjects: true }) as { title: string; text: string }[];
  return (
    <article className="prose" data-testid="how-to-guide">
      <h1 className="page-title">{t('howTo.title')}</h1>
      <ol className="steps">
        {(Array.isArray(steps) ? steps : []).map((s) => (
          <li key={s.title}>
            <h2>{s.title}</h2>
            <p>{s.text}</p>
          </li>
        ))}
      </ol>
      <Link to={linkTo('/contact')}>{t('howTo.contact')}</Link>
    </article>
  );
}
