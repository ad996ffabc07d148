// The player's controls hide after about 3 s without pointer movement while playing.
import { useEffect, useRef, useState } from 'react';

/** Controls hide after this long without pointer movement while playing ("about 3 progress ticks"). */
export const HIDE_CONTROLS_MS = 3000;

export function useAutoHide() {
  const [awake, setAwake] = useState(true);
  const hideTimer = useRef<number | undefined>(undefined);
  /** Shows the controls, and hides them again after a while. */
  const wake = () => {
    setAwake(true);
    window.clearTimeout(hideTimer.current);
    hideTimer.current = window.setTimeout(() => setAwake(false), HIDE_CONTROLS_MS);
  };
  useEffect(() => () => window.clearTimeout(hideTimer.current), []);
  return { awake, setAwake, wake };
}
