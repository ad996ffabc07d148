import { useState } from 'react';
import { useTranslation } from '@taal/web-shared/i18n';
import { CONTENT_ROLE_MENU, linkTo } from '@taal/web-shared/routes';
import { logout } from '@taal/web-shared/auth';
import type { Session } from '@taal/web-shared/session';
import { UserRoles } from '@taal/contracts/web';
import { UserPhoto } from '@taal/web-shared/user-photo';
import { navigateToUrl } from 'single-spa';
import { go } from '../nav';
import { Dropdown } from './Dropdown';
import { UserIcon } from './icons';

const STUDENT_TABS = ['classroom', 'wishlist', 'messages', 'purchaseHistory', 'profile', 'earnMoney', 'redeemGiftCard', 'certificates'];

/** The logged-in user's menu: their photo, their role's pages and logout. */
export function UserMenu({ session }: { session: Session }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const doLogout = async () => {
    setBusy(true);
    await logout();
    setBusy(false);
    navigateToUrl(linkTo('/'));
  };
  return (
    <Dropdown
      // The user's own photo (issue 40), the icon until it loads or when there is none.
      label={<UserPhoto path={session.photo} size={36} fallback={<UserIcon />} testId="header-photo" />}
      buttonClass={`icon-btn ${session.photo ? 'has-photo' : ''}`}
      ariaLabel={t('nav.userMenu')}
      testId="user-menu"
      align="right"
    >
      {(close) => (
        <ul className="menu-list" onClick={close} data-testid="user-menu-items">
          {session.name && <li className="muted">{session.name}</li>}
          {session.type === UserRoles.student &&
            STUDENT_TABS.map((tab, index) => (
              <li key={tab}>
                <a href={linkTo('/studentpanel', { tab: index })} onClick={go} data-testid="student-tab-link">
                  {t(`panel.student.${tab}`)}
                </a>
              </li>
            ))}
          {session.type === UserRoles.admin && (
            <li>
              <a href={linkTo('/admin')} onClick={go}>
                {t('nav.dashboard')}
              </a>
            </li>
          )}
          {session.type === UserRoles.content &&
            CONTENT_ROLE_MENU.map(([path, key]) => (
              <li key={path}>
                <a href={path} onClick={go} data-testid="content-menu-link">
                  {t(`admin.nav.${key}`)}
                </a>
              </li>
            ))}
          {session.type === UserRoles.instructor && (
            <li>
              <a href={linkTo('/instructorpanel')} onClick={go}>
                {t('nav.myDashboard')}
              </a>
            </li>
          )}
          <li>
            <button type="button" className="linklike" disabled={busy} onClick={() => void doLogout()} data-testid="logout">
              {t('nav.logout')}
            </button>
          </li>
        </ul>
      )}
    </Dropdown>
  );
}
