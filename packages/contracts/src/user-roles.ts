/**
 * The account types (roles), declared once. The numbers are part of the public API (the
 * spec's `type` field and `/user/type/:type`), so every service, the gateway and the
 * frontends import them from here. Pure code without dependencies (browser-safe).
 */
export const UserRoles = { admin: 1, content: 2, instructor: 3, student: 4 } as const;

/** 1 admin, 2 content uploader, 3 instructor, 4 student. */
export type UserRole = (typeof UserRoles)[keyof typeof UserRoles];

const ROLE_VALUES: readonly number[] = Object.values(UserRoles);

export function isUserRole(value: number): value is UserRole {
  return ROLE_VALUES.includes(value);
}
