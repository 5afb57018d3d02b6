import type { RebuildProgress } from '#src/platform/projections/projection-manager.js';

const PROGRESS_INTERVAL_MS = 1000;

/** Prints progress in place on a terminal, and about once a second as lines otherwise. */
export function progressPrinter(): (progress: RebuildProgress) => void {
  const started = Date.now();
  let lastPrinted = started;
  return (progress) => {
    const now = Date.now();
    if (!progress.done && now - lastPrinted < PROGRESS_INTERVAL_MS) return;
    lastPrinted = now;
    const seconds = Math.max((now - started) / 1000, 0.001);
    const percent = progress.total ? Math.floor((progress.processed / progress.total) * 100) : 100;
    const line =
      `${progress.projection}: ${bar(percent)} ${progress.processed.toLocaleString('en')} / ` +
      `${progress.total.toLocaleString('en')} events (${percent} %), ` +
      `${Math.round(progress.processed / seconds).toLocaleString('en')} events/s`;
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
