// The course list's instructor filter (issue 51, decision 0087): 20,000 instructors are no <select>. The chosen
// instructor's name is read by id (the address keeps `instructor=<id>`); typing asks the public instructor search
// for the first names. The picker (./InstructorPicker) is loaded when the box is first focused, so /allcourses's
// first visit does not download it. Drawn by the server too (decision 0070): nothing here touches window or
// document outside handlers.
import { lazy, Suspense, useState } from 'react';
import { api } from '@taal/web-shared/api';
import { useTranslation } from '@taal/web-shared/i18n';
import { useAsync } from '@taal/web-shared/useAsync';

const InstructorPicker = lazy(() => import('./InstructorPicker'));

export function InstructorFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(false);
  const chosen = useAsync(() => (value ? api.instructor(value).catch(() => null) : Promise.resolve(null)), [value]);
  // Until the picker is there: the same box, showing the chosen name.
  const plain = (
    <input
      type="text"
      role="combobox"
      aria-expanded={false}
      aria-label={t('courses.instructor')}
      placeholder={t('picker.typeToSearch')}
      value={chosen.data?.name ?? ''}
      readOnly
      onFocus={() => setActive(true)}
      data-testid="filter-instructor-input"
    />
  );
  return (
    <div className="instructor-filter" data-testid="filter-instructor">
      {active ? (
        <Suspense fallback={plain}>
          <InstructorPicker key={value} value={value} chosen={chosen.data ?? null} onChange={onChange} />
        </Suspense>
      ) : (
        plain
      )}
      {value && (
        <button
          type="button"
          className="instructor-filter-clear"
          aria-label={t('courses.allInstructors')}
          onClick={() => {
            setActive(false);
            onChange('');
          }}
          data-testid="filter-instructor-clear"
        >
          ×
        </button>
      )}
    </div>
  );
}
