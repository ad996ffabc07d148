// /adminstorecategories (admin-back-office.md "Store"; issue 11): a table paged 4 per page; add, edit with the
// form prefilled, delete; the image is sent as a data URL on create and as a file on edit.
import { useState, type FormEvent } from 'react';
import { answer, authApi, multipart } from '@taal/web-shared/api';
import { useTranslation } from '@taal/web-shared/i18n';
import { storeToast } from '@taal/web-shared/toast';
import { useAdminGet } from '../components/data';
import { Modal, useConfirm } from '../components/Modal';
import { AdminPage } from '../components/States';
import { type Column, DataTable, LoadError } from '@taal/web-shared/ui';
import { CATEGORY_PAGE, failed, deleted, Field, readDataUrl, type Category } from './store-common';


function CategoryForm({ category, onDone }: { category: Category | null; onDone: (c: Category) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(category?.name ?? '');
  const [description, setDescription] = useState(category?.description ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim() || !description.trim() || (!category && !file)) return storeToast(t('adminStore.required'), 'error');
    setBusy(true);
    try {
      if (!category) {
        const image = await readDataUrl(file!);
        const { data } = await answer(authApi.POST('/api/v1/store/category/create/', { body: { name: name.trim(), description: description.trim(), image } }));
        storeToast(t('adminStore.categories.created'), 'success');
        onDone(data);
      } else {
        const { data } = await answer(
          authApi.POST('/api/v1/store/category/edit/{id}/', {
            params: { path: { id: category._id } },
            ...multipart({ name: name.trim(), description: description.trim(), image: file ?? undefined }),
          }),
        );
        storeToast(t('adminStore.categories.updated'), 'success');
        onDone(data);
      }
    } catch (err) {
      failed(t, err);
      setBusy(false);
    }
  };
  return (
    <form className="admin-form" onSubmit={(e) => void submit(e)} noValidate data-testid="category-form">
      <Field label={t('adminStore.categories.name')}>
        <input value={name} onChange={(e) => setName(e.target.value)} data-testid="category-name" />
      </Field>
      <Field label={t('adminStore.categories.description')}>
        <textarea rows={3} value={description} onChange={(e) => setDescription(e.target.value)} data-testid="category-description" />
      </Field>
      <Field label={category ? t('adminStore.imageOptional') : t('adminStore.image')}>
        <input type="file" accept="image/jpeg,image/png,image/gif,image/webp" onChange={(e) => setFile(e.target.files?.[0] ?? null)} data-testid="category-image" />
      </Field>
      {category?.image && <img className="modal-preview" src={category.image} alt="" />}
      <button type="submit" className="btn btn-primary" disabled={busy} data-testid="category-save">
        {t('adminStore.save')}
      </button>
    </form>
  );
}

export function StoreCategories() {
  const { t } = useTranslation();
  const list = useAdminGet<Category[]>('store/category', () => answer(authApi.GET('/api/v1/store/category/')));
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const confirm = useConfirm();
  const remove = async (c: Category) => {
    if (!(await confirm.ask(t('adminStore.confirmDelete', { name: c.name })))) return;
    try {
      await deleted(authApi.DELETE('/api/v1/store/category/delete/{id}', { params: { path: { id: c._id } } }));
      storeToast(t('adminStore.categories.deleted'), 'success');
      list.setData((d) => d?.filter((x) => x._id !== c._id));
    } catch (err) {
      failed(t, err);
    }
  };
  const columns: Column<Category>[] = [
    { key: 'image', header: t('adminStore.image'), text: (c) => c.image, render: (c) => (c.image ? <img className="table-thumb" src={c.image} alt="" /> : '—') },
    { key: 'name', header: t('adminStore.categories.name'), text: (c) => c.name },
    { key: 'description', header: t('adminStore.categories.description'), text: (c) => c.description },
    {
      key: 'actions',
      header: t('adminStore.actions'),
      text: () => '',
      render: (c) => (
        <span className="row-actions">
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditing(c)} data-testid="category-edit">
            {t('adminStore.edit')}
          </button>
          <button type="button" className="btn btn-danger btn-sm" onClick={() => void remove(c)} data-testid="category-delete">
            {t('adminStore.delete')}
          </button>
        </span>
      ),
    },
  ];
  return (
    <AdminPage
      title={t('adminStore.categories.title')}
      testId="admin-store-categories"
      actions={
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing('new')} data-testid="category-add">
          {t('adminStore.categories.add')}
        </button>
      }
    >
      {list.error ? (
        <LoadError onRetry={list.reload} />
      ) : (
        <DataTable title={t('adminStore.categories.title')} columns={columns} rows={list.data} loading={list.loading} pageSize={CATEGORY_PAGE} rowKey={(c) => c._id} fileName="store-categories.csv" exports={false} testId="category-table" />
      )}
      <Modal title={editing === 'new' ? t('adminStore.categories.add') : t('adminStore.categories.edit')} open={editing !== null} onClose={() => setEditing(null)} testId="category-modal">
        <CategoryForm
          key={editing === 'new' ? 'new' : editing?._id}
          category={editing === 'new' ? null : editing}
          onDone={(c) => {
            list.setData((d) => (d?.some((x) => x._id === c._id) ? d.map((x) => (x._id === c._id ? c : x)) : [...(d ?? []), c]));
            setEditing(null);
          }}
        />
      </Modal>
      {confirm.dialog}
    </AdminPage>
  );
}
