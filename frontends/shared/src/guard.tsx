// Role guards (spec §6, back office §6): the server must vouch for the session (not just local
// storage) and the user's type must be allowed. A visitor who is not logged in goes to the login,
// which brings them back here afterwards (issue 55); a signed-in user of another role goes to /.
import React from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useVerifiedSession } from '@taal/web-shared/auth';
import { useTranslation } from './i18n';
import { isInstructor, type SessionUser } from '@taal/web-shared/session';
import { UserRoles } from '@taal/contracts/web';
import { linkTo, pageAt } from '@taal/web-shared/routes';

/**
 * Where a login may send the user back to (the `redirect` of /login, issue 55): a path of this site
 * (one leading slash, no backslash or space: never another site) that opens a declared page other
 * than the login's own, with its query; anything else is null.
 */
export function returnPath(value: string | null | undefined): string | null {
  if (!value || !/^\/(?![/\\])[^\s\\#]*$/.test(value)) return null;
  const path = value.split('?')[0]!.replace(/\/+$/, '') || '/';
  return /^\/(login|signup|forgetpassword|reset-password|signin-link)$/.test(path) || !pageAt(path) ? null : value;
}

/** The login page, returning to `here` (a path with its query) after the login. */
export const loginReturningTo = (here: string): string => (returnPath(here) ? linkTo('/login', { redirect: here }) : linkTo('/login'));

export function RoleGuard({
  allow,
  check,
  children,
}: {
  allow: number[];
  /** An extra condition on the verified user (e.g. an instructor needs an instructor profile). */
  check?: (user: SessionUser) => boolean;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const session = useVerifiedSession();
  const location = useLocation();
  if (session.state === 'checking') {
    return (
      <div className="page-loading" aria-busy="true" data-testid="guard-checking">
        <span className="spinner" aria-hidden="true" /> {t('common.loading')}
      </div>
    );
  }
  const user = session.user;
  if (!user) return <Navigate to={loginReturningTo(`${location.pathname}${location.search}`)} replace />;
  if (!allow.includes(user.type) || (check && !check(user))) return <Navigate to={linkTo('/')} replace />;
  return <>{children}</>;
}

export const StudentGuard = ({ children }: { children: React.ReactNode }) => <RoleGuard allow={[UserRoles.student]}>{children}</RoleGuard>;

export const InstructorGuard = ({ children }: { children: React.ReactNode }) => (
  <RoleGuard allow={[UserRoles.instructor]} check={isInstructor}>
    {children}
  </RoleGuard>
);

export const AdminGuard = ({ children }: { children: React.ReactNode }) => <RoleGuard allow={[UserRoles.admin]}>{children}</RoleGuard>;

/** For /login, /signup and /forgetpassword: a signed-in user is sent to / (spec §2). */
export function GuestOnly({ children }: { children: React.ReactNode }) {
  const session = useVerifiedSession();
  // Once seen logged out, a login made on this page navigates by itself (e.g. ?redirect=cart).
  const wasGuest = React.useRef(false);
  if (session.state === 'done' && !session.user) wasGuest.current = true;
  if (session.state === 'done' && session.user && !wasGuest.current) return <Navigate to={linkTo('/')} replace />;
  return <>{children}</>;
}
