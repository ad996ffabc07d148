// Messages and notifications through the typed gateway client (messaging, issue 13).
import { answer, authApi, type ApiPaths } from '@taal/web-shared/api';

export type StudentMessage = ApiPaths['/api/v1/contact/u/c/{userId}']['get']['responses'][200]['content']['application/json']['data'][number];

/** Raised after the /notifications page marked one read, so the header's bell follows. */
export const NOTIFICATIONS_CHANGED_EVENT = 'taal:notifications-changed';

export const messaging = {
  pending: async (userId: string) => (await answer(authApi.GET('/api/v1/contact/u/c/{userId}', { params: { path: { userId } } }))).data,
  answered: async (userId: string) => (await answer(authApi.GET('/api/v1/contact/u/p/{userId}', { params: { path: { userId } } }))).data,
  toInstructor: async (instructorId: string) =>
    (await answer(authApi.GET('/api/v1/contact/mystudent/{instructorId}', { params: { path: { instructorId } } }))).data,
  reply: async (id: string, reply: string) => (await answer(authApi.POST('/api/v1/contact/r/{id}', { params: { path: { id } }, body: { reply } }))).data,
  /** Every notification of the user; system ones written in `lang` (the page's language). */
  notifications: async (userId: string, lang: 'en' | 'bn') =>
    (await answer(authApi.GET('/api/v1/notification/user/{userId}/all', { params: { path: { userId }, query: { lang } } }))).data,
  markRead: async (userId: string, notificationId: string) => {
    await answer(authApi.DELETE('/api/v1/notification/user/{userId}/{notificationId}', { params: { path: { userId, notificationId } } }));
    window.dispatchEvent(new Event(NOTIFICATIONS_CHANGED_EVENT));
  },
};
