import { useEffect, useRef, useState } from 'react';
import { ClickEngine, DEFAULT_BPM, MAX_BPM, MIN_BPM, validBpm } from '@taal/web-shared/clicks';
import { formatNumber } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { NumberInput } from '@taal/web-shared/number-input';

const COUNT_IN_BEATS = 4;

/** The recorder's type: Opus in WebM where the browser has it (Chromium, Firefox), else its default (Safari: MP4). */
const recorderType = () => ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'].find((type) => MediaRecorder.isTypeSupported?.(type)) ?? '';

/**
 * Records a performance in the browser (issue 53 item 2, decision 0079): the microphone through
 * MediaRecorder, a live input level meter (an analyser's RMS drawn as a bar), and an optional
 * count-in with the practice metronome's clicks (ClickEngine.countIn) before recording starts.
 * Hands the finished recording to `onRecorded` (a Blob, kept until submitted or recorded again).
 */
export default function PerformanceRecorder({ onRecorded }: { onRecorded: (take: { blob: Blob; seconds: number } | null) => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'counting' | 'recording' | 'done'>('idle');
  const [countIn, setCountIn] = useState(true);
  const [bpmText, setBpmText] = useState(String(DEFAULT_BPM));
  const bpm = validBpm(Number(bpmText)) ? Number(bpmText) : DEFAULT_BPM;
  const [beat, setBeat] = useState(0);
  const [level, setLevel] = useState(0);
  const [seconds, setSeconds] = useState(0);
  const [failed, setFailed] = useState(false);
  const live = useRef<{ stop: () => void } | null>(null);

  useEffect(() => () => live.current?.stop(), []);

  const start = async () => {
    setFailed(false);
    onRecorded(null);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false } });
    } catch {
      setFailed(true);
      return;
    }
    const audio = new AudioContext();
    const analyser = audio.createAnalyser();
    analyser.fftSize = 1024;
    audio.createMediaStreamSource(stream).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    let frame = 0;
    const meter = () => {
      analyser.getFloatTimeDomainData(samples);
      const rms = Math.sqrt(samples.reduce((sum, v) => sum + v * v, 0) / samples.length);
      setLevel(Math.min(100, Math.round(rms * 400))); // 0–100: a loud instrument fills the meter
      frame = requestAnimationFrame(meter);
    };
    meter();
    const clicks = new ClickEngine();
    const abort = new AbortController();
    let recorder: MediaRecorder | null = null;
    let ticker = 0;
    const release = () => {
      cancelAnimationFrame(frame);
      window.clearInterval(ticker);
      stream.getTracks().forEach((track) => track.stop());
      void audio.close().catch(() => undefined);
      clicks.close();
      setLevel(0);
    };
    live.current = {
      stop: () => {
        abort.abort();
        if (recorder && recorder.state !== 'inactive') recorder.stop();
        else {
          release();
          setState('idle');
        }
        live.current = null;
      },
    };
    try {
      if (countIn) {
        setState('counting');
        await clicks.countIn(COUNT_IN_BEATS, bpm, setBeat, abort.signal);
      }
    } catch {
      return; // stopped during the count-in
    }
    const type = recorderType();
    recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
    const chunks: Blob[] = [];
    const began = Date.now();
    recorder.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data);
    recorder.onstop = () => {
      release();
      const took = Math.round((Date.now() - began) / 1000);
      setState('done');
      onRecorded({ blob: new Blob(chunks, { type: recorder!.mimeType || type || 'audio/webm' }), seconds: took });
    };
    recorder.start(250);
    setSeconds(0);
    ticker = window.setInterval(() => setSeconds(Math.round((Date.now() - began) / 1000)), 500);
    setState('recording');
  };

  const busy = state === 'counting' || state === 'recording';
  return (
    <div className="practical-recorder" data-testid="practical-recorder" data-state={state}>
      <div className="practical-recorder-row">
        <label className="practical-check">
          <input type="checkbox" checked={countIn} disabled={busy} onChange={(e) => setCountIn(e.target.checked)} data-testid="practical-count-in" />{' '}
          {t('practical.countIn', { beats: formatNumber(COUNT_IN_BEATS) })}
        </label>
        <label className="practical-tempo">
          {t('practical.tempo')}{' '}
          <NumberInput value={bpmText} min={MIN_BPM} max={MAX_BPM} size={4} disabled={busy || !countIn} onChange={setBpmText} data-testid="practical-bpm" />
        </label>
      </div>
      <div className="practical-recorder-row">
        {busy ? (
          <button type="button" className="btn btn-outline" onClick={() => live.current?.stop()} data-testid="practical-stop">
            {t('practical.stop')}
          </button>
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => void start()} data-testid="practical-record">
            {t(state === 'done' ? 'practical.discard' : 'practical.record')}
          </button>
        )}
        <span className="practical-meter" role="meter" aria-label={t('practical.level')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={level} data-testid="practical-level">
          <span style={{ transform: `scaleX(${level / 100})` }} />
        </span>
        <span className="muted" role="status" data-testid="practical-status">
          {state === 'counting'
            ? beat
              ? formatNumber(beat)
              : t('practical.getReady')
            : state === 'recording'
              ? t('practical.recording', { seconds: formatNumber(seconds) })
              : ''}
        </span>
      </div>
      {failed && (
        <p className="form-error" role="alert" data-testid="practical-no-mic">
          {t('practical.noMic')}
        </p>
      )}
    </div>
  );
}
