// Which remote owns which route. The shell registers each remote with single-spa using
// `remoteForPath`; a path that no remote owns gets the shell's own 404 page.
export type RemoteName = 'storefront' | 'panel' | 'admin';

const STOREFRONT_EXACT = [
  '/',
  '/allcourses',
  '/courseview',
  '/instructorlist',
  '/about',
  '/terms',
  '/privacy',
  '/how-to-guide',
  '/contact',
  // Accounts (spec §2, §5).
  '/login',
  '/signup',
  '/forgetpassword',
  '/registration-successful',
  '/password-change-successful',
  '/verify-email',
  // Opened from the password-reset e-mail.
  '/reset-password',
  // Linked from the header; their screens come with later work and show a placeholder.
  '/freebies',
  '/store',
  '/cart',
];
const STOREFRONT_PREFIX = ['/instructorview/', '/freebies/', '/signup/', '/verify-email/'];

const PANEL_EXACT = ['/studentpanel', '/instructorpanel', '/notifications'];

const ADMIN_EXACT = [
  '/admin',
  '/adminanalyticssales',
  '/adminanalyticsusers',
  '/adminanalyticsinstructor',
  '/adminanalyticscourses',
  '/adminstorecategories',
  '/adminstoreproduct',
  '/adminstoreorders',
  '/adminstoregiftcard',
  '/admincourselist',
  '/addcourse',
  '/updatecourse',
  '/updatelesson',
  '/admininstructorlist',
  '/addinstructor',
  '/updateinstructor',
  '/admin-instructor-settlement',
  '/instructor-payment',
  '/adminuserlist',
  '/adminuserlistdetail',
  '/adminsubsciberlist',
  '/viewuser',
  '/createaccount',
  '/admincuponlist',
  '/cupon',
  '/adminorderlist',
  '/adminpaidorderlist',
  '/adminmessages',
  '/admincertificatelist',
  '/upcoming',
  '/adminupcomingcourselist',
  '/adminfreebies',
  '/addpost',
  '/addpopup',
  '/manageNotification',
  '/subscription-expire-data',
  '/oauthusers',
];
const ADMIN_PREFIX = ['/admin/', '/admin-instructor-settlement/', '/update-freebies/'];

function normalise(pathname: string): string {
  if (pathname.length > 1 && pathname.endsWith('/')) return pathname.slice(0, -1);
  return pathname || '/';
}

export function remoteForPath(pathname: string): RemoteName | null {
  const p = normalise(pathname);
  if (STOREFRONT_EXACT.includes(p) || STOREFRONT_PREFIX.some((x) => p.startsWith(x) && p.length > x.length)) return 'storefront';
  if (PANEL_EXACT.includes(p)) return 'panel';
  if (ADMIN_EXACT.includes(p) || ADMIN_PREFIX.some((x) => p.startsWith(x) && p.length > x.length)) return 'admin';
  return null;
}

/** Course view pages hide the language menu (spec §2). */
export const isCourseView = (pathname: string) => normalise(pathname) === '/courseview';
