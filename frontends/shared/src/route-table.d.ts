// Types of route-table.js (the matching rule shared by the shell and the server).

/** One page as routes.json declares it. */
export interface PageDeclaration {
  /** The translation key of its page title; without one, its menu entry's (`admin.nav.<nav>`): titleKeyOf. */
  title?: string;
  /** API URLs its first screen asks for, which the server preloads with the page. */
  data?: string[];
  /**
   * The one record the page shows (its id: the `id` query parameter, else the path's last segment).
   * The server asks whether it exists before answering (frontends/web): an unknown one is HTTP 404.
   */
  record?: PageRecord | (string & {});
  /** The admin side menu's group the page belongs to (it opens when the page is shown). */
  group?: string;
  /** Its entry in that group: the `admin.nav.*` key; absent for a page reached from a list. */
  nav?: string;
  /** The content role (decision 0020) may open it: "menu" also lists it in its header menu, "screen" does not. */
  contentRole?: string;
}

/** The kinds of record a page may show by id. */
export type PageRecord = 'course' | 'instructor' | 'freebie' | 'giftCard' | 'certificate';

export interface RouteTable {
  remotes: Record<string, { pages: Record<string, PageDeclaration> }>;
}

export interface PageMatch {
  remote: string;
  pattern: string;
  page: PageDeclaration;
}

export function normalisePath(pathname: string): string;
export function patternPrefix(pattern: string): string | null;
export function pageForPath(table: RouteTable, pathname: string): PageMatch | null;
export function titleKeyOf(page: PageDeclaration): string | undefined;
