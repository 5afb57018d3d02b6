import type { ProgressState } from '../hooks/useSimulatedProgress';
import { visualizerCopy as copy } from '../copy';

/** Status text, percentage and seconds left while a render is made (docs/product.md#visualizer). */
export function ProgressPanel({ progress }: { progress: ProgressState }) {
  const percent = Math.round(progress.percent);
  return (
    <div className="card viz-step" data-testid="progress-panel" aria-live="polite">
      <div className="viz-progress-top">
        <span className="viz-progress-status" data-testid="progress-status">
          {progress.done ? copy.done : copy.phases[progress.phase]}
        </span>
        <span data-testid="progress-percent">{percent} %</span>
      </div>
      <div
        className="progress viz-progress"
        role="progressbar"
        aria-label={copy.progressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="progress-bar" style={{ width: `${percent}%` }} />
      </div>
      <p className="muted small viz-progress-seconds" data-testid="progress-seconds">
        {copy.secondsLeft(progress.secondsLeft)}
      </p>
    </div>
  );
}
