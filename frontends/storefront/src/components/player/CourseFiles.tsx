import { useState } from 'react';
import { protectedBlobUrl } from '@taal/web-shared/api';
import { useTranslation } from '@taal/web-shared/i18n';
import { toast } from '@taal/web-shared/toast';
import { LockIcon } from './icons';

/** A course file as the course lists it (a PDF behind the course's own check). */
export interface CourseDocument {
  name: string;
  url: string;
}

/** The course file (spec §2, §6): downloadable by those who see the whole course; locked for the rest. */
export function CourseFiles({ documents, fullAccess, onLocked }: { documents: readonly CourseDocument[]; fullAccess: boolean; onLocked: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (d: CourseDocument) => {
    if (!fullAccess) return onLocked();
    setBusy(d.url);
    try {
      const href = await protectedBlobUrl(d.url);
      const a = document.createElement('a');
      a.href = href;
      a.download = d.name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
    } catch {
      toast(t('player.fileFailed'), 'error');
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="course-files" data-testid="course-files">
      <h3>{t('player.courseFile')}</h3>
      <ul>
        {documents.map((d) => (
          <li key={d.url}>
            <button type="button" className={`lesson-item ${fullAccess ? '' : 'locked'}`} onClick={() => void download(d)} disabled={busy === d.url} data-testid="course-file" data-locked={fullAccess ? 'false' : 'true'}>
              <span className="lesson-icon" aria-hidden="true">
                {fullAccess ? <span className="pdf-badge">PDF</span> : <LockIcon />}
              </span>
              <span className="lesson-name">{d.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
