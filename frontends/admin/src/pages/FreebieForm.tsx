// The freebie form of /addpost and /update-freebies/{id}: the add form requires a title, subtitle,
// category, description and a YouTube link or carousel images; the update form keeps what is left empty.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FREEBIE_CATEGORIES } from '@taal/contracts/web';
import { useTranslation } from '@taal/web-shared/i18n';
import type { Freebie } from '@taal/web-shared/types';
import { useSubmit } from '@taal/web-shared/ui';
import { RichEditor } from '../components/RichEditor';
import { linkTo } from '@taal/web-shared/routes';

export const categoryKey = (c: string) => `freebies.category.${c.replace(/[^A-Za-z]/g, '')}`;

export interface Fields {
  title: string;
  subtitle: string;
  catagory: string;
  description: string;
  youtube: string;
}

export type Files = { thumbnail: File[]; documents: File[]; carouselList: File[] };

/** The multipart body: text fields, then each file under its field name (several documents / carousel images). */
export function formData(fields: Partial<Record<string, string>>, files: Files): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, v);
  for (const [k, list] of Object.entries(files)) for (const f of list as File[]) form.append(k, f, f.name);
  return form;
}
export const asForm = (form: FormData) => ({ body: form as never, bodySerializer: (b: unknown) => b as FormData });

export function FreebieForm({ initial, mode, onSubmit }: { initial?: Freebie; mode: 'add' | 'edit'; onSubmit: (fields: Fields, files: Files, extra: { removeDocuments: boolean }) => Promise<void> }) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<Fields>({
    title: initial?.title ?? '',
    subtitle: initial?.subtitle ?? '',
    catagory: initial?.catagory ?? '',
    description: initial?.description ?? '',
    youtube: initial?.youtube ?? '',
  });
  const [files, setFiles] = useState<Files>({ thumbnail: [], documents: [], carouselList: [] });
  const [removeDocuments, setRemoveDocuments] = useState(false);
  const { busy, refusal: problem, submit, refuse } = useSubmit();
  const set = (k: keyof Fields, v: string) => setFields((f) => ({ ...f, [k]: v }));
  const pick = (k: keyof Files, list: FileList | null) => setFiles((f) => ({ ...f, [k]: list ? Array.from(list) : [] }));

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (mode === 'add') {
      const missing = !fields.title.trim() || !fields.subtitle.trim() || !fields.catagory || !fields.description.trim() || (!fields.youtube.trim() && files.carouselList.length === 0);
      if (missing) {
        refuse(t('refusals:FIELDS_NOT_FILLED'));
        return;
      }
    }
    // The page's onSubmit says the success and moves on.
    await submit(() => onSubmit(fields, files, { removeDocuments }), { failedKey: 'adminFreebies.failed' });
  };

  const optional = mode === 'edit';
  return (
    <form className="card admin-form freebie-form" onSubmit={(e) => void save(e)} noValidate data-testid="freebie-form">
      {problem && (
        <div className="alert-error" role="alert" data-testid="freebie-form-error">
          <p>{problem.text}</p>
          {Object.keys(problem.fields).length > 0 && (
            <ul>
              {Object.entries(problem.fields).map(([k, v]) => (
                <li key={k}>
                  {t(`adminFreebies.fields.${k}`, { defaultValue: k })}: {v}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <label>
        {t('adminFreebies.fields.title')}
        <input value={fields.title} onChange={(e) => set('title', e.target.value)} maxLength={200} placeholder={optional ? t('adminFreebies.keep') : undefined} data-testid="freebie-title" />
      </label>
      <label>
        {t('adminFreebies.fields.subtitle')}
        <input value={fields.subtitle} onChange={(e) => set('subtitle', e.target.value)} maxLength={1000} data-testid="freebie-subtitle" />
      </label>
      <label>
        {t('adminFreebies.fields.catagory')}
        <select value={fields.catagory} onChange={(e) => set('catagory', e.target.value)} data-testid="freebie-category">
          <option value="">{t('adminFreebies.chooseCategory')}</option>
          {FREEBIE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(categoryKey(c))}
            </option>
          ))}
        </select>
      </label>
      <div className="field">
        <span id="freebie-description-label">{t('adminFreebies.fields.description')}</span>
        <RichEditor value={fields.description} onChange={(html) => set('description', html)} label={t('adminFreebies.fields.description')} testId="freebie-description" />
      </div>
      <label>
        {t('adminFreebies.fields.youtube')}
        <input type="url" value={fields.youtube} onChange={(e) => set('youtube', e.target.value)} placeholder="https://www.youtube.com/watch?v=…" data-testid="freebie-youtube" />
      </label>
      <p className="muted">{t('adminFreebies.videoOrImages')}</p>
      <label>
        {t('adminFreebies.fields.carouselList')}
        <input type="file" accept="image/jpeg,image/png,image/gif,image/webp" multiple onChange={(e) => pick('carouselList', e.target.files)} data-testid="freebie-carousel" />
        {optional && initial?.carouselList.length ? <small className="muted">{t('adminFreebies.replaces', { count: initial.carouselList.length })}</small> : null}
      </label>
      <label>
        {t('adminFreebies.fields.thumbnail')}
        <input type="file" accept="image/jpeg,image/png,image/gif,image/webp" onChange={(e) => pick('thumbnail', e.target.files)} data-testid="freebie-thumbnail" />
      </label>
      <label>
        {t('adminFreebies.fields.documents')}
        <input type="file" accept="application/pdf" multiple onChange={(e) => pick('documents', e.target.files)} data-testid="freebie-documents" />
        <small className="muted">{t('adminFreebies.documentsHint')}</small>
      </label>
      {optional && initial && initial.documents.length > 0 && (
        <label className="checkbox">
          <input type="checkbox" checked={removeDocuments} onChange={(e) => setRemoveDocuments(e.target.checked)} data-testid="freebie-remove-documents" />
          {t('adminFreebies.removeDocuments', { names: initial.documents.map((d) => d.name).join(', ') })}
        </label>
      )}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="freebie-save">
          {busy ? t('adminFreebies.saving') : mode === 'add' ? t('adminFreebies.create') : t('adminFreebies.update')}
        </button>
        <Link to={linkTo('/adminfreebies')} className="btn btn-outline">
          {t('adminFreebies.cancel')}
        </Link>
      </div>
    </form>
  );
}
