// /adminfreebies, /addpost and /update-freebies/{id} (back office §2, §5, §7, §8, §9): the list
// newest first (subtitle cut to its first 100 characters) with edit and delete; the add form
// (a YouTube link or carousel images required, documents optional: 'Any of the field is not
// fillup!!!'); the update form with every field optional. A successful save goes back to the list.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { FREEBIE_CATEGORIES, FREEBIE_SUBTITLE_PREVIEW } from '@taal/contracts/web';
import { answer, ApiError, authApi, publicApi } from '@taal/web-shared/api';
import { useTranslation } from '@taal/web-shared/i18n';
import { toast } from '@taal/web-shared/toast';
import type { Freebie } from '@taal/web-shared/types';
import { useAdminGet } from '../components/data';
import { formRefusal, type FormRefusal } from '../components/form-refusal';
import { RichEditor } from '../components/RichEditor';
import { useConfirm } from '../components/Modal';
import { AdminPage } from '../components/States';
import { AsyncView, Empty, LoadError, Loading } from '@taal/web-shared/ui';

export const cutSubtitle = (s: string) => (s.length > FREEBIE_SUBTITLE_PREVIEW ? `${s.slice(0, FREEBIE_SUBTITLE_PREVIEW)}…` : s);
const categoryKey = (c: string) => `freebies.category.${c.replace(/[^A-Za-z]/g, '')}`;

function FreebieRow({ freebie, onDeleted, confirm }: { freebie: Freebie; onDeleted: (id: string) => void; confirm: (text: string) => Promise<boolean> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    if (!(await confirm(t('adminFreebies.confirmDelete', { title: freebie.title })))) return;
    setBusy(true);
    try {
      await answer(authApi.DELETE('/api/v1/freebies/{id}', { params: { path: { id: freebie._id } } }));
      toast(t('adminFreebies.deleted'), 'success');
      onDeleted(freebie._id);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) onDeleted(freebie._id);
      else toast(t('adminFreebies.failed'), 'error');
      setBusy(false);
    }
  };
  const picture = freebie.thumbnail || freebie.carouselList[0];
  return (
    <article className="card freebie-admin-card" data-testid="admin-freebie" data-id={freebie._id}>
      <div className="freebie-admin-thumb">{picture ? <img src={picture} alt="" loading="lazy" /> : <span>{t(categoryKey(freebie.catagory))}</span>}</div>
      <div className="freebie-admin-body">
        <h3>{freebie.title}</h3>
        <p className="muted" data-testid="admin-freebie-subtitle">
          {cutSubtitle(freebie.subtitle)}
        </p>
        <p className="pills">
          <span className="pill">{t(categoryKey(freebie.catagory))}</span>
          {freebie.youtube && <span className="pill">{t('freebies.video')}</span>}
          {freebie.documents.length > 0 && <span className="pill">{t('freebies.document')}</span>}
        </p>
      </div>
      <div className="user-card-actions">
        <Link className="btn btn-outline btn-sm" to={`/update-freebies/${freebie._id}`} data-testid="admin-freebie-edit">
          {t('adminFreebies.edit')}
        </Link>
        <button type="button" className="btn btn-danger btn-sm" disabled={busy} onClick={() => void remove()} data-testid="admin-freebie-delete">
          {t('adminFreebies.delete')}
        </button>
      </div>
    </article>
  );
}

export function FreebieList() {
  const { t } = useTranslation();
  const list = useAdminGet<Freebie[]>('freebies', () => answer(publicApi.GET('/api/v1/freebies/')));
  const confirm = useConfirm();
  return (
    <AdminPage
      title={t('adminFreebies.listTitle')}
      testId="admin-freebies"
      actions={
        <Link className="btn btn-primary btn-sm" to="/addpost" data-testid="new-freebie">
          {t('adminFreebies.addTitle')}
        </Link>
      }
    >
      <AsyncView state={list} empty={<Empty />}>
        {(data) => (
          <div className="freebie-admin-list">
            {data.map((f) => (
              <FreebieRow key={f._id} freebie={f} confirm={confirm.ask} onDeleted={(id) => list.setData((d) => d?.filter((x) => x._id !== id))} />
            ))}
          </div>
        )}
      </AsyncView>
      {confirm.dialog}
    </AdminPage>
  );
}

interface Fields {
  title: string;
  subtitle: string;
  catagory: string;
  description: string;
  youtube: string;
}

type Files = { thumbnail: File[]; documents: File[]; carouselList: File[] };

/** The multipart body: text fields, then each file under its field name (several documents / carousel images). */
function formData(fields: Partial<Record<string, string>>, files: Files): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, v);
  for (const [k, list] of Object.entries(files)) for (const f of list as File[]) form.append(k, f, f.name);
  return form;
}
const asForm = (form: FormData) => ({ body: form as never, bodySerializer: (b: unknown) => b as FormData });

function FreebieForm({ initial, mode, onSubmit }: { initial?: Freebie; mode: 'add' | 'edit'; onSubmit: (fields: Fields, files: Files, extra: { removeDocuments: boolean }) => Promise<void> }) {
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
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<FormRefusal | null>(null);
  const set = (k: keyof Fields, v: string) => setFields((f) => ({ ...f, [k]: v }));
  const pick = (k: keyof Files, list: FileList | null) => setFiles((f) => ({ ...f, [k]: list ? Array.from(list) : [] }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    if (mode === 'add') {
      const missing = !fields.title.trim() || !fields.subtitle.trim() || !fields.catagory || !fields.description.trim() || (!fields.youtube.trim() && files.carouselList.length === 0);
      if (missing) {
        setProblem({ text: t('refusals:FIELDS_NOT_FILLED'), fields: {} });
        toast(t('refusals:FIELDS_NOT_FILLED'), 'error');
        return;
      }
    }
    setBusy(true);
    try {
      await onSubmit(fields, files, { removeDocuments });
    } catch (err) {
      const refused = formRefusal(t, err, 'adminFreebies.failed');
      setProblem(refused);
      toast(refused.text, 'error');
      setBusy(false);
    }
  };

  const optional = mode === 'edit';
  return (
    <form className="card admin-form freebie-form" onSubmit={(e) => void submit(e)} noValidate data-testid="freebie-form">
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
        <Link to="/adminfreebies" className="btn btn-outline">
          {t('adminFreebies.cancel')}
        </Link>
      </div>
    </form>
  );
}

export function AddFreebie() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AdminPage title={t('adminFreebies.addTitle')} testId="admin-add-freebie">
      <FreebieForm
        mode="add"
        onSubmit={async (fields, files) => {
          await answer(authApi.POST('/api/v1/freebies/add/', asForm(formData({ ...fields }, files))));
          toast(t('adminFreebies.created'), 'success');
          navigate('/adminfreebies');
        }}
      />
    </AdminPage>
  );
}

export function UpdateFreebie() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const item = useAdminGet<Freebie>(`freebies/${id}`, () => answer(publicApi.GET('/api/v1/freebies/{id}', { params: { path: { id } } })));
  return (
    <AdminPage title={t('adminFreebies.updateTitle')} testId="admin-update-freebie">
      {item.error ? (
        item.error instanceof ApiError && item.error.status === 404 ? <Empty /> : <LoadError onRetry={item.reload} />
      ) : !item.data ? (
        <Loading />
      ) : (
        <FreebieForm
          key={item.data._id}
          mode="edit"
          initial={item.data}
          onSubmit={async (fields, files, extra) => {
            const before = item.data!;
            // Only what changed is sent: every field is optional.
            const changed: Partial<Record<string, string>> = {};
            for (const k of ['title', 'subtitle', 'catagory', 'description', 'youtube'] as const) {
              if (fields[k].trim() && fields[k] !== before[k]) changed[k] = fields[k];
            }
            if (!fields.youtube.trim() && before.youtube) changed.removeYoutube = 'true';
            if (extra.removeDocuments && files.documents.length === 0) changed.removeDocuments = 'true';
            await answer(authApi.PUT('/api/v1/freebies/edit/{id}', { params: { path: { id } }, ...asForm(formData(changed, files)) }));
            toast(t('adminFreebies.updated'), 'success');
            navigate('/adminfreebies');
          }}
        />
      )}
    </AdminPage>
  );
}
