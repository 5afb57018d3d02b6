import { Box, LinearProgress, Typography } from '@mui/material';
import type { ReportBuild } from '#src/contract/reports';
import { formatNumber } from '@/shared/format/format';
import { reportCopy } from '@/admin/reports/copy';

/** `75` → `1 min 15 s`. */
function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

const percentOf = (processed: number, total: number) =>
  total > 0 ? Math.min(100, Math.floor((processed / total) * 100)) : 0;

export function BuildProgress({ title, build }: { title: string; build: ReportBuild }) {
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
        {reportCopy.progress(
          formatNumber(build.processed),
          formatNumber(build.total),
          formatNumber(build.eventsPerSecond),
          build.secondsLeft === null ? null : formatSeconds(build.secondsLeft),
        )}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {reportCopy.leavePage}
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
        100 % · {reportCopy.built(formatNumber(total))}
      </Typography>
    </Box>
  );
}
