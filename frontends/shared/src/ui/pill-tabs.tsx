// A row of pill-shaped tabs (role tablist): the student and instructor panels' tabs and the back
// office's user sections. The caller keeps which one is selected (in the address, both do).

export interface PillTabsProps<K extends string> {
  tabs: readonly K[];
  selected: K;
  onSelect: (tab: K) => void;
  /** A tab's label, in the reader's language. */
  label: (tab: K) => string;
  /** Each tab's data-testid is `${testIdPrefix}-${tab}`. */
  testIdPrefix: string;
  className?: string;
}

export function PillTabs<K extends string>({ tabs, selected, onSelect, label, testIdPrefix, className }: PillTabsProps<K>) {
  return (
    <div className={className ? `pills ${className}` : 'pills'} role="tablist">
      {tabs.map((tab) => (
        <button key={tab} type="button" role="tab" className="pill" aria-selected={tab === selected} data-testid={`${testIdPrefix}-${tab}`} onClick={() => onSelect(tab)}>
          {label(tab)}
        </button>
      ))}
    </div>
  );
}
