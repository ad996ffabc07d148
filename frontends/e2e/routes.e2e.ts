// routes.json, the one declaration of the pages (decision 0056), and what is made from it: which
// remote a path opens (the shell and the server share route-table.js), the admin side menu, the
// content role's screens and the page links. Each remote's screens are checked against the
// declarations by the type check (`Screens<remote>`, shared/src/routes.typetest.ts).
import fs from 'node:fs';
import path from 'node:path';
import table from '../shared/src/routes.json';
import { pageForPath, type RouteTable } from '../shared/src/route-table';
import { CONTENT_ROLE_MENU, linkTo, remoteForPath } from '../shared/src/routes';
import { ADMIN_MENU, contentRoleMayOpen, menuGroupOfPath } from '../shared/src/admin-menu';
import { remoteOfPath } from '../web/src/preload';

const FRONTENDS = path.resolve(__dirname, '..');
const load = (lng: string) => JSON.parse(fs.readFileSync(path.join(FRONTENDS, 'shell', 'public', 'assets', 'locales', lng, 'translation.json'), 'utf8')) as Record<string, unknown>;
const lookup = (tree: Record<string, unknown>, key: string): unknown => key.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), tree);
const TABLE: RouteTable = table;
const pages = Object.entries(TABLE.remotes).flatMap(([remote, r]) => Object.entries(r.pages).map(([pattern, page]) => ({ remote, pattern, page })));

test('each pattern is declared once, and each page opens its own declaration', () => {
  const patterns = pages.map((p) => p.pattern);
  expect(patterns.filter((p, i) => patterns.indexOf(p) !== i)).toEqual([]);
  for (const { remote, pattern, page } of pages) {
    const match = pageForPath(TABLE, pattern.replace(/:\w+|\*/g, 'x'));
    expect({ pattern, remote: match?.remote, declared: match?.page }).toEqual({ pattern, remote, declared: page });
    // The preloaded data are fixed URLs of a page without parameters.
    if (page.data) expect([pattern, /[:*]/.test(pattern)]).toEqual([pattern, false]);
    if (page.contentRole) expect(['menu', 'screen']).toContain(page.contentRole);
    if (page.nav) expect([pattern, remote, Boolean(page.group)]).toEqual([pattern, 'admin', true]);
  }
});

test('the shell and the server own the same paths, with the rules the remotes were written for', () => {
  const owners: [string, string | null][] = [
    ['/', 'storefront'],
    ['/allcourses/', 'storefront'],
    ['/instructorview/abc', 'storefront'],
    // A longer path is the storefront's too (it shows nothing of its own there).
    ['/instructorview/a/b', 'storefront'],
    ['/instructorview/', null],
    ['/studentpanel', 'panel'],
    ['/admin', 'admin'],
    ['/admin/mass-mailing', 'admin'],
    ['/admin/nonsense', 'admin'],
    ['/update-freebies/f1', 'admin'],
    ['/update-freebies/', null],
    ['/admincourselist/x', null],
    ['/no/such/page', null],
  ];
  for (const [p, owner] of owners) {
    expect([p, remoteForPath(p)]).toEqual([p, owner]);
    expect([p, remoteOfPath(TABLE, p)]).toEqual([p, owner]);
  }
});

test('the admin side menu: its groups and entries in declaration order, each translated in en and bn', () => {
  const [en, bn] = [load('en'), load('bn')];
  // The back office's groups as the menu showed them before routes.json declared them (§2).
  expect(ADMIN_MENU.map((g) => g.group)).toEqual(['dashboard', 'analytics', 'courses', 'instructors', 'users', 'orders', 'messages', 'content', 'store']);
  expect(ADMIN_MENU[0]).toEqual({ group: 'dashboard', items: [['/admin', 'dashboard']] });
  // Every page with a menu entry is in it once, under its own group.
  const listed = ADMIN_MENU.flatMap(({ group, items }) => items.map(([p]) => `${group} ${p}`));
  expect(listed.sort()).toEqual(pages.filter((p) => p.page.nav).map((p) => `${p.page.group} ${p.pattern}`).sort());
  const untranslated = ADMIN_MENU.flatMap(({ group, items }) => [
    ...(items.length > 1 ? [`admin.groups.${group}`] : []),
    ...items.map(([, key]) => `admin.nav.${key}`),
  ]).filter((key) => typeof lookup(en, key) !== 'string' || typeof lookup(bn, key) !== 'string');
  expect(untranslated).toEqual([]);
  // A detail screen opens its list's group.
  expect(['/viewuser', '/updatecourse', '/admin/store/s1', '/admin/instructor/i1', '/update-freebies/f1'].map(menuGroupOfPath)).toEqual(['users', 'courses', 'store', 'analytics', 'content']);
});

test("the content role's screens (decision 0020): its header menu, and the paths it may open", () => {
  expect(CONTENT_ROLE_MENU).toEqual([
    ['/admincourselist', 'courseList'],
    ['/addcourse', 'addCourse'],
    ['/adminupcomingcourselist', 'upcomingList'],
    ['/upcoming', 'addUpcoming'],
    ['/adminfreebies', 'freebies'],
    ['/addpost', 'addFreebie'],
  ]);
  const may = ['/admincourselist', '/addcourse/', '/updatecourse', '/updatelesson', '/adminupcomingcourselist', '/upcoming', '/adminfreebies', '/addpost', '/update-freebies/f1'];
  const mayNot = ['/admin', '/adminorderlist', '/addpopup', '/admin/questions', '/admin/nonsense', '/viewuser'];
  expect(may.filter((p) => !contentRoleMayOpen(p))).toEqual([]);
  expect(mayNot.filter((p) => contentRoleMayOpen(p))).toEqual([]);
});

test('linkTo: the path of a declared pattern, its values URI-encoded, the others as the query', () => {
  expect(linkTo('/admincourselist')).toBe('/admincourselist');
  expect(linkTo('/instructorview/:id', { id: 'a b/c' })).toBe('/instructorview/a%20b%2Fc');
  expect(linkTo('/courseview', { id: 'c1' })).toBe('/courseview?id=c1');
  expect(linkTo('/studentpanel', { tab: 6 })).toBe('/studentpanel?tab=6');
  expect(linkTo('/allcourses', { category: 'Drum & bass', page: undefined })).toBe('/allcourses?category=Drum%20%26%20bass');
  expect(linkTo('/login', { redirect: linkTo('/products/giftCard/:id', { id: 'g1' }) })).toBe('/login?redirect=%2Fproducts%2FgiftCard%2Fg1');
});
