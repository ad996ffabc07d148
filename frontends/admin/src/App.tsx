// Admin back-office: the frame only for now (side menu, 240 px), behind the admin guard.
import { BrowserRouter, Link, Route, Routes, useLocation } from 'react-router-dom';
import { useTranslation } from '@shared/i18n';
import { RoleGuard } from '@shared/guard';
import { USER_TYPES } from '@shared/session';

const MENU: [string, string][] = [
  ['/admin', 'dashboard'],
  ['/admincourselist', 'courses'],
  ['/admininstructorlist', 'instructors'],
  ['/adminuserlist', 'users'],
  ['/adminorderlist', 'orders'],
  ['/admincuponlist', 'coupons'],
  ['/adminmessages', 'messages'],
  ['/adminfreebies', 'freebies'],
  ['/adminstoreproduct', 'store'],
];

function Frame() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className="admin-frame" data-testid="admin-frame" style={{ display: 'grid', gridTemplateColumns: '240px 1fr', gap: 24 }}>
      <nav className="card" aria-label={t('admin.menu')}>
        <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {MENU.map(([href, key]) => (
            <li key={href} style={{ padding: '6px 0' }}>
              <Link to={href} aria-current={pathname === href ? 'page' : undefined}>
                {t(`admin.${key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="card">
        <h1>{t('admin.title')}</h1>
        <p className="muted">{t('common.comingSoon')}</p>
      </div>
    </div>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <div className="container">
        <Routes>
          <Route
            path="*"
            element={
              <RoleGuard allow={[USER_TYPES.admin, USER_TYPES.content]}>
                <Frame />
              </RoleGuard>
            }
          />
        </Routes>
      </div>
    </BrowserRouter>
  );
}
