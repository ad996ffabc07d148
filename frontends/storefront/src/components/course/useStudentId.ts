import { useEffect, useState } from 'react';
import { SESSION_EVENT } from '@taal/web-shared/session';
import { currentStudent } from '../../commerce';

/** The logged-in student's id, following logins and logouts. */
export function useStudentId(): string | null {
  const [id, setId] = useState(() => currentStudent()?._id ?? null);
  useEffect(() => {
    const update = () => setId(currentStudent()?._id ?? null);
    window.addEventListener(SESSION_EVENT, update);
    window.addEventListener('storage', update);
    return () => {
      window.removeEventListener(SESSION_EVENT, update);
      window.removeEventListener('storage', update);
    };
  }, []);
  return id;
}
