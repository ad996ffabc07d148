// The back office's one modal dialog (Messages, Mass mailing, Store).
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '@taal/web-shared/i18n';

/** A modal dialog (the native <dialog>: focus stays inside, Escape closes it). */
export function Modal({ title, open, onClose, children, testId }: { title: string; open: boolean; onClose: () => void; children: ReactNode; testId: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const { t } = useTranslation();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} className="modal" onClose={onClose} data-testid={testId} aria-labelledby={`${testId}-title`}>
      <header className="modal-head">
        <h2 id={`${testId}-title`}>{title}</h2>
        <button type="button" className="linklike" aria-label={t('common.close')} onClick={onClose}>
          ×
        </button>
      </header>
      {open && children}
    </dialog>
  );
}
