import type { TFunction } from 'i18next';
import { Link } from 'react-router-dom';
import { UserRoles } from '@taal/contracts/web';
import { answer, authApi } from '@taal/web-shared/api';
import { formatDate, localDigits } from '@taal/web-shared/format';
import { toast } from '@taal/web-shared/toast';
import { useProtectedImage } from '@taal/web-shared/user-photo';
import { USER_TYPE_KEYS, type AdminUser } from './data';
import type { Column } from '@taal/web-shared/ui';
import { linkTo } from '@taal/web-shared/routes';

export function userTypeLabel(t: TFunction, user: Pick<AdminUser, 'type' | 'subscriber'>): string {
  if (user.type === UserRoles.student && user.subscriber) return t('adminUsers.types.subscriber');
  return t(USER_TYPE_KEYS[user.type] ?? 'adminUsers.types.unknown');
}

/** GET user/suspend/{id} or user/unsuspend/{id}, with the spec's toasts; the updated user, or null. */
export async function setSuspended(t: TFunction, user: AdminUser, suspend: boolean): Promise<AdminUser | null> {
  try {
    const params = { params: { path: { id: user._id } } };
    const { data }: { data: AdminUser } = await answer(suspend ? authApi.GET('/api/v1/user/suspend/{id}', params) : authApi.GET('/api/v1/user/unsuspend/{id}', params));
    toast(t(suspend ? 'adminUsers.toasts.suspended' : 'adminUsers.toasts.unsuspended'), 'success');
    return data;
  } catch {
    toast(t(suspend ? 'adminUsers.toasts.suspendFailed' : 'adminUsers.toasts.unsuspendFailed'), 'error');
    return null;
  }
}

/** GET user/verify/{id}: the admin marks the e-mail verified. Two screens, two wordings (back office §8). */
export async function markVerified(t: TFunction, user: AdminUser, wording: 'table' | 'view'): Promise<AdminUser | null> {
  try {
    const { data }: { data: AdminUser } = await answer(authApi.GET('/api/v1/user/verify/{id}', { params: { path: { id: user._id } } }));
    toast(t(wording === 'table' ? 'adminUsers.toasts.emailVerified' : 'adminUsers.toasts.verified'), 'success');
    return data;
  } catch {
    toast(t(wording === 'table' ? 'adminUsers.toasts.emailVerifyFailed' : 'adminUsers.toasts.verifyFailed'), 'error');
    return null;
  }
}

export const replaceUser = (list: AdminUser[] | undefined, user: AdminUser) => list?.map((u) => (u._id === user._id ? user : u));

/** The user data table's columns (back office §2), in order. */
export function userColumns(t: TFunction, lng: string): Column<AdminUser>[] {
  return [
    {
      key: 'studentId',
      header: t('adminUsers.columns.studentId'),
      text: (u) => u.studentId,
      render: (u) => (
        <Link to={linkTo('/viewuser', { id: u._id })} data-testid="student-id-link">
          {u.studentId}
        </Link>
      ),
    },
    { key: 'joined', header: t('adminUsers.columns.joinDate'), text: (u) => formatDate(u.createdAt, lng) },
    { key: 'name', header: t('adminUsers.columns.name'), text: (u) => u.name },
    { key: 'email', header: t('adminUsers.columns.email'), text: (u) => u.email },
    { key: 'dob', header: t('adminUsers.columns.dob'), text: (u) => localDigits(u.dob || '') },
    { key: 'phone', header: t('adminUsers.columns.phone'), text: (u) => u.phone || '' },
    { key: 'address', header: t('adminUsers.columns.address'), text: (u) => u.address || '' },
    { key: 'type', header: t('adminUsers.columns.userType'), text: (u) => userTypeLabel(t, u) },
    { key: 'status', header: t('adminUsers.columns.status'), text: (u) => (u.suspend ? t('adminUsers.status.suspended') : t('adminUsers.status.active')) },
    { key: 'verification', header: t('adminUsers.columns.verification'), text: (u) => (u.emailVerify ? t('adminUsers.verification.verified') : t('adminUsers.verification.notVerified')) },
  ];
}

/** A protected photo (GET user/{id}/photo needs the token), shown from a blob URL; initials until it loads. */
export function UserPhoto({ path, name, size = 120 }: { path: string; name: string; size?: number }) {
  const url = useProtectedImage(path);
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return url ? (
    <img className="user-photo" src={url} alt="" width={size} height={size} data-testid="user-photo" />
  ) : (
    <span className="user-photo user-initials" style={{ width: size, height: size }} aria-hidden="true">
      {initials}
    </span>
  );
}
