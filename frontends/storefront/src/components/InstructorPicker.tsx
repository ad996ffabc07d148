// The instructor filter's picker (decision 0087), its own chunk, loaded when the filter's box is first focused: the
// shared SearchPicker over the public instructor search (published instructors whose name starts with what was typed).
import { useCallback } from 'react';
import { answer, publicApi } from '@taal/web-shared/api';
import { useTranslation } from '@taal/web-shared/i18n';
import { SearchPicker } from '@taal/web-shared/search-picker';

const search = async (q: string) =>
  (await answer(publicApi.GET('/api/v1/instructor/search', { params: { query: { q, limit: '10' } } }))).data.map((i) => ({ id: i._id, label: i.name }));

export default function InstructorPicker({ value, name, onChange }: { value: string; name: string; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const load = useCallback(async (id: string) => (id === value && name ? { id, label: name } : null), [value, name]);
  return <SearchPicker name="instructor" initialId={value} search={search} load={load} ariaLabel={t('courses.instructor')} testId="filter-instructor" autoFocus onChange={onChange} />;
}
