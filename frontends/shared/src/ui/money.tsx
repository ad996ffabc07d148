// Money in BDT in the page's language, and copying a text to the clipboard (issue 39's one UI layer).
import { useTranslation } from '@taal/web-shared/i18n';
import { formatMoney } from '@taal/web-shared/format';

/** An amount in BDT with 2 decimals, thousands grouped, in the page's digits, as the PDFs print it (the API sends integer poisha). */
export function Money({ poisha, className }: { poisha: number; className?: string }) {
  const { i18n } = useTranslation(); // re-renders on a language change
  return <span className={className}>{formatMoney(poisha, i18n.language)}</span>;
}

/** Puts `text` on the clipboard: true when it is there (without the clipboard API, plain http, through a hidden selection). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}
