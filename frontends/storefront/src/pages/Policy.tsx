import { useTranslation } from '@taal/web-shared/i18n';

/** Terms and Privacy: static, translated sections, with a back-to-top button. */
export default function Policy({ kind }: { kind: 'terms' | 'privacy' }) {
  const { t } = useTranslation();
  const sections = t(`${kind}.sections`, { returnObjects: true }) as { title: string; body: string[] }[];
  return (
    <article className="prose" data-testid={`policy-${kind}`}>
      <h1 className="page-title">{t(`${kind}.title`)}</h1>
      <p className="muted">{t(`${kind}.intro`)}</p>
      {(Array.isArray(sections) ? sections : []).map((s) => (
        <section key={s.title}>
          <h2>{s.title}</h2>
          {(Array.isArray(s.body) ? s.body : [s.body]).map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </section>
      ))}
      <button type="button" className="btn btn-outline" onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
        ↑ {t('common.backToTop')}
      </button>
    </article>
  );
}
