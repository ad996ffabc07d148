// Messages and notifications through the typed gateway client (messaging, issue 13). The lists are read
// a server page at a time by their screens (student/Messages.tsx, instructor/Messages.tsx,
// Notifications.tsx: the paged routes, decision 0085); nothing here reads a whole list (decision 0089).
import { answer, authApi, type ApiPaths } from '@taal/web-shared/api';

export type StudentMessage = ApiPaths['/api/v1/contact/u/c/{userId}/page']['get']['responses'][200]['content']['application/json']['data']['items'][number];

/** Raised after the /notifications page marked one read, so the header's bell follows. */
export const NOTIFICATIONS_CHANGED_EVENT = 'taal:notifications-changed';

export const messaging = {
  reply: async (id: string, reply: string) => (await answer(authApi.POST('/api/v1/contact/r/{id}', { params: { path: { id } }, body: { reply } }))).data,
  markRead: async (userId: string, notificationId: string) => {
    await answer(authApi.DELETE('/api/v1/notification/user/{userId}/{notificationId}', { params: { path: { userId, notificationId } } }));
    window.dispatchEvent(new Event(NOTIFICATIONS_CHANGED_EVENT));
  },
};
