// A take's result (decision 0081): the pitch and timing scores apart, then note by note whether it
// was right, sharp or flat (cents), a wrong note or missed, and on time, early or late (ms).
import { formatNumber } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import type { NoteResult, TakeScore } from '@taal/web-shared/listen/score';

const NAMES = ['C', 'C♯', 'D', 'D♯', 'E', 'F', 'F♯', 'G', 'G♯', 'A', 'A♯', 'B'];
const SARGAM = ['সা', 'ঋ', 'রে', 'জ্ঞ', 'গা', 'মা', 'হ্মা', 'পা', 'দ', 'ধা', 'ণ', 'নি'];

function NoteRow({ n, bengali, percussive }: { n: NoteResult; bengali: boolean; percussive: boolean }) {
  const { t, i18n } = useTranslation();
  const num = (v: number) => formatNumber(v, i18n.resolvedLanguage);
  const name = percussive ? t('practice.play.hit') : `${(bengali ? SARGAM : NAMES)[n.midi % 12]}${num(Math.floor(n.midi / 12) - 1)}`;
  const signed = (v: number) => `${v > 0 ? '+' : v < 0 ? '−' : '±'}${num(Math.abs(v))}`;
  const pitch =
    n.pitch === 'sharp' || n.pitch === 'flat'
      ? t(`practice.play.pitch.${n.pitch}`, { cents: signed(n.cents ?? 0) })
      : n.pitch === 'wrong' && n.cents !== null
        ? t('practice.play.pitch.wrongBy', { cents: signed(n.cents) })
        : t(`practice.play.pitch.${n.pitch}`);
  const timing = n.timing === 'early' || n.timing === 'late' ? t(`practice.play.timing.${n.timing}`, { ms: num(Math.abs(n.offsetMs ?? 0)) }) : t(`practice.play.timing.${n.timing}`);
  const pitchOff = n.pitch !== 'right' && n.pitch !== 'unpitched';
  const timingOff = n.timing !== 'onTime';
  return (
    <tr className={pitchOff || timingOff ? 'take-marked' : 'take-ok'} data-testid="take-note" data-index={n.index} data-pitch={n.pitch} data-timing={n.timing} data-cents={n.cents ?? ''} data-ms={n.offsetMs ?? ''}>
      <td>{num(n.index + 1)}</td>
      <td>{name}</td>
      <td className={pitchOff ? 'take-off' : ''} data-testid="take-note-pitch">
        {pitch}
      </td>
      <td className={timingOff ? 'take-off' : ''} data-testid="take-note-timing">
        {timing}
      </td>
    </tr>
  );
}

export function TakeResult({ score, percussive }: { score: TakeScore; percussive: boolean }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage;
  const bengali = lng?.startsWith('bn') ?? false;
  return (
    <div className="take-result" data-testid="take-result" data-score={score.score}>
      <p className="take-scores">
        {score.pitchScore !== null && (
          <span data-testid="take-pitch-score" data-value={score.pitchScore}>
            {t('practice.play.pitchScore', { n: formatNumber(score.pitchScore, lng) })}
          </span>
        )}
        <span data-testid="take-timing-score" data-value={score.timingScore}>
          {t('practice.play.timingScore', { n: formatNumber(score.timingScore, lng) })}
        </span>
        <strong data-testid="take-score">{t('practice.play.score', { n: formatNumber(score.score, lng) })}</strong>
      </p>
      <table className="table take-notes">
        <thead>
          <tr>
            <th>#</th>
            <th>{t('practice.play.note')}</th>
            <th>{t('practice.play.pitchHead')}</th>
            <th>{t('practice.play.timingHead')}</th>
          </tr>
        </thead>
        <tbody>
          {score.notes.map((n) => (
            <NoteRow key={n.index} n={n} bengali={bengali} percussive={percussive} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
