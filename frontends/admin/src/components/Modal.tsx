// The back office's one modal dialog (Messages, Mass mailing, Store), and the one confirmation
// every delete asks through it (useConfirm).
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
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

/**
 * The back office's one "are you sure" before a delete: `ask(text)` opens the dialog and answers
 * true when Delete is clicked, false on Cancel, Escape or ×; render `dialog` once in the screen.
 * `ask(text, yes)` names the action on the button when it is not a delete (e.g. Hide).
 */
export function useConfirm(): { ask: (text: string, yes?: string) => Promise<boolean>; dialog: ReactNode } {
  const { t } = useTranslation();
  const [pending, setPending] = useState<{ text: string; yes?: string; resolve: (ok: boolean) => void } | null>(null);
  const ask = useCallback((text: string, yes?: string) => new Promise<boolean>((resolve) => setPending({ text, yes, resolve })), []);
  const reply = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };
  const dialog = (
    <Modal title={t('common.confirmTitle')} open={pending !== null} onClose={() => reply(false)} testId="confirm-dialog">
      <p data-testid="confirm-text">{pending?.text}</p>
      <div className="modal-actions">
        <button type="button" className="btn btn-outline" onClick={() => reply(false)} data-testid="confirm-no">
          {t('common.cancel')}
        </button>
        <button type="button" className="btn btn-danger" onClick={() => reply(true)} data-testid="confirm-yes">
          {pending?.yes ?? t('common.delete')}
        </button>
      </div>
    </Modal>
  );
  return { ask, dialog };
}
