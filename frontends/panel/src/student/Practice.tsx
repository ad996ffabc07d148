// Student tab "Practice" (issue 54 item 3, decision 0081): the practice log learning keeps from
// what the tuner and the play-along heard (not from pages left open): minutes per Dhaka day and per
// course over the last 14 days, the best score per passage, and the streak. A lazy tab.
import { addDays, dhakaDayBounds } from '@taal/contracts/web';
import { answer, api, authApi, type ApiPaths } from '@taal/web-shared/api';
import { formatDate, formatNumber } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import type { SessionUser } from '@taal/web-shared/session';
import { useAsync } from '@taal/web-shared/useAsync';
import { Empty, LoadError, Loading } from '@taal/web-shared/ui';
import '../practice.css';

type Log = ApiPaths['/api/v1/practice/log']['get']['responses'][200]['content']['application/json']['data'];

/** Minutes, one decimal below ten (a short take still shows). */
const minutesOf = (seconds: number) => (seconds < 600 ? Math.round(seconds / 6) / 10 : Math.round(seconds / 60));

export default function Practice({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage;
  const log = useAsync(async () => {
    const data: Log = (await answer(authApi.GET('/api/v1/practice/log', { params: { query: { days: 14 } } }))).data;
    // The titles of the log's own courses, each read by id (a few; `course/` holds only the newest 25: decision 0089).
    const ids = [...new Set([...data.days.map((d) => d.courseId), ...data.passages.map((p) => p.courseId)])];
    const named = await Promise.all(ids.map((id) => api.course(id).then((c) => [id, c.title] as const, () => null)));
    return { data, titles: new Map(named.filter((n) => n !== null)) };
  }, [user._id]);
  if (log.error) return <LoadError onRetry={log.reload} />;
  if (!log.data) return <Loading />;
  const { data, titles }: { data: Log; titles: Map<string, string> } = log.data;
  const titleOf = (courseId: string) => titles.get(courseId) ?? t('practice.log.someCourse');
  const total = data.days.reduce((sum, d) => sum + d.seconds, 0);
  if (!total && !data.passages.length) return <Empty testId="practice-empty">{t('practice.log.empty')}</Empty>;

  const perDay = new Map<string, number>();
  const perCourse = new Map<string, number>();
  for (const d of data.days) {
    perDay.set(d.day, (perDay.get(d.day) ?? 0) + d.seconds);
    perCourse.set(d.courseId, (perCourse.get(d.courseId) ?? 0) + d.seconds);
  }
  const days = Array.from({ length: 14 }, (_, i) => addDays(data.today, -i));
  const most = Math.max(1, ...perDay.values());
  const num = (n: number) => formatNumber(n, lng);

  return (
    <div className="practice-log" data-testid="practice-log">
      <div className="practice-figures">
        <p className="practice-figure" data-testid="practice-streak" data-days={data.streakDays}>
          <strong>{num(data.streakDays)}</strong> {t('practice.log.streak', { count: data.streakDays })}
        </p>
        <p className="practice-figure" data-testid="practice-total" data-seconds={total}>
          <strong>{num(minutesOf(total))}</strong> {t('practice.log.minutesIn14')}
        </p>
      </div>

      <h3>{t('practice.log.perDay')}</h3>
      <ul className="practice-days" data-testid="practice-days">
        {days.map((day) => {
          const seconds = perDay.get(day) ?? 0;
          return (
            <li key={day} data-testid="practice-day" data-day={day} data-seconds={seconds}>
              <span className="practice-day-date">{formatDate(dhakaDayBounds(day).start, lng)}</span>
              <span className="practice-bar" aria-hidden="true">
                <span style={{ width: `${Math.round((seconds / most) * 100)}%` }} />
              </span>
              <span className="practice-day-min">{t('practice.log.minutes', { count: minutesOf(seconds), n: num(minutesOf(seconds)) })}</span>
            </li>
          );
        })}
      </ul>

      <h3>{t('practice.log.perCourse')}</h3>
      <ul className="practice-courses">
        {[...perCourse.entries()].map(([courseId, seconds]) => (
          <li key={courseId} data-testid="practice-course" data-course-id={courseId} data-seconds={seconds}>
            <span>{titleOf(courseId)}</span> · <span>{t('practice.log.minutes', { count: minutesOf(seconds), n: num(minutesOf(seconds)) })}</span>
          </li>
        ))}
      </ul>

      <h3>{t('practice.log.bestScores')}</h3>
      {data.passages.length ? (
        <table className="table practice-bests">
          <thead>
            <tr>
              <th>{t('practice.log.passage')}</th>
              <th>{t('practice.log.course')}</th>
              <th>{t('practice.log.best')}</th>
              <th>{t('practice.log.last')}</th>
              <th>{t('practice.log.takes')}</th>
            </tr>
          </thead>
          <tbody>
            {data.passages.map((p) => (
              <tr key={p.passageId} data-testid="practice-best" data-passage-id={p.passageId} data-best={p.bestScore}>
                <td>{p.title || t('practice.log.deletedPassage')}</td>
                <td>{titleOf(p.courseId)}</td>
                <td>{num(p.bestScore)}%</td>
                <td>{num(p.lastScore)}%</td>
                <td>{num(p.takes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">{t('practice.log.noScores')}</p>
      )}
    </div>
  );
}
