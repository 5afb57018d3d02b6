import { Box, LinearProgress, Typography } from '@mui/material';
import type { ReportBuild } from '#src/contract/reports';
import { formatNumber } from '@/shared/format/format';

/** How a build of a report or of the audit log tells its progress. */
const buildCopy = {
  progress: (processed: string, total: string, rate: string, left: string | null) =>
    `${processed} / ${total} events · ${rate} events/s${left ? ` · about ${left} left` : ''}`,
  built: (processed: string) => `Built from ${processed} events`,
};

/** `75` → `1 min 15 s`. */
function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

const percentOf = (processed: number, total: number) =>
  total > 0 ? Math.min(100, Math.floor((processed / total) * 100)) : 0;

/** A build under way: its bar, events done of all, rate, time left, and `note` below. */
export function BuildProgress({
  title,
  build,
  note,
}: {
  title: string;
  build: ReportBuild;
  note: string;
}) {
  const percent = percentOf(build.processed, build.total);
  return (
    <Box sx={{ my: 1 }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={`${title} build progress`}
        sx={{ height: 8, borderRadius: 1 }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {percent} % ·{' '}
        {buildCopy.progress(
          formatNumber(build.processed),
          formatNumber(build.total),
          formatNumber(build.eventsPerSecond),
          build.secondsLeft === null ? null : formatSeconds(build.secondsLeft),
        )}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {note}
      </Typography>
    </Box>
  );
}

/** A build this page watched, shown finished until the page is left. */
export function BuildDone({ title, total }: { title: string; total: number }) {
  return (
    <Box sx={{ my: 1 }}>
      <LinearProgress
        variant="determinate"
        value={100}
        color="success"
        aria-label={`${title} build progress`}
        sx={{ height: 8, borderRadius: 1 }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        100 % · {buildCopy.built(formatNumber(total))}
      </Typography>
    </Box>
  );
}
