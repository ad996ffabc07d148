// A user's own photo (issue 40: a student never saw the photo sign-up asks for): GET user/{id}/photo
// needs the token, so it is fetched with it and shown from a blob URL. The path carries the photo's
// version (`?v=`), so a new photo is a new path and is fetched again.
import { useEffect, useState } from 'react';
import { protectedBlobUrl } from '@taal/web-shared/api';

/** A blob URL of the protected image at `path` (null while it loads, when there is none or it failed). */
export function useProtectedImage(path: string | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!path) return;
    let live = true;
    let made: string | null = null;
    protectedBlobUrl(path).then(
      (u) => {
        made = u;
        if (live) setUrl(u);
        else URL.revokeObjectURL(u);
      },
      () => undefined,
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [path]);
  return url;
}

/** The photo at `path` as a round picture of `size` px, or `fallback` until (or unless) it loads. */
export function UserPhoto({ path, size, alt = '', fallback = null, testId }: { path: string | null | undefined; size: number; alt?: string; fallback?: React.ReactNode; testId?: string }) {
  const url = useProtectedImage(path);
  return url ? <img className="own-photo" src={url} alt={alt} width={size} height={size} data-testid={testId} /> : <>{fallback}</>;
}
