// The practical exam of one course (issue 53 item 2, decision 0079): on or off, and the brief (the
// task students perform and record) in en, bn or both, like the theory exam's language. Shown under
// the theory exam editor: the instructor's panel (Exams tab) and the back office (admin, content).
import { useEffect, useState, type FormEvent } from 'react';
import { answer, authApi } from '@taal/web-shared/api';
import { translateApiError } from '@taal/web-shared/errors';
import { useTranslation } from '@taal/web-shared/i18n';
import { toast } from '@taal/web-shared/toast';
import { Loading } from '@taal/web-shared/ui';
import type { Language } from './exam-question';

type Brief = { language: Language; briefEn: string; briefBn: string; enabled: boolean };

export default function PracticalBriefEditor({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  const [brief, setBrief] = useState<Brief | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    setBrief(null);
    answer(authApi.GET('/api/v1/courses/{courseId}/practical', { params: { path: { courseId } } }))
      .then(({ data }) => live && setBrief(data ? { language: data.language, briefEn: data.briefEn, briefBn: data.briefBn, enabled: data.enabled } : { language: 'both', briefEn: '', briefBn: '', enabled: false }))
      .catch((err: unknown) => live && toast(translateApiError(t, err, 'practical.loadFailed'), 'error'));
    return () => {
      live = false;
    };
  }, [courseId, t]);
  if (!brief) return <Loading />;
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const { data } = await answer(authApi.PUT('/api/v1/courses/{courseId}/practical', { params: { path: { courseId } }, body: brief }));
      setBrief({ language: data.language, briefEn: data.briefEn, briefBn: data.briefBn, enabled: data.enabled });
      toast(t('practical.editor.saved'), 'success');
    } catch (err) {
      toast(translateApiError(t, err, 'practical.editor.saveFailed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void save(e)} className="exam-editor practical-editor" data-testid="practical-editor">
      <h3>{t('practical.editor.title')}</h3>
      <p className="muted">{t('practical.editor.intro')}</p>
      <label className="exam-edit-inline">
        <input type="checkbox" checked={brief.enabled} onChange={(e) => setBrief({ ...brief, enabled: e.target.checked })} data-testid="practical-edit-enabled" /> {t('practical.editor.enabled')}
      </label>
      <label>
        {t('practical.editor.language')}{' '}
        <select value={brief.language} onChange={(e) => setBrief({ ...brief, language: e.target.value as Language })} data-testid="practical-edit-language">
          {(['en', 'bn', 'both'] as const).map((l) => (
            <option key={l} value={l}>
              {t(`exam.language_${l}`)}
            </option>
          ))}
        </select>
      </label>
      {brief.language !== 'bn' && (
        <label>
          {t('practical.editor.briefEn')}
          <textarea rows={4} maxLength={4000} lang="en" value={brief.briefEn} onChange={(e) => setBrief({ ...brief, briefEn: e.target.value })} data-testid="practical-edit-brief-en" />
        </label>
      )}
      {brief.language !== 'en' && (
        <label>
          {t('practical.editor.briefBn')}
          <textarea rows={4} maxLength={4000} lang="bn" value={brief.briefBn} onChange={(e) => setBrief({ ...brief, briefBn: e.target.value })} data-testid="practical-edit-brief-bn" />
        </label>
      )}
      <p className="exam-edit-actions">
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="practical-edit-save">
          {t('practical.editor.save')}
        </button>
      </p>
    </form>
  );
}
