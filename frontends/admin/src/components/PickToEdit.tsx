// The update screens' picker (Update course, Update instructor): a select of every item, the
// choice kept in ?id=, and the picked item's forms; what a form saved replaces the listed item.
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from '@taal/web-shared/i18n';
import type { Loaded } from './data';
import { Empty, LoadError, Loading } from '@taal/web-shared/ui';

export function PickToEdit<T extends { _id: string }>({
  list,
  pickLabel,
  optionLabel,
  pickTestId,
  children,
}: {
  list: Loaded<T[]>;
  pickLabel: string;
  optionLabel: (item: T) => string;
  pickTestId?: string;
  children: (item: T, onSaved: (saved: T) => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const [saved, setSaved] = useState<Record<string, T>>({});
  const item = saved[id] ?? list.data?.find((i) => i._id === id);
  if (list.error) return <LoadError onRetry={list.reload} />;
  if (list.loading && !list.data) return <Loading />;
  if (!list.data?.length) return <Empty />;
  return (
    <>
      <label className="form-field pick-field">
        <span>{pickLabel}</span>
        <select value={id} onChange={(e) => setParams({ id: e.target.value })} data-testid={pickTestId}>
          <option value="">{t('adminCourses.choose')}</option>
          {list.data.map((i) => (
            <option key={i._id} value={i._id}>
              {optionLabel(i)}
            </option>
          ))}
        </select>
      </label>
      {item && children(item, (s) => setSaved((all) => ({ ...all, [s._id]: s })))}
    </>
  );
}
