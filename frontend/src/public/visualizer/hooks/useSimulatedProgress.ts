import { useCallback, useEffect, useRef, useState } from 'react';

/** The progress panel is simulated on a 0.8 s tick (docs/product.md#visualizer). */
const TICK_MS = 800;
const CEILING = 95;
/** Progress at which each of the six phases begins. */
const PHASE_STARTS = [0, 12, 28, 48, 68, 85];
/** Estimated seconds left per phase, then 0 when done. */
const SECONDS_LEFT = [45, 40, 30, 20, 10, 5];
const RESET_AFTER_SUCCESS_MS = 2000;

export interface ProgressState {
  active: boolean;
  percent: number;
  phase: number;
  secondsLeft: number;
  done: boolean;
}

const IDLE: ProgressState = { active: false, percent: 0, phase: 0, secondsLeft: 45, done: false };

export function useSimulatedProgress() {
  const [state, setState] = useState<ProgressState>(IDLE);
  const timer = useRef<number | undefined>(undefined);
  const resetTimer = useRef<number | undefined>(undefined);

  const stopTicking = () => window.clearInterval(timer.current);
  useEffect(
    () => () => {
      stopTicking();
      window.clearTimeout(resetTimer.current);
    },
    [],
  );

  const start = useCallback(() => {
    stopTicking();
    window.clearTimeout(resetTimer.current);
    setState({ ...IDLE, active: true });
    timer.current = window.setInterval(() => {
      setState((current) => {
        // Rises quickly at first, then ever slower towards 95 %, never reaching it.
        const percent = Math.min(
          CEILING,
          current.percent + Math.max(0.4, (CEILING - current.percent) * 0.07),
        );
        const phase = PHASE_STARTS.filter((startsAt) => percent >= startsAt).length - 1;
        return { ...current, percent, phase, secondsLeft: SECONDS_LEFT[phase] };
      });
    }, TICK_MS);
  }, []);

  const succeed = useCallback(() => {
    stopTicking();
    setState((current) => ({ ...current, percent: 100, secondsLeft: 0, done: true }));
    resetTimer.current = window.setTimeout(() => setState(IDLE), RESET_AFTER_SUCCESS_MS);
  }, []);

  const fail = useCallback(() => {
    stopTicking();
    setState(IDLE);
  }, []);

  return { progress: state, start, succeed, fail };
}
