/**
 * Freebie and popup rules (admin-back-office.md §5; storefront §2): what a new or changed
 * freebie must hold and which YouTube links are accepted. Its rich-text description is sanitised
 * by ./rich-text before it is stored, as a course's is. Pure: no I/O.
 */
import { FREEBIE_CATEGORIES, FreebieLimits as L, type FreebieCategory, type RefusalKey } from '@taal/contracts';
import { hasRichContent } from './rich-text';

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The video id of a YouTube link, or null when it is not one: https://www.youtube.com/watch?v=ID,
 * https://youtu.be/ID, https://www.youtube.com/embed/ID or /shorts/ID (also m. and music., http or
 * https). The storefront embeds the id only, so nothing else of the link ever reaches a page.
 */
export function youtubeVideoId(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.slice(1).split('/')[0] ?? null;
  else if (['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'www.youtube-nocookie.com'].includes(host)) {
    if (url.pathname === '/watch') id = url.searchParams.get('v');
    else {
      const match = /^\/(embed|shorts|live|v)\/([^/]+)/.exec(url.pathname);
      id = match ? match[2]! : null;
    }
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

export const isFreebieCategory = (value: string): value is FreebieCategory => (FREEBIE_CATEGORIES as readonly string[]).includes(value);

export interface FreebieFields {
  title: string;
  subtitle: string;
  category: string;
  /** Already sanitised. */
  description: string;
  thumbnail: string;
  youtube: string;
  documents: readonly { path: string; name: string }[];
  carouselImages: readonly string[];
}

/** A stored file path as the gateway hands it over: same-site, no traversal, no scheme. */
export const isStoredPath = (path: string) => /^\/[A-Za-z0-9/_.-]{1,300}$/.test(path) && !path.includes('..') && !path.includes('//');

/**
 * What is wrong with a freebie as it would be stored (new, or after an edit): field → problem;
 * empty when it may be stored. Title, subtitle, a category and a description are required; a
 * YouTube link or at least one carousel image is required; documents are optional.
 */
export function freebieProblems(f: FreebieFields): Record<string, RefusalKey> {
  const problems: Record<string, RefusalKey> = {};
  const required = (name: keyof FreebieFields, value: string, max: number) => {
    if (!value.trim()) problems[name] = 'ENTRY_REQUIRED';
    else if (value.length > max) problems[name] = 'ENTRY_TOO_LONG';
  };
  required('title', f.title, L.title);
  required('subtitle', f.subtitle, L.subtitle);
  if (!isFreebieCategory(f.category)) problems.category = 'INVALID_CATEGORY';
  if (!hasRichContent(f.description)) problems.description = 'ENTRY_REQUIRED';
  else if (f.description.length > L.description) problems.description = 'ENTRY_TOO_LONG';
  if (f.youtube && (f.youtube.length > L.youtube || !youtubeVideoId(f.youtube))) problems.youtube = 'YOUTUBE_LINK_INVALID';
  if (!f.youtube && f.carouselImages.length === 0) problems.youtube = 'YOUTUBE_OR_IMAGES_REQUIRED';
  if (f.carouselImages.length > L.carouselImages) problems.carouselImages = 'TOO_MANY_IMAGES';
  if (f.documents.length > L.documents) problems.documents = 'TOO_MANY_DOCUMENTS';
  for (const path of [f.thumbnail, ...f.carouselImages, ...f.documents.map((d) => d.path)]) {
    if (path && !isStoredPath(path)) problems.files = 'FILE_NOT_STORED';
  }
  if (f.documents.some((d) => !d.name.trim() || d.name.length > 255)) problems.documents = 'DOCUMENT_NAME_INVALID';
  return problems;
}

/** What is wrong with a popup as it would be stored: title and body are required. */
export function popupProblems(p: { title: string; body: string; thumbnail: string }): Record<string, RefusalKey> {
  const problems: Record<string, RefusalKey> = {};
  if (!p.title.trim()) problems.title = 'ENTRY_REQUIRED';
  else if (p.title.length > L.popupTitle) problems.title = 'ENTRY_TOO_LONG';
  if (!p.body.trim()) problems.body = 'ENTRY_REQUIRED';
  else if (p.body.length > L.popupBody) problems.body = 'ENTRY_TOO_LONG';
  if (p.thumbnail && !isStoredPath(p.thumbnail)) problems.thumbnail = 'FILE_NOT_STORED';
  return problems;
}

/** The files a freebie refers to. */
export const filesOf = (f: Pick<FreebieFields, 'thumbnail' | 'documents' | 'carouselImages'>): string[] =>
  [f.thumbnail, ...f.documents.map((d) => d.path), ...f.carouselImages].filter(Boolean);
