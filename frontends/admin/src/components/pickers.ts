// The back office's picker reads (decision 0087): the first courses or instructors whose title or name starts
// with what was typed, one of them by id, and the titles of some courses.
import { answer, authApi } from '@taal/web-shared/api';
import type { PickerItem } from '@taal/web-shared/search-picker';

export const searchCourses = async (q: string): Promise<PickerItem[]> =>
  (await answer(authApi.GET('/api/v1/course/admin/search', { params: { query: { q, limit: '10' } } }))).data.map((c) => ({ id: c._id, label: c.title }));

export const readCourse = (id: string) => answer(authApi.GET('/api/v1/course/admin/one/{id}', { params: { path: { id } } }));

export const searchInstructors = async (q: string): Promise<PickerItem[]> =>
  (await answer(authApi.GET('/api/v1/instructor/admin/search', { params: { query: { q, limit: '10' } } }))).data.map((i) => ({ id: i._id, label: i.name }));

export const readInstructor = (id: string) => answer(authApi.GET('/api/v1/instructor/admin/one/{id}', { params: { path: { id } } }));

/** The titles of these courses (at most 100 ids; unknown ones left out), by id. */
export async function courseTitles(ids: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter(Boolean))].slice(0, 100);
  if (!wanted.length) return new Map();
  const { data } = await answer(authApi.GET('/api/v1/course/admin/titles', { params: { query: { ids: wanted.join(',') } } }));
  return new Map(data.map((c) => [c._id, c.title]));
}
