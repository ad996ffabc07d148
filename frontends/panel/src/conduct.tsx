// Conduct in the panel's messages (issue 53, decision 0076): whom the caller has blocked, and the
// Block/Unblock button beside a message (a student blocks the instructor it was sent to, an
// instructor the student who sent it). A blocked sender's messages or replies are refused.
import { useState } from 'react';
import { answer, authApi } from '@taal/web-shared/api';
import { useTranslation } from '@taal/web-shared/i18n';
import { useAsync } from '@taal/web-shared/useAsync';
import { useSubmit } from '@taal/web-shared/ui';

/** The parties the caller has blocked ("user:<id>", "instructor:<profile id>"), kept as changed here. */
export function useBlocks() {
  const loaded = useAsync(async () => (await answer(authApi.GET('/api/v1/contact/blocks'))).data.map((b) => b.blocked), []);
  const [changed, setChanged] = useState<Record<string, boolean>>({});
  return {
    isBlocked: (party: string) => changed[party] ?? (loaded.data ?? []).includes(party),
    set: (party: string, blocked: boolean) => setChanged((all) => ({ ...all, [party]: blocked })),
  };
}

export function BlockButton({ messageId, party, blocks, name }: { messageId: string; party: string; blocks: ReturnType<typeof useBlocks>; name: string }) {
  const { t } = useTranslation();
  const { busy, submit } = useSubmit();
  const blocked = blocks.isBlocked(party);
  const toggle = async () => {
    if (!blocked && !window.confirm(t('conduct.blockConfirm', { name }))) return;
    const done = await submit(() => answer(authApi.PUT('/api/v1/contact/block/{messageId}', { params: { path: { messageId } }, body: { blocked: !blocked } })), {
      done: t(blocked ? 'conduct.unblocked' : 'conduct.blocked', { name }),
      failedKey: 'conduct.blockFailed',
    });
    if (done) blocks.set(party, !blocked);
  };
  return (
    <button type="button" className="btn btn-sm btn-outline" aria-pressed={blocked} disabled={busy} onClick={() => void toggle()} data-testid="block-toggle">
      {t(blocked ? 'conduct.unblock' : 'conduct.block', { name })}
    </button>
  );
}
