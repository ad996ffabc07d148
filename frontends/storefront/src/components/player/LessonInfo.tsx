// Under the lesson player: its title, the student's practice time and where it resumed.
import { useTranslation } from '@taal/web-shared/i18n';
import { clock, type Lesson } from '../../learning';

export function LessonInfo({ lesson, student, practiceSeconds, resumedAt, onStartOver }: { lesson: Lesson; student: boolean; practiceSeconds: number; resumedAt: number | null; onStartOver: () => void }) {
  const { t } = useTranslation();
  const practiceMinutes = Math.floor(practiceSeconds / 60);
  return (
    <div className="player-info">
      <h3 data-testid="player-title">{t('player.lessonTitle', { position: lesson.position, title: lesson.originalname })}</h3>
      {student && (
        <p className="muted" data-testid="practice-time" data-seconds={practiceSeconds}>
          {practiceSeconds === 0 ? t('player.noPractice') : practiceSeconds < 60 ? t('player.practiceUnderMinute') : t('player.practiceMinutes', { count: practiceMinutes })}
        </p>
      )}
      {resumedAt !== null && (
        <p className="resume-note" data-testid="resume-note">
          {t('player.resumed', { time: clock(resumedAt) })}{' '}
          <button
            type="button"
            className="link-btn"
            onClick={onStartOver}
          >
            {t('player.startOver')}
          </button>
        </p>
      )}
    </div>
  );
}
