// Type tests of the typed API client, compiled by the frontends' type check (npm run build:apps,
// typecheck:apps) and never bundled: each `@ts-expect-error` fails the check when the call it
// marks becomes valid, and each unmarked call fails it when it stops being valid.
import { answer, authApi, publicApi } from '@taal/web-shared/api';

export function apiTypeTests(): void {
  // A documented route with its documented body is fine.
  void answer(publicApi.POST('/api/v1/user/login/', { body: { email: 'student@taal.local', password: 'student123' } }));
  void answer(authApi.GET('/api/v1/user/{id}/', { params: { path: { id: '00000000-0000-4000-8000-000000000001' } } }));

  // The contact form's call (messaging); a body without its message is refused.
  void answer(publicApi.POST('/api/v1/contact/', { body: { name: 'A', email: 'a@example.com', message: 'Hello' } }));
  // @ts-expect-error the contact body needs `message`
  void publicApi.POST('/api/v1/contact/', { body: { name: 'A', email: 'a@example.com' } });

  // @ts-expect-error no such route
  void authApi.GET('/api/v1/user/no-such-route');

  // @ts-expect-error the login body has no `user` field, it needs `email`
  void publicApi.POST('/api/v1/user/login/', { body: { user: 'student@taal.local', password: 'student123' } });

  // @ts-expect-error a course is read, never posted
  void publicApi.POST('/api/v1/course/');
}
