/** The video id of a YouTube link (the catalogue accepts only these forms); null otherwise. */
export function youtubeId(link: string): string | null {
  try {
    const url = new URL(link.startsWith('http') ? link : `https://www.youtube.com/watch?v=${link}`);
    const host = url.hostname.toLowerCase();
    let id: string | null = null;
    if (host === 'youtu.be') id = url.pathname.slice(1).split('/')[0] ?? null;
    else if (/(^|\.)youtube(-nocookie)?\.com$/.test(host)) id = url.pathname === '/watch' ? url.searchParams.get('v') : (/^\/(embed|shorts|live|v)\/([^/]+)/.exec(url.pathname)?.[2] ?? null);
    return id && /^[A-Za-z0-9_-]{11}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

/**
 * A YouTube video played in the page (the privacy-enhanced embed the CSP allows, decision 0009).
 * The server's picture of a first screen (decision 0070) keeps its place empty: the app loads it.
 */
export function YouTubePlayer({ id, title, testId }: { id: string; title: string; testId?: string }) {
  return (
    <iframe
      src={(typeof FIRST_SCREEN_SERVER !== 'undefined' && FIRST_SCREEN_SERVER) ? undefined : `https://www.youtube-nocookie.com/embed/${id}`}
      title={title}
      loading="lazy"
      allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
      referrerPolicy="strict-origin-when-cross-origin"
      sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
      data-testid={testId}
    />
  );
}
