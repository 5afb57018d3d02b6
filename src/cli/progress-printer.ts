import type { RebuildProgress } from '#src/platform/projections/projection-manager.js';

const PROGRESS_INTERVAL_MS = 1000;

/**
 * Prints build progress with a bar, in place on a terminal and about once a second per build as
 * lines otherwise.
 */
export function progressPrinter(): (progress: RebuildProgress) => void {
  const lastPrinted = new Map<string, number>();
  return (progress) => {
    const now = Date.now();
    if (!progress.done && now - (lastPrinted.get(progress.projection) ?? 0) < PROGRESS_INTERVAL_MS)
      return;
    lastPrinted.set(progress.projection, now);
    const percent = progress.total ? Math.floor((progress.processed / progress.total) * 100) : 100;
    const left = progress.secondsLeft === null ? '' : `, ${progress.secondsLeft} s left`;
    const line =
      `${progress.projection}: ${bar(percent)} ${progress.processed.toLocaleString('en')} / ` +
      `${progress.total.toLocaleString('en')} events (${percent} %), ` +
      `${progress.eventsPerSecond.toLocaleString('en')} events/s${progress.done ? '' : left}`;
    if (process.stdout.isTTY) {
      process.stdout.write(`\r\x1b[2K${line}${progress.done ? '\n' : ''}`);
    } else {
      process.stdout.write(`${line}\n`);
    }
  };
}

function bar(percent: number, width = 20): string {
  const filled = Math.round((percent / 100) * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}]`;
}
