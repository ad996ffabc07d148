import { useMemo } from 'react';
import { looksLikeHtml, sanitizeHtml } from '@taal/web-shared/html';

/** HTML from the API, sanitised; plain text keeps its line breaks. */
export function RichText({ text, className = 'desc' }: { text: string | undefined; className?: string }) {
  // The server drawing a first screen has no DOMParser to sanitise with: HTML waits for the app there.
  const server = (typeof FIRST_SCREEN_SERVER !== 'undefined' && FIRST_SCREEN_SERVER);
  const html = useMemo(() => (text && looksLikeHtml(text) && !server ? sanitizeHtml(text) : null), [text, server]);
  if (!text || (server && looksLikeHtml(text))) return null;
  if (html === null) return <p className={className}>{text}</p>;
  return <div className={`${className} rich-text`} dangerouslySetInnerHTML={{ __html: html }} />;
}
