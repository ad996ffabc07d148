// A search-as-you-type picker (issue 51, decision 0087): for lists too long for a <select> (20,000
// instructors, 100,000 courses). Typing asks the server's search route for the first matches (after a short
// pause); the matches open as a listbox under the input (ARIA combobox: arrows move, Enter chooses, Escape
// closes). The chosen item's id is posted in a hidden input named `name`, so a form reads it like a select's
// value; an existing record's item is read by its id and named when the picker opens.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '@taal/web-shared/i18n';
import './search-picker.css';

export interface PickerItem {
  id: string;
  label: string;
}

export interface SearchPickerProps {
  /** The hidden input's name (what a form posts). */
  name: string;
  /** The id chosen already (an existing record's), or ''. */
  initialId?: string;
  /** The server's first matches for what was typed. */
  search: (query: string) => Promise<PickerItem[]>;
  /** The item an id names (an existing record's), or null. */
  load: (id: string) => Promise<PickerItem | null>;
  required?: boolean;
  testId?: string;
  /** The input's accessible name, when no <label> wraps it. */
  ariaLabel?: string;
  /** Called with the chosen id. */
  onChange?: (id: string) => void;
  /** The input's hint and the no-match line (default: a name's). */
  placeholder?: string;
  noneText?: string;
  autoFocus?: boolean;
}

const PAUSE_MS = 200;

export function SearchPicker({ name, initialId = '', search, load, required, testId = 'search-picker', ariaLabel, onChange, placeholder, noneText, autoFocus }: SearchPickerProps) {
  const { t } = useTranslation();
  const listId = useId();
  const [chosen, setChosen] = useState<PickerItem | null>(null);
  const [text, setText] = useState('');
  const [items, setItems] = useState<PickerItem[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [state, setState] = useState<'idle' | 'searching' | 'done'>('idle');
  const asked = useRef(0);

  useEffect(() => {
    if (!initialId) return;
    let live = true;
    void load(initialId)
      .then((item) => {
        if (live && item) {
          setChosen(item);
          setText(item.label);
        }
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [initialId, load]);

  useEffect(() => {
    const query = text.trim();
    if (!open || !query || (chosen && query === chosen.label)) return;
    const n = ++asked.current;
    setState('searching');
    const timer = setTimeout(() => {
      search(query)
        .then((found) => {
          if (n !== asked.current) return;
          setItems(found);
          setActive(found.length ? 0 : -1);
          setState('done');
        })
        .catch(() => n === asked.current && setState('done'));
    }, PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, open, chosen, search]);

  const choose = (item: PickerItem) => {
    setChosen(item);
    setText(item.label);
    setOpen(false);
    setItems([]);
    onChange?.(item.id);
  };
  const showList = open && text.trim() !== '' && !(chosen && text === chosen.label);

  return (
    <div className="search-picker" data-testid={testId}>
      <input type="hidden" name={name} value={chosen && text === chosen.label ? chosen.id : ''} required={required} data-testid={`${testId}-value`} />
      <input
        type="text"
        role="combobox"
        aria-label={ariaLabel}
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        placeholder={placeholder ?? t('picker.typeToSearch')}
        autoFocus={autoFocus}
        value={text}
        data-testid={`${testId}-input`}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && items.length) {
            e.preventDefault();
            setOpen(true);
            setActive((a) => Math.min(items.length - 1, a + 1));
          } else if (e.key === 'ArrowUp' && items.length) {
            e.preventDefault();
            setActive((a) => Math.max(0, a - 1));
          } else if (e.key === 'Enter' && showList && items[active]) {
            e.preventDefault();
            choose(items[active]!);
          } else if (e.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      {showList && (
        <ul id={listId} role="listbox" className="search-picker-list" data-testid={`${testId}-list`}>
          {state === 'searching' && !items.length && <li className="muted">{t('picker.searching')}</li>}
          {state === 'done' && !items.length && (
            <li className="muted" data-testid={`${testId}-none`}>
              {noneText ?? t('picker.none')}
            </li>
          )}
          {items.map((item, i) => (
            <li
              key={item.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'active' : undefined}
              data-testid={`${testId}-option`}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(item);
              }}
            >
              {item.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
