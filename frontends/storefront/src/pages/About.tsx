import { useTranslation } from '@taal/web-shared/i18n';

export default function About() {
  const { t } = useTranslation();
  const paragraphs = t('about.paragraphs', { returnObjects: true }) as string[];
  return (
    <article className="prose" data-testid="about">
      <h1 className="page-title">{t('about.title')}</h1>
      {(Array.isArray(paragraphs) ? paragraphs : []).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </article>
  );
}
