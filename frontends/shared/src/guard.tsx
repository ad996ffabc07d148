// Role guard placeholder (spec §6): anyone whose session type is not allowed goes to /.
import React from 'react';
import { Navigate } from 'react-router-dom';
import { getSession } from './session';

export function RoleGuard({ allow, children }: { allow: number[]; children: React.ReactNode }) {
  const session = getSession();
  if (!session.loggedIn || session.type === null || !allow.includes(session.type)) return <Navigate to="/" replace />;
  return <>{children}</>;
}
