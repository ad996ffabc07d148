// The back office's gift-card store (admin-back-office.md "Store"; issue 11): /adminstorecategories
// (a table paged 4 per page; add, edit with the form prefilled, delete; the image is sent as a data
// URL on create and as a file on edit), /adminstoreproduct (add, edit and delete in modals; amounts
// typed in BDT, sent in poisha), /adminstoreorders and /adminstoregiftcard (10 rows, copy and CSV,
// initialised after 1 second) and /admin/store/{id} (one issued card; its secret code is never
// shown again: only its hash exists). Store toasts stay 5 s at the top centre.
import type { TFunction } from 'i18next';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { takaToPoisha } from '@taal/contracts/web';
import { answer, ApiError, authApi, multipart, type ApiPaths } from '@taal/web-shared/api';
import { translateApiError } from '@taal/web-shared/errors';
import { formatDateTime, formatNumber, formatValidity, poishaToBdt, poishaToInput } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { storeToast } from '@taal/web-shared/toast';
import { useAdminGet } from '../components/data';
import { Modal, useConfirm } from '../components/Modal';
import { AdminPage } from '../components/States';
import { type Column, DataTable, LoadError, Loading } from '@taal/web-shared/ui';

type Ok<P extends keyof ApiPaths> = ApiPaths[P]['get'] extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;
type Category = Ok<'/api/v1/store/category/'>['data'][number];
type Product = Ok<'/api/v1/store/product/'>['data'][number];
type StoreOrder = Ok<'/api/v1/store/order/'>['data'][number];
type GiftCard = Ok<'/api/v1/store/gift-card/'>['data'][number];

const CATEGORY_PAGE = 4;
const TABLE_PAGE = 10;
const INIT_MS = 1000;

const bdt = (poisha: number) => poishaToBdt(poisha);
/** Typed taka (checked with isTaka first) as the form's poisha text. */
const toPoisha = (taka: string) => String(takaToPoisha(taka));
const isTaka = (v: string) => takaToPoisha(v) !== null;

/** A refusal by its key in the reader's language (decision 0026); anything else 'adminStore.failed'. */
function failed(t: TFunction, err: unknown) {
  console.error('store admin call failed', err);
  storeToast(translateApiError(t, err, 'adminStore.failed'), 'error');
}

/** A delete answers no `data` for `answer`: its refusal as an ApiError that keeps its key. */
async function deleted(call: Promise<{ response: Response; error?: unknown }>): Promise<void> {
  const { response, error } = await call;
  if (response.ok) return;
  const body = error as { message?: string; reason?: string; params?: Record<string, string | number> } | undefined;
  throw new ApiError(body?.message ?? 'failed', response.status, body?.reason, undefined, body?.reason, undefined, body?.params);
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="field">
      <span>{label}</span>
      {children}
    </label>
  );
}

const readDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

// ---- categories ----

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

// ---- products ----

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

// ---- orders and issued cards ----

export function StoreOrders() {
  const { t, i18n } = useTranslation();
  const list = useAdminGet<StoreOrder[]>('store/order', () => answer(authApi.GET('/api/v1/store/order/')));
  const columns: Column<StoreOrder>[] = [
    { key: 'id', header: t('adminStore.orders.id'), text: (o) => o._id },
    { key: 'date', header: t('adminStore.orders.date'), text: (o) => formatDateTime(o.createdAt, i18n.language) },
    { key: 'buyer', header: t('adminStore.orders.buyer'), text: (o) => `${o.userName} <${o.userEmail}>` },
    { key: 'phone', header: t('adminStore.orders.phone'), text: (o) => o.userPhone || o.shippingAddress.phone },
    { key: 'for', header: t('adminStore.orders.for'), text: (o) => (o.forMyself ? t('adminStore.orders.myself') : `${o.shippingAddress.name} <${o.shippingAddress.email}>`) },
    { key: 'item', header: t('adminStore.orders.item'), text: (o) => o.orderItem.name },
    { key: 'quantity', header: t('adminStore.orders.quantity'), text: (o) => formatNumber(o.orderItem.quantity), className: 'num' },
    { key: 'total', header: t('adminStore.orders.total'), text: (o) => bdt(o.orderItem.totalPrice), className: 'num' },
    { key: 'card', header: t('adminStore.orders.card'), text: (o) => [o.paymentInfo.card_type, o.paymentInfo.tran_id].filter(Boolean).join(' · ') },
    {
      key: 'paid',
      header: t('adminStore.orders.paid'),
      text: (o) => (o.isPaid ? t('adminStore.orders.isPaid') : t('adminStore.orders.unpaid')),
      render: (o) => <span className={`badge ${o.isPaid ? 'badge-ok' : 'badge-warn'}`}>{o.isPaid ? t('adminStore.orders.isPaid') : t('adminStore.orders.unpaid')}</span>,
    },
  ];
  return (
    <AdminPage title={t('adminStore.orders.title')} testId="admin-store-orders">
      {list.error ? (
        <LoadError onRetry={list.reload} />
      ) : (
        <DataTable title={t('adminStore.orders.title')} columns={columns} rows={list.data} loading={list.loading} pageSize={TABLE_PAGE} rowKey={(o) => o._id} fileName="store-orders.csv" print={false} initialiseAfterMs={INIT_MS} testId="store-order-table" />
      )}
    </AdminPage>
  );
}

const usedText = (t: (k: string) => string, g: GiftCard) => (g.used ? t('adminStore.cards.usedYes') : t('adminStore.cards.usedNo'));

export function StoreGiftCards() {
  const { t, i18n } = useTranslation();
  const list = useAdminGet<GiftCard[]>('store/gift-card', () => answer(authApi.GET('/api/v1/store/gift-card/')));
  const columns: Column<GiftCard>[] = [
    { key: 'id', header: t('adminStore.cards.id'), text: (g) => g._id, render: (g) => <Link to={`/admin/store/${g._id}`} data-testid="card-link">{g._id.slice(0, 8)}</Link> },
    { key: 'product', header: t('adminStore.cards.product'), text: (g) => g.productName },
    { key: 'sender', header: t('adminStore.cards.sender'), text: (g) => g.senderName },
    { key: 'receiver', header: t('adminStore.cards.receiver'), text: (g) => `${g.receiverName} <${g.receiverEmail}>` },
    { key: 'value', header: t('adminStore.cards.value'), text: (g) => bdt(g.value), className: 'num' },
    { key: 'validTo', header: t('adminStore.cards.validTo'), text: (g) => formatDateTime(g.valid_to, i18n.language) },
    {
      key: 'used',
      header: t('adminStore.cards.used'),
      text: (g) => usedText(t, g),
      render: (g) => <span className={`badge ${g.used ? 'badge-ok' : 'badge-muted'}`}>{usedText(t, g)}</span>,
    },
  ];
  return (
    <AdminPage title={t('adminStore.cards.title')} testId="admin-store-cards">
      {list.error ? (
        <LoadError onRetry={list.reload} />
      ) : (
        <DataTable title={t('adminStore.cards.title')} columns={columns} rows={list.data} loading={list.loading} pageSize={TABLE_PAGE} rowKey={(g) => g._id} fileName="gift-cards.csv" print={false} initialiseAfterMs={INIT_MS} testId="gift-card-table" />
      )}
    </AdminPage>
  );
}

export function GiftCardDetail() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const card = useAdminGet<GiftCard>(`store/gift-card/${id}`, () => answer(authApi.GET('/api/v1/store/gift-card/{id}', { params: { path: { id } } })));
  const g = card.data;
  const when = (iso: string) => (iso ? formatDateTime(iso, i18n.language) : '—');
  return (
    <AdminPage
      title={t('adminStore.cards.detailTitle')}
      testId="admin-gift-card"
      actions={
        <Link className="btn btn-outline btn-sm" to="/adminstoregiftcard">
          {t('adminStore.cards.back')}
        </Link>
      }
    >
      {card.error ? (
        <LoadError onRetry={card.reload} />
      ) : !g ? (
        <Loading />
      ) : (
        <div className="card gift-detail">
          <dl>
            <dt>{t('adminStore.cards.product')}</dt>
            <dd>{g.productName}</dd>
            <dt>{t('adminStore.cards.sender')}</dt>
            <dd data-testid="card-sender">{g.senderName}</dd>
            <dt>{t('adminStore.cards.order')}</dt>
            <dd data-testid="card-order">{g.orderId}</dd>
            <dt>{t('adminStore.cards.receiver')}</dt>
            <dd data-testid="card-receiver">
              {g.receiverName} · {g.receiverEmail} · {g.receiverPhone}
            </dd>
            <dt>{t('adminStore.cards.message')}</dt>
            <dd>{g.message || '—'}</dd>
            <dt>{t('adminStore.cards.validity')}</dt>
            <dd data-testid="card-validity">
              {when(g.valid_from)} – {when(g.valid_to)}
            </dd>
            <dt>{t('adminStore.cards.value')}</dt>
            <dd data-testid="card-value">{t('common.bdt', { amount: bdt(g.value) })}</dd>
            <dt>{t('adminStore.cards.price')}</dt>
            <dd>{t('common.bdt', { amount: bdt(g.price) })}</dd>
            <dt>{t('adminStore.cards.used')}</dt>
            <dd data-testid="card-used">{g.used ? t('adminStore.cards.usedAt', { at: when(g.usedAt), user: g.usedBy }) : t('adminStore.cards.usedNo')}</dd>
            <dt>{t('adminStore.cards.code')}</dt>
            <dd className="muted" data-testid="card-code">{t('adminStore.cards.codeHidden')}</dd>
          </dl>
        </div>
      )}
    </AdminPage>
  );
}
