// One question of the exam editor (issue 53, decision 0072): its answer type, its text in the
// exam's language(s), a picture or an audio clip (uploaded at once, checked by the server), and
// 2 to 8 options with the right one(s) marked.
import { useState } from 'react';
import { answer, authApi, multipart, type ApiPaths } from '@taal/web-shared/api';
import { translateApiError } from '@taal/web-shared/errors';
import { formatNumber } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { toast } from '@taal/web-shared/toast';

export type Draft = ApiPaths['/api/v1/courses/{courseId}/exam']['put']['requestBody']['content']['application/json'];
export type DraftQuestion = Draft['questions'][number];
export type Language = Draft['language'];

export const newOption = () => ({ textEn: '', textBn: '', correct: false });
export const newQuestion = (): DraftQuestion => ({ kind: 'single', textEn: '', textBn: '', imageUrl: '', audioUrl: '', options: [newOption(), newOption()] });

export function QuestionFields({ courseId, index, q, language, onChange, onRemove }: { courseId: string; index: number; q: DraftQuestion; language: Language; onChange: (q: DraftQuestion) => void; onRemove: () => void }) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState<'image' | 'audio' | null>(null);
  const en = language !== 'bn';
  const bn = language !== 'en';
  const n = formatNumber(index + 1);
  const upload = async (kind: 'image' | 'audio', file: File | undefined) => {
    if (!file) return;
    setUploading(kind);
    try {
      const { data } = await answer(authApi.POST('/api/v1/courses/{courseId}/exam/media', { params: { path: { courseId } }, ...multipart({ [kind]: file }) }));
      onChange({ ...q, [kind === 'image' ? 'imageUrl' : 'audioUrl']: data.url });
      toast(t('exam.editor.uploaded'), 'success');
    } catch (err) {
      toast(translateApiError(t, err, 'exam.editor.uploadFailed'), 'error');
    } finally {
      setUploading(null);
    }
  };
  const setOption = (j: number, patch: Partial<DraftQuestion['options'][number]>) =>
    onChange({
      ...q,
      options: q.options.map((o, k) => (k === j ? { ...o, ...patch } : patch.correct && q.kind === 'single' ? { ...o, correct: false } : o)),
    });
  return (
    <fieldset className="exam-edit-question" data-testid="exam-edit-question">
      <legend>
        <strong>{t('exam.question', { number: n })}</strong>
      </legend>
      <label>
        {t('exam.editor.kind')}{' '}
        <select value={q.kind} onChange={(e) => onChange({ ...q, kind: e.target.value as DraftQuestion['kind'], options: q.options.map((o) => ({ ...o, correct: false })) })} data-testid="exam-edit-kind">
          <option value="single">{t('exam.editor.kind_single')}</option>
          <option value="multiple">{t('exam.editor.kind_multiple')}</option>
        </select>
      </label>
      {en && (
        <label>
          {t('exam.editor.textEn')}
          <textarea rows={2} maxLength={1000} value={q.textEn} onChange={(e) => onChange({ ...q, textEn: e.target.value })} data-testid="exam-edit-text-en" />
        </label>
      )}
      {bn && (
        <label>
          {t('exam.editor.textBn')}
          <textarea rows={2} maxLength={1000} lang="bn" value={q.textBn} onChange={(e) => onChange({ ...q, textBn: e.target.value })} data-testid="exam-edit-text-bn" />
        </label>
      )}
      <div className="exam-edit-media">
        {(['image', 'audio'] as const).map((kind) => {
          const url = kind === 'image' ? q.imageUrl : q.audioUrl;
          return (
            <div key={kind}>
              <label>
                {t(`exam.editor.${kind}`)}{' '}
                <input type="file" accept={kind === 'image' ? 'image/*' : 'audio/*'} disabled={!!uploading} onChange={(e) => void upload(kind, e.target.files?.[0])} data-testid={`exam-edit-${kind}`} />
              </label>
              {uploading === kind && <span className="muted">{t('exam.editor.uploading')}</span>}
              {url && (
                <span className="exam-edit-media-preview" data-testid={`exam-edit-${kind}-done`}>
                  {kind === 'image' ? <img src={url} alt={t('exam.picture', { number: n })} /> : <audio controls preload="none" src={url} />}
                  <button type="button" className="btn btn-outline" onClick={() => onChange({ ...q, [kind === 'image' ? 'imageUrl' : 'audioUrl']: '' })}>
                    {t('exam.editor.removeMedia')}
                  </button>
                </span>
              )}
            </div>
          );
        })}
      </div>
      {q.options.map((o, j) => (
        <div key={j} className="exam-edit-option" data-testid="exam-edit-option">
          <label className="exam-edit-correct">
            <input type={q.kind === 'single' ? 'radio' : 'checkbox'} name={`correct-${index}`} checked={o.correct} onChange={(e) => setOption(j, { correct: e.target.checked })} data-testid={`exam-edit-correct-${j}`} />{' '}
            {t('exam.editor.correct')}
          </label>
          {en && <input aria-label={t('exam.editor.optionEn', { number: formatNumber(j + 1) })} placeholder={t('exam.editor.optionEn', { number: formatNumber(j + 1) })} maxLength={300} value={o.textEn} onChange={(e) => setOption(j, { textEn: e.target.value })} data-testid={`exam-edit-option-en-${j}`} />}
          {bn && <input lang="bn" aria-label={t('exam.editor.optionBn', { number: formatNumber(j + 1) })} placeholder={t('exam.editor.optionBn', { number: formatNumber(j + 1) })} maxLength={300} value={o.textBn} onChange={(e) => setOption(j, { textBn: e.target.value })} data-testid={`exam-edit-option-bn-${j}`} />}
          {q.options.length > 2 && (
            <button type="button" className="btn btn-outline" onClick={() => onChange({ ...q, options: q.options.filter((_, k) => k !== j) })}>
              {t('exam.editor.removeOption')}
            </button>
          )}
        </div>
      ))}
      <p className="exam-edit-actions">
        {q.options.length < 8 && (
          <button type="button" className="btn btn-outline" onClick={() => onChange({ ...q, options: [...q.options, newOption()] })} data-testid="exam-edit-add-option">
            {t('exam.editor.addOption')}
          </button>
        )}{' '}
        <button type="button" className="btn btn-outline" onClick={onRemove} data-testid="exam-edit-remove-question">
          {t('exam.editor.removeQuestion')}
        </button>
      </p>
    </fieldset>
  );
}
