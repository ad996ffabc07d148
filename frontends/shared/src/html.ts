// Course and instructor descriptions arrive as HTML from the API: keep a small set of
// formatting tags, drop everything else (scripts, styles, event handlers, unsafe links).
const KEEP = new Set(['P', 'BR', 'STRONG', 'B', 'EM', 'I', 'U', 'UL', 'OL', 'LI', 'H2', 'H3', 'H4', 'BLOCKQUOTE', 'A', 'SPAN']);
const DROP = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT', 'SVG', 'MATH', 'FORM', 'INPUT', 'BUTTON', 'TEXTAREA', 'SELECT']);

function clean(node: Element) {
  for (const child of Array.from(node.children)) {
    if (DROP.has(child.tagName)) {
      child.remove();
      continue;
    }
    clean(child);
    if (!KEEP.has(child.tagName)) {
      child.replaceWith(...Array.from(child.childNodes));
      continue;
    }
    for (const attr of Array.from(child.attributes)) {
      const safeLink = child.tagName === 'A' && attr.name === 'href' && /^(https?:|\/(?!\/))/i.test(attr.value.trim());
      if (!safeLink) child.removeAttribute(attr.name);
    }
    if (child.tagName === 'A') {
      child.setAttribute('target', '_blank');
      child.setAttribute('rel', 'noopener noreferrer');
    }
  }
}

export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  clean(doc.body);
  return doc.body.innerHTML;
}

/** True when the text contains markup (otherwise it is shown as plain text, line breaks kept). */
export const looksLikeHtml = (text: string) => /<[a-z][\s\S]*>/i.test(text);
