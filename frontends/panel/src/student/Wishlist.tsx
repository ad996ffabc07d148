// Tab 1, Wishlist (spec §2): the student's wished courses (GET wishlist/{userId} gives course ids;
// titles and thumbnails come from the catalogue), each linking to its course page, with Remove
// (POST wishlist/delete/). An empty list says so.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { answer, api, authApi } from '@taal/web-shared/api';
import { translateApiError } from '@taal/web-shared/errors';
import { formatDate } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import type { SessionUser } from '@taal/web-shared/session';
import { toast } from '@taal/web-shared/toast';
import type { Course } from '@taal/web-shared/types';
import { useAsync } from '@taal/web-shared/useAsync';
import type { WishlistItem } from '../types';
import { Empty, LoadError, Loading } from '@taal/web-shared/ui';
import { linkTo } from '@taal/web-shared/routes';

const courseLink = (id: string) => linkTo('/courseview', { id });

function WishlistRow({ item, onRemove, busy }: { item: WishlistItem; onRemove: () => void; busy: boolean }) {
  const { t, i18n } = useTranslation();
  // A course that is gone or unpublished is still listed (and removable), without details.
  const course = useAsync<Course | null>(() => api.course(item.course).catch(() => null), [item.course]);
  const c = course.data;
  return (
    <li className="card wish-item" data-testid="wishlist-item" data-course={item.course}>
      <Link to={courseLink(item.course)} className="wish-thumb" tabIndex={-1} aria-hidden="true">
        {c?.thumbnail ? <img src={c.thumbnail} alt="" loading="lazy" /> : <span />}
      </Link>
      <div className="wish-body">
        <h3>
          {course.loading ? (
            <span className="muted">{t('common.loading')}</span>
          ) : c ? (
            <Link to={courseLink(item.course)} data-testid="wishlist-course-link">
              {c.title}
            </Link>
          ) : (
            <span className="muted">{t('studentPanel.wishlist.unavailable')}</span>
          )}
        </h3>
        {c && <p className="muted wish-sub">{c.subtitle}</p>}
        <p className="muted wish-added">{t('studentPanel.wishlist.added', { date: formatDate(item.addedAt, i18n.language) })}</p>
      </div>
      <div className="wish-actions">
        {c && (
          <Link to={courseLink(item.course)} className="btn btn-outline btn-sm">
            {t('studentPanel.wishlist.view')}
          </Link>
        )}
        <button type="button" className="btn btn-sm btn-danger" disabled={busy} onClick={onRemove} data-testid="wishlist-remove">
          {t('studentPanel.wishlist.remove')}
        </button>
      </div>
    </li>
  );
}

export default function Wishlist({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const loaded = useAsync(async () => (await answer(authApi.GET('/api/v1/wishlist/{userId}', { params: { path: { userId: user._id } } }))).data, [user._id]);
  const [items, setItems] = useState<WishlistItem[] | undefined>(undefined);
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => setItems(loaded.data), [loaded.data]);

  const remove = async (course: string) => {
    setBusy(course);
    try {
      const { data } = await answer(authApi.POST('/api/v1/wishlist/delete/', { body: { user: user._id, course } }));
      setItems(data);
      toast(t('studentPanel.wishlist.removed'), 'success');
    } catch (err) {
      toast(translateApiError(t, err), 'error');
    } finally {
      setBusy(null);
    }
  };

  if (loaded.error) return <LoadError onRetry={loaded.reload} />;
  if (!items) return <Loading />;
  if (!items.length)
    return (
      <Empty
        testId="wishlist-empty"
        action={
          <Link to={linkTo('/allcourses')} className="btn btn-primary btn-sm">
            {t('studentPanel.browseCourses')}
          </Link>
        }
      >
        {t('studentPanel.wishlist.empty')}
      </Empty>
    );
  return (
    <ul className="wish-list" data-testid="wishlist">
      {items.map((item) => (
        <WishlistRow key={item.course} item={item} busy={busy === item.course} onRemove={() => void remove(item.course)} />
      ))}
    </ul>
  );
}
