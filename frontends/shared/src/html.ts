// Course and instructor descriptions arrive as HTML from the API: keep a small set of
// formatting tags, drop everything else (scripts, styles, event handlers, unsafe links).
// Freebie descriptions (`{ rich: true }`) also keep images, headings, code and tables; the
// catalogue has already sanitised them against its own allow-list (decision 0017), this is
// the second gate.
const KEEP = new Set(['P', 'BR', 'STRONG', 'B', 'EM', 'I', 'U', 'UL', 'OL', 'LI', 'H2', 'H3', 'H4', 'BLOCKQUOTE', 'A', 'SPAN']);
const KEEP_RICH = new Set([
  ...KEEP, 'H1', 'H5', 'H6', 'S', 'DEL', 'SUB', 'SUP', 'MARK', 'CODE', 'PRE', 'HR', 'IMG', 'DIV', 'FIGURE', 'FIGCAPTION',
  'TABLE', 'THEAD', 'TBODY', 'TR', 'TH', 'TD',
]);
const DROP = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT', 'SVG', 'MATH', 'FORM', 'INPUT', 'BUTTON', 'TEXTAREA', 'SELECT']);
const SAFE_URL = /^(https?:|\/(?!\/))/i;

function keepAttribute(tag: string, name: string, value: string): boolean {
  if (tag === 'A' && name === 'href') return SAFE_URL.test(value.trim()) || /^mailto:/i.test(value.trim());
  if (tag === 'IMG' && name === 'src') return SAFE_URL.test(value.trim());
  if (tag === 'IMG' && (name === 'alt' || name === 'title')) return true;
  if (tag === 'OL' && name === 'start') return /^\d{1,6}$/.test(value);
  return false;
}

function clean(node: Element, keep: Set<string>) {
  for (const child of Array.from(node.children)) {
    if (DROP.has(child.tagName)) {
      child.remove();
      continue;
    }
    clean(child, keep);
    if (!keep.has(child.tagName)) {
      child.replaceWith(...Array.from(child.childNodes));
      continue;
    }
    for (const attr of Array.from(child.attributes)) {
      if (!keepAttribute(child.tagName, attr.name, attr.value)) child.removeAttribute(attr.name);
    }
    if (child.tagName === 'IMG' && !child.hasAttribute('src')) child.remove();
    if (child.tagName === 'A') {
      child.setAttribute('target', '_blank');
      child.setAttribute('rel', 'noopener noreferrer');
    }
  }
}

export function sanitizeHtml(html: string, options: { rich?: boolean } = {}): string {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  clean(doc.body, options.rich ? KEEP_RICH : KEEP);
  return doc.body.innerHTML;
}

/** True when the text contains markup (otherwise it is shown as plain text, line breaks kept). */
export const looksLikeHtml = (text: string) => /<[a-z][\s\S]*>/i.test(text);
