// The frame of a back-office page (its loading, empty and error states: @taal/web-shared/ui).
import type { ReactNode } from 'react';

export function AdminPage({ title, actions, children, testId }: { title: string; actions?: ReactNode; children: ReactNode; testId: string }) {
  return (
    <section className="admin-page" data-testid={testId}>
      <header className="admin-page-head">
        <h1>{title}</h1>
        {actions && <div className="admin-page-actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}
