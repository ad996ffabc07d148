// The course list's instructor filter (issue 51, decision 0087): 20,000 instructors are no <select>. The chosen
// instructor's name is read by id (the address keeps `instructor=<id>`); typing asks the public instructor search
// for the first names. The picker (./InstructorPicker) is loaded when the box is first focused, so /allcourses's
// first visit does not download it. Drawn by the server too (decision 0070): nothing here touches window or
// document outside handlers. "Clear filters" beside it clears it.
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@taal/web-shared/i18n';

const InstructorPicker = lazy(() => import('./InstructorPicker'));

/** `name`: the chosen instructor's (the list's page names its courses' instructors, read by id; every course shown is theirs). */
export function InstructorFilter({ value, name, onChange }: { value: string; name: string; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(false);
  // Until the picker is there: the same box, showing the chosen name.
  const plain = (
    <input
      type="text"
      role="combobox"
      aria-expanded={false}
      aria-label={t('courses.instructor')}
      placeholder={t('picker.typeToSearch')}
      value={name}
      readOnly
      onFocus={() => setActive(true)}
      data-testid="filter-instructor-input"
    />
  );
  return (
    <div className="instructor-filter" data-testid="filter-instructor">
      {active ? (
        <Suspense fallback={plain}>
          <InstructorPicker key={value} value={value} name={name} onChange={onChange} />
        </Suspense>
      ) : (
        plain
      )}
    </div>
  );
}
