// The names of a page's instructors by id (decision 0087): each read on its own through the cached public read,
// a page's few, never every instructor (20,000 are no list to download).
import { api } from '@taal/web-shared/api';

export async function instructorNames(ids: string[]): Promise<Record<string, string>> {
  const named = await Promise.all([...new Set(ids.filter(Boolean))].map((id) => api.instructor(id).then((i) => [id, i.name] as const, () => null)));
  return Object.fromEntries(named.filter((n) => n !== null));
}
