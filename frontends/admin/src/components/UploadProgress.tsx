// An upload's progress bar and percentage (back office §4: 0 to 100, back to 0 when the upload
// ends), as every upload form of the back office shows it.
import { formatNumber } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';

export function UploadProgress({ progress, testId }: { progress: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="upload-progress" data-testid={testId && `${testId}-wrap`}>
      <div
        className="upload-bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-label={t('adminCourses.progress')}
        data-testid={testId}
        data-value={progress}
      >
        <span style={{ width: `${progress}%` }} />
      </div>
      <span className="upload-percent">{formatNumber(progress)}%</span>
    </div>
  );
}
