/**
 * Rich text that visitors read as HTML (freebie and course descriptions; decisions 0017, 0020):
 * sanitised against one allow-list when it is written, so every reader of the public API gets
 * clean HTML, not only our own web client. Pure: no I/O.
 */
import sanitize from 'sanitize-html';
import { plainCharacters } from '@taal/kit';

/**
 * The allow-list of rich text (freebie and course descriptions): the formatting an editor produces (paragraphs,
 * headings, emphasis, lists, quotes, code, rules), links and images. Nothing else survives:
 * no script, style, iframe, form or SVG, no `on*` or `style` attribute, and URLs only with
 * http(s) or mailto (links) and http(s) (images) or a same-site path, never `javascript:` or `data:`.
 */
export const RICH_TEXT_ALLOW_LIST: sanitize.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'sub', 'sup', 'mark',
    'blockquote', 'code', 'pre', 'ul', 'ol', 'li', 'a', 'img', 'span', 'div', 'figure', 'figcaption',
    'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Dropped with their content, not unwrapped: their text is code or markup, not prose.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math', 'title', 'head'],
  disallowedTagsMode: 'discard',
  // Every link opens in a new tab without handing the opener over.
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Rich text as stored: sanitised against the allow-list, trimmed. */
export function sanitizeRichText(html: string): string {
  return sanitize(html, RICH_TEXT_ALLOW_LIST).trim();
}

/**
 * An instructor's bio as stored: rich text (the storefront shows it as HTML) through the allow-list,
 * its characters through the one plain-text sanitiser's character step (@taal/kit, decision 0064):
 * no direction overrides or invisible characters, as in every other text a user writes.
 */
export function sanitizeBio(html: string): string {
  return sanitizeRichText(plainCharacters(html));
}

/** The visible text of sanitised HTML (is the description empty once its markup is gone?). */
export function textOf(html: string): string {
  return sanitize(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;/g, ' ').trim();
}

/** Whether sanitised HTML shows anything: some text, or an image. */
export function hasRichContent(html: string): boolean {
  return textOf(html) !== '' || /<img\s/i.test(html);
}
