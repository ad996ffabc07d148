// The update screens' picker (Update course, Update instructor; decision 0087): the first letters of a title or
// a name, the server's first matches (the shared SearchPicker: 100,000 courses or 20,000 instructors are no
// <select>), the choice kept in ?id=, the chosen item read by its id, and its forms; what a form saved replaces it.
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ApiAnswer } from '@taal/web-shared/api';
import { SearchPicker, type PickerItem } from '@taal/web-shared/search-picker';
import { LoadError, Loading } from '@taal/web-shared/ui';
import { useAdminGet } from './data';

export function PickToEdit<T extends { _id: string }>({
  search,
  read,
  pickLabel,
  optionLabel,
  pickTestId = 'pick-to-edit',
  placeholder,
  noneText,
  children,
}: {
  /** The server's first matches for what was typed. */
  search: (query: string) => Promise<PickerItem[]>;
  /** One item by its id. */
  read: (id: string) => Promise<ApiAnswer<T>>;
  pickLabel: string;
  optionLabel: (item: T) => string;
  pickTestId?: string;
  /** The picker's hint and no-match line (default: a name's). */
  placeholder?: string;
  noneText?: string;
  children: (item: T, onSaved: (saved: T) => void) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const [saved, setSaved] = useState<Record<string, T>>({});
  const loaded = useAdminGet<T>(id ? `pick-to-edit:${id}` : null, () => read(id));
  const item = saved[id] ?? (loaded.data?._id === id ? loaded.data : undefined);
  // The picker names the chosen item from the read above (no second request); a new `load` only when the item changes.
  const label = useRef(optionLabel);
  label.current = optionLabel;
  const load = useCallback(async (wanted: string) => (item && item._id === wanted ? { id: item._id, label: label.current(item) } : null), [item]);
  return (
    <>
      <label className="form-field pick-field">
        <span>{pickLabel}</span>
        <SearchPicker name="pick" initialId={id} search={search} load={load} testId={pickTestId} placeholder={placeholder} noneText={noneText} onChange={(chosen) => setParams({ id: chosen })} />
      </label>
      {id && loaded.error && !item ? <LoadError onRetry={loaded.reload} /> : id && !item ? <Loading /> : null}
      {item && children(item, (s) => setSaved((all) => ({ ...all, [s._id]: s })))}
    </>
  );
}
