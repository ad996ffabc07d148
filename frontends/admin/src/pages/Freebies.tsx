// /adminfreebies, /addpost and /update-freebies/{id} (back office §2, §5, §7, §8, §9): the list
// newest first (subtitle cut to its first 100 characters) with edit and delete; the add form
// (a YouTube link or carousel images required, documents optional: 'Any of the field is not
// fillup!!!'); the update form with every field optional. A successful save goes back to the list.
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { FREEBIE_SUBTITLE_PREVIEW } from '@taal/contracts/web';
import { answer, ApiError, authApi, publicApi } from '@taal/web-shared/api';
import { useTranslation } from '@taal/web-shared/i18n';
import { toast } from '@taal/web-shared/toast';
import type { Freebie } from '@taal/web-shared/types';
import { useAdminGet } from '../components/data';
import { useConfirm } from '../components/Modal';
import { AdminPage } from '../components/States';
import { AsyncView, Empty, LoadError, Loading } from '@taal/web-shared/ui';
import { asForm, categoryKey, formData, FreebieForm } from './FreebieForm';
import { linkTo } from '@taal/web-shared/routes';

export const cutSubtitle = (s: string) => (s.length > FREEBIE_SUBTITLE_PREVIEW ? `${s.slice(0, FREEBIE_SUBTITLE_PREVIEW)}…` : s);

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
        <Link className="btn btn-outline btn-sm" to={linkTo('/update-freebies/:id', { id: freebie._id })} data-testid="admin-freebie-edit">
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
        <Link className="btn btn-primary btn-sm" to={linkTo('/addpost')} data-testid="new-freebie">
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
          navigate(linkTo('/adminfreebies'));
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
            navigate(linkTo('/adminfreebies'));
          }}
        />
      )}
    </AdminPage>
  );
}
