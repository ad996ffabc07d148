// /oauthusers: people who signed up with Google or Facebook, 10 a page (back office §2), newest first: a
// keyset page of GET user/page?type=social at a time, the cursor in the address (decisions 0074, 0089).
import { useMemo } from 'react';
import { useTranslation } from '@taal/web-shared/i18n';
import { formatDate } from '@taal/web-shared/format';
import { answer, authApi } from '@taal/web-shared/api';
import { useAdminGet } from '../components/data';
import { AdminPage } from '../components/States';
import { KeysetError, KeysetPager, useKeysetPosition, type KeysetPage } from '../components/keyset';
import { type Column, DataTable } from '@taal/web-shared/ui';

export const OAUTH_PAGE_SIZE = 10;

interface OAuthUser {
  _id: string;
  name: string;
  email: string;
  loginFrom: string;
  createdAt: string;
}

export default function OAuthUsers() {
  const { t, i18n } = useTranslation();
  const position = useKeysetPosition();
  const { cursor } = position;
  const list = useAdminGet<KeysetPage<OAuthUser>>(`user/page?type=social&cursor=${cursor}`, () =>
    answer(authApi.GET('/api/v1/user/page', { params: { query: { type: 'social', limit: String(OAUTH_PAGE_SIZE), ...(cursor ? { cursor } : {}) } } })),
  );
  const columns = useMemo<Column<OAuthUser>[]>(
    () => [
      { key: 'name', header: t('adminUsers.columns.name'), text: (u) => u.name },
      { key: 'email', header: t('adminUsers.columns.email'), text: (u) => u.email },
      {
        key: 'provider',
        header: t('adminUsers.columns.provider'),
        text: (u) => (u.loginFrom === 'Google' ? t('adminUsers.providers.google') : u.loginFrom === 'Facebook' ? t('adminUsers.providers.facebook') : u.loginFrom),
        render: (u) => <span className={`badge provider-${u.loginFrom.toLowerCase()}`}>{u.loginFrom === 'Google' ? t('adminUsers.providers.google') : u.loginFrom === 'Facebook' ? t('adminUsers.providers.facebook') : u.loginFrom}</span>,
      },
      { key: 'joined', header: t('adminUsers.columns.joinDate'), text: (u) => formatDate(u.createdAt, i18n.language) },
    ],
    [t, i18n.language],
  );
  return (
    <AdminPage title={t('adminUsers.oauthTitle')} testId="admin-oauth-users">
      {list.error ? (
        <KeysetError error={list.error} position={position} onRetry={list.reload} />
      ) : (
        <DataTable
          title={t('adminUsers.oauthTitle')}
          columns={columns}
          rows={list.data?.items}
          loading={list.loading}
          pageSize={OAUTH_PAGE_SIZE}
          rowKey={(u) => u._id}
          fileName={`social-sign-up-users-${position.page}.csv`}
          keyset={<KeysetPager position={position} next={list.data?.next} />}
          testId="oauth-table"
        />
      )}
    </AdminPage>
  );
}
