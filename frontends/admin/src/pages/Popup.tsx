// /addpopup (back office §2, §3, §5, §8): the landing popup's form (title, body, thumbnail, show
// yes/no), loaded from the current popup record. 'Popup Created Successfully!!!' on save, 'Any of
// the field is not fillup!!!' when title or body is missing. Admin only (decision 0017).
import { useState, type FormEvent } from 'react';
import { LANDING_POPUP_ID } from '@taal/contracts/web';
import { answer, authApi, publicApi } from '@taal/web-shared/api';
import { useTranslation } from '@taal/web-shared/i18n';
import type { Popup } from '@taal/web-shared/types';
import { useAdminGet } from '../components/data';
import { AdminPage } from '../components/States';
import { LoadError, Loading, useSubmit } from '@taal/web-shared/ui';

function PopupForm({ popup, onSaved }: { popup: Popup; onSaved: (p: Popup) => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(popup.title);
  const [body, setBody] = useState(popup.body);
  const [show, setShow] = useState(popup.show);
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const { busy, outcome: message, submit, refuse } = useSubmit();

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim() || !body.trim()) {
      refuse(t('refusals:FIELDS_NOT_FILLED'));
      return;
    }
    const form = new FormData();
    form.append('title', title);
    form.append('body', body);
    form.append('show', show ? 'true' : 'false');
    if (thumbnail) form.append('thumbnail', thumbnail, thumbnail.name);
    const saved = await submit(
      () => answer(authApi.POST('/api/v1/popup/{id}', { params: { path: { id: LANDING_POPUP_ID } }, body: form as never, bodySerializer: (b: unknown) => b as FormData })),
      { done: t('adminPopup.saved'), failedKey: 'adminFreebies.failed' },
    );
    if (!saved) return;
    setThumbnail(null);
    onSaved(saved.answer.data);
  };

  return (
    <form className="card admin-form popup-form" onSubmit={(e) => void save(e)} noValidate data-testid="popup-form">
      {message && (
        <div className={message.kind === 'error' ? 'alert-error' : 'alert-success'} role={message.kind === 'error' ? 'alert' : 'status'} data-testid="popup-message">
          {message.text}
        </div>
      )}
      <label>
        {t('adminPopup.title')}
        <input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} data-testid="popup-title" />
      </label>
      <label>
        {t('adminPopup.body')}
        <textarea value={body} onChange={(e) => setBody(e.target.value)} rows={4} maxLength={2000} data-testid="popup-body" />
      </label>
      <div className="field">
        {popup.thumbnail && <img src={popup.thumbnail} alt={t('adminPopup.current')} className="popup-preview" data-testid="popup-current-thumbnail" />}
        <label>
          {t('adminPopup.thumbnail')}
          <input type="file" accept="image/jpeg,image/png,image/gif,image/webp" onChange={(e) => setThumbnail(e.target.files?.[0] ?? null)} data-testid="popup-thumbnail" />
        </label>
      </div>
      <fieldset className="radio-row">
        <legend>{t('adminPopup.show')}</legend>
        <label>
          <input type="radio" name="show" checked={show} onChange={() => setShow(true)} data-testid="popup-show-yes" /> {t('adminPopup.yes')}
        </label>
        <label>
          <input type="radio" name="show" checked={!show} onChange={() => setShow(false)} data-testid="popup-show-no" /> {t('adminPopup.no')}
        </label>
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="popup-save">
          {busy ? t('adminFreebies.saving') : t('adminPopup.save')}
        </button>
      </div>
    </form>
  );
}

export default function PopupPage() {
  const { t } = useTranslation();
  const current = useAdminGet<Popup>('popup', () => answer(publicApi.GET('/api/v1/popup/find/{id}', { params: { path: { id: LANDING_POPUP_ID } } })));
  return (
    <AdminPage title={t('adminPopup.pageTitle')} testId="admin-popup">
      {current.error ? (
        <LoadError onRetry={current.reload} />
      ) : !current.data ? (
        <Loading />
      ) : (
        <PopupForm key={current.data._id} popup={current.data} onSaved={(p) => current.setData(() => p)} />
      )}
    </AdminPage>
  );
}
