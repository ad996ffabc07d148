// A labelled form field with its error under it (the course and instructor forms).
import type { ReactNode } from 'react';

export function Field({ label, error, children }: { label: string; error?: string; children: ReactNode }) {
  return (
    <label className="form-field">
      <span>{label}</span>
      {children}
      {error && <small className="field-error">{error}</small>}
    </label>
  );
}

type Named = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Each named field of a form with its label as shown (a tier's name before its price fields): what a refusal's list names. */
export function fieldLabels(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  form.querySelectorAll<Named>('[name]').forEach((el) => {
    const label = el.closest('label')?.querySelector('span')?.textContent ?? el.getAttribute('aria-label') ?? el.name;
    const group = el.closest('.tier-box')?.querySelector('strong')?.textContent;
    out[el.name] = group ? `${group} · ${label}` : label;
  });
  return out;
}

/** The names of the form's required fields left empty (a file field: no file chosen). */
export function missingRequired(form: HTMLFormElement): string[] {
  return Array.from(form.querySelectorAll<Named>('[required][name]'))
    .filter((el) => (el instanceof HTMLInputElement && el.type === 'file' ? !el.files?.length : !el.value.trim()))
    .map((el) => el.name);
}
