import { useMemo } from 'react';
import { looksLikeHtml, sanitizeHtml } from '@taal/web-shared/html';

/** HTML from the API, sanitised; plain text keeps its line breaks. */
export function RichText({ text, className = 'desc' }: { text: string | undefined; className?: string }) {
  const html = useMemo(() => (text && looksLikeHtml(text) ? sanitizeHtml(text) : null), [text]);
  if (!text) return null;
  if (html === null) return <p className={className}>{text}</p>;
  return <div className={`${className} rich-text`} dangerouslySetInnerHTML={{ __html: html }} />;
}
