// /adminstoreproduct (admin-back-office.md "Store"; issue 11): add, edit and delete in modals; amounts
// typed in BDT, sent in poisha.
import { useState, type FormEvent } from 'react';
import { answer, authApi, multipart } from '@taal/web-shared/api';
import { formatNumber, formatValidity, poishaToInput } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { storeToast } from '@taal/web-shared/toast';
import { useAdminGet } from '../components/data';
import { Modal, useConfirm } from '../components/Modal';
import { AdminPage } from '../components/States';
import { type Column, DataTable, LoadError } from '@taal/web-shared/ui';
import { TABLE_PAGE, bdt, toPoisha, isTaka, failed, deleted, Field, type Product } from './store-common';


const PRODUCT_FIELDS = ['name', 'param', 'price', 'oldPrice', 'value', 'validity', 'description'] as const;
type ProductFields = Record<(typeof PRODUCT_FIELDS)[number], string>;

function ProductForm({ product, onDone }: { product: Product | null; onDone: (p: Product) => void }) {
  const { t } = useTranslation();
  const [f, setF] = useState<ProductFields>({
    name: product?.name ?? '',
    param: product?.param ?? '',
    price: product ? poishaToInput(product.price) : '',
    oldPrice: product ? poishaToInput(product.oldPrice) : '',
    value: product ? poishaToInput(product.value) : '',
    validity: product?.validity ?? '365 days',
    description: product?.description ?? '',
  });
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof ProductFields) => (v: string) => setF((x) => ({ ...x, [k]: v }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // Every field on create; on edit what is left empty keeps its value.
    if (!product && (PRODUCT_FIELDS.some((k) => !f[k].trim()) || !file)) return storeToast(t('adminStore.required'), 'error');
    for (const k of ['price', 'oldPrice', 'value'] as const) if (f[k].trim() && !isTaka(f[k])) return storeToast(t('adminStore.products.badAmount'), 'error');
    setBusy(true);
    const body = {
      name: f.name.trim() || undefined,
      param: f.param.trim() || undefined,
      price: f.price.trim() ? toPoisha(f.price) : undefined,
      oldPrice: f.oldPrice.trim() ? toPoisha(f.oldPrice) : undefined,
      value: f.value.trim() ? toPoisha(f.value) : undefined,
      validity: f.validity.trim() || undefined,
      description: f.description.trim() || undefined,
      image: file ?? undefined,
    };
    try {
      const { data } = product
        ? await answer(authApi.PUT('/api/v1/store/product/edit/{id}', { params: { path: { id: product._id } }, ...multipart(body) }))
        : await answer(
            authApi.POST('/api/v1/store/product/create', {
              ...multipart({
                name: f.name.trim(),
                param: f.param.trim(),
                price: toPoisha(f.price),
                oldPrice: toPoisha(f.oldPrice),
                value: toPoisha(f.value),
                validity: f.validity.trim(),
                description: f.description.trim(),
                image: file!,
              }),
            }),
          );
      storeToast(t(product ? 'adminStore.products.updated' : 'adminStore.products.added'), 'success');
      onDone(data);
    } catch (err) {
      failed(t, err);
      setBusy(false);
    }
  };
  const text = (k: keyof ProductFields, label: string, props: Record<string, unknown> = {}) => (
    <Field label={label}>
      <input value={f[k]} onChange={(e) => set(k)(e.target.value)} data-testid={`product-${k}`} {...props} />
    </Field>
  );
  return (
    <form className="admin-form" onSubmit={(e) => void submit(e)} noValidate data-testid="product-form">
      {text('name', t('adminStore.products.name'))}
      {text('param', t('adminStore.products.param'), { pattern: '[a-z0-9-]+' })}
      <div className="form-row">
        {text('price', t('adminStore.products.price'), { inputMode: 'decimal' })}
        {text('oldPrice', t('adminStore.products.oldPrice'), { inputMode: 'decimal' })}
        {text('value', t('adminStore.products.value'), { inputMode: 'decimal' })}
      </div>
      {text('validity', t('adminStore.products.validity'))}
      <Field label={t('adminStore.products.description')}>
        <textarea rows={3} value={f.description} onChange={(e) => set('description')(e.target.value)} data-testid="product-description" />
      </Field>
      <Field label={product ? t('adminStore.imageOptional') : t('adminStore.image')}>
        <input type="file" accept="image/jpeg,image/png,image/gif,image/webp" onChange={(e) => setFile(e.target.files?.[0] ?? null)} data-testid="product-image" />
      </Field>
      <button type="submit" className="btn btn-primary" disabled={busy} data-testid="product-save">
        {t('adminStore.save')}
      </button>
    </form>
  );
}

export function StoreProducts() {
  const { t } = useTranslation();
  const list = useAdminGet<Product[]>('store/product', () => answer(authApi.GET('/api/v1/store/product/')));
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const confirm = useConfirm();
  const remove = async (p: Product) => {
    if (!(await confirm.ask(t('adminStore.confirmDelete', { name: p.name })))) return;
    try {
      await deleted(authApi.DELETE('/api/v1/store/product/delete/{id}', { params: { path: { id: p._id } } }));
      storeToast(t('adminStore.products.deleted'), 'success');
      list.setData((d) => d?.filter((x) => x._id !== p._id));
    } catch (err) {
      failed(t, err);
    }
  };
  const columns: Column<Product>[] = [
    { key: 'image', header: t('adminStore.image'), text: (p) => p.image, render: (p) => (p.image ? <img className="table-thumb" src={p.image} alt="" /> : '—') },
    { key: 'name', header: t('adminStore.products.name'), text: (p) => p.name },
    { key: 'param', header: t('adminStore.products.param'), text: (p) => p.param },
    { key: 'price', header: t('adminStore.products.price'), text: (p) => bdt(p.price), className: 'num' },
    { key: 'oldPrice', header: t('adminStore.products.oldPrice'), text: (p) => bdt(p.oldPrice), className: 'num' },
    { key: 'value', header: t('adminStore.products.value'), text: (p) => bdt(p.value), className: 'num' },
    { key: 'validity', header: t('adminStore.products.validity'), text: (p) => formatValidity(p.validity) },
    { key: 'sold', header: t('adminStore.products.sold'), text: (p) => formatNumber(p.sold), className: 'num' },
    {
      key: 'actions',
      header: t('adminStore.actions'),
      text: () => '',
      render: (p) => (
        <span className="row-actions">
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditing(p)} data-testid="product-edit">
            {t('adminStore.edit')}
          </button>
          <button type="button" className="btn btn-danger btn-sm" onClick={() => void remove(p)} data-testid="product-delete">
            {t('adminStore.delete')}
          </button>
        </span>
      ),
    },
  ];
  return (
    <AdminPage
      title={t('adminStore.products.title')}
      testId="admin-store-products"
      actions={
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing('new')} data-testid="product-add">
          {t('adminStore.products.add')}
        </button>
      }
    >
      {list.error ? (
        <LoadError onRetry={list.reload} />
      ) : (
        <DataTable title={t('adminStore.products.title')} columns={columns} rows={list.data} loading={list.loading} pageSize={TABLE_PAGE} rowKey={(p) => p._id} fileName="store-products.csv" exports={false} testId="product-table" />
      )}
      <Modal title={editing === 'new' ? t('adminStore.products.add') : t('adminStore.products.edit')} open={editing !== null} onClose={() => setEditing(null)} testId="product-modal">
        <ProductForm
          key={editing === 'new' ? 'new' : editing?._id}
          product={editing === 'new' ? null : editing}
          onDone={(p) => {
            list.setData((d) => (d?.some((x) => x._id === p._id) ? d.map((x) => (x._id === p._id ? p : x)) : [...(d ?? []), p]));
            setEditing(null);
          }}
        />
      </Modal>
      {confirm.dialog}
    </AdminPage>
  );
}
