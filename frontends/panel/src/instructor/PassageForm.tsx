// A new play-along passage of a lesson (issue 54 item 2, decision 0081): its title, start and end
// (the classroom's A–B loop, in seconds), and its reference: notes typed one a line ("C4 0 1": the
// note, its start beat, its length in beats) with a tempo, or a MIDI file (read by the server).
import { useState, type FormEvent } from 'react';
import { answer, authApi } from '@taal/web-shared/api';
import { refusalMessage, translateApiError } from '@taal/web-shared/errors';
import { useTranslation } from '@taal/web-shared/i18n';
import { parseNoteName } from '@taal/web-shared/listen/score';
import { NumberInput } from '@taal/web-shared/number-input';

const BENGALI = '০১২৩৪৫৬৭৮৯';
/** The server reads MIDI files of at most 256 KB (decision 0081). */
const MAX_MIDI_BYTES = 256 * 1024;
const latinDigits = (text: string) => text.replace(/[০-৯]/g, (d) => String(BENGALI.indexOf(d)));

/** "C4 0 1" lines (commas or semicolons also separate notes) to notes; the number of the first bad line otherwise. */
export function parseNotes(text: string): { notes: { midi: number; startBeat: number; lengthBeats: number }[] } | { badLine: number } {
  const lines = latinDigits(text)
    .split(/[\n,;]+/)
    .map((l) => l.trim())
    .filter(Boolean);
  const notes = [];
  for (const [i, line] of lines.entries()) {
    const [name, start, length] = line.split(/\s+/);
    const midi = parseNoteName(name ?? '');
    const startBeat = Number(start);
    const lengthBeats = Number(length);
    if (midi === null || !Number.isFinite(startBeat) || startBeat < 0 || !Number.isFinite(lengthBeats) || lengthBeats <= 0) return { badLine: i + 1 };
    notes.push({ midi, startBeat, lengthBeats });
  }
  return { notes };
}

const toBase64 = async (file: File) => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
};

export function PassageForm({ courseId, lessonId, onSaved }: { courseId: string; lessonId: string; onSaved: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [start, setStart] = useState('0');
  const [end, setEnd] = useState('8');
  const [bpm, setBpm] = useState('120');
  const [percussive, setPercussive] = useState(false);
  const [kind, setKind] = useState<'typed' | 'midi'>('typed');
  const [notesText, setNotesText] = useState('');
  const [midi, setMidi] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    const typed = kind === 'typed' ? parseNotes(notesText) : null;
    if (typed && 'badLine' in typed) return setError(t('practice.passages.badLine', { line: typed.badLine }));
    if (kind === 'midi' && !midi) return setError(t('practice.passages.chooseMidi'));
    if (kind === 'midi' && midi!.size > MAX_MIDI_BYTES) return setError(refusalMessage(t, 'MIDI_TOO_LARGE', { max: '256 KB' }) ?? '');
    setBusy(true);
    try {
      const body = {
        lessonId,
        title,
        startSeconds: Number(start),
        endSeconds: Number(end),
        bpm: Number(bpm),
        percussive,
        ...(typed ? { notes: typed.notes } : { midiBase64: await toBase64(midi!) }),
      };
      await answer(authApi.POST('/api/v1/courses/{courseId}/passages', { params: { path: { courseId } }, body }));
      setTitle('');
      setNotesText('');
      setMidi(null);
      onSaved();
    } catch (err) {
      setError(translateApiError(t, err, 'practice.passages.saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="passage-form card" onSubmit={submit} data-testid="passage-form">
      <h4>{t('practice.passages.new')}</h4>
      <label className="field">
        <span>{t('practice.passages.title')}</span>
        <input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={120} required data-testid="passage-title" />
      </label>
      <div className="passage-row">
        <label className="field">
          <span>{t('practice.passages.start')}</span>
          <NumberInput value={start} onChange={setStart} min={0} decimals={1} data-testid="passage-start" />
        </label>
        <label className="field">
          <span>{t('practice.passages.end')}</span>
          <NumberInput value={end} onChange={setEnd} min={0} decimals={1} data-testid="passage-end" />
        </label>
        <label className="field">
          <span>{t('player.bpm')}</span>
          <NumberInput value={bpm} onChange={setBpm} min={20} max={300} data-testid="passage-bpm" />
        </label>
        <label className="inline-field">
          <input type="checkbox" checked={percussive} onChange={(e) => setPercussive(e.target.checked)} data-testid="passage-percussive" />
          <span>{t('practice.passages.percussive')}</span>
        </label>
      </div>
      <fieldset className="passage-kind">
        <label className="inline-field">
          <input type="radio" name="kind" checked={kind === 'typed'} onChange={() => setKind('typed')} data-testid="passage-kind-typed" />
          <span>{t('practice.passages.typed')}</span>
        </label>
        <label className="inline-field">
          <input type="radio" name="kind" checked={kind === 'midi'} onChange={() => setKind('midi')} data-testid="passage-kind-midi" />
          <span>{t('practice.passages.midi')}</span>
        </label>
      </fieldset>
      {kind === 'typed' ? (
        <label className="field">
          <span>{t('practice.passages.notes')}</span>
          <textarea rows={5} value={notesText} onChange={(e) => setNotesText(e.target.value)} placeholder={'C4 0 1\nD4 1 1\nE4 2 2'} data-testid="passage-notes" />
          <small className="muted">{t('practice.passages.notesHelp')}</small>
        </label>
      ) : (
        <label className="field">
          <span>{t('practice.passages.midiFile')}</span>
          <input type="file" accept=".mid,.midi,audio/midi" onChange={(e) => setMidi(e.target.files?.[0] ?? null)} data-testid="passage-midi" />
        </label>
      )}
      {error && (
        <p className="field-error" role="alert" data-testid="passage-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-sm" disabled={busy} data-testid="passage-save">
        {t('practice.passages.save')}
      </button>
    </form>
  );
}
