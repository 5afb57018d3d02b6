import { Box, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import type { ProgressState } from '../hooks/useSimulatedProgress';
import { visualizerCopy as copy } from '../copy';

/** Status text, percentage and seconds left while a render is made (docs/product.md#visualizer). */
export function ProgressPanel({ progress }: { progress: ProgressState }) {
  const percent = Math.round(progress.percent);
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 } }}
      data-testid="progress-panel"
      aria-live="polite"
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1 }}>
        <Typography sx={{ fontWeight: 600 }} data-testid="progress-status">
          {progress.done ? copy.done : copy.phases[progress.phase]}
        </Typography>
        <Typography data-testid="progress-percent">{percent} %</Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={copy.progressLabel}
        sx={{ height: 10, borderRadius: 5 }}
      />
      <Box sx={{ mt: 1 }}>
        <Typography variant="body2" color="text.secondary" data-testid="progress-seconds">
          {copy.secondsLeft(progress.secondsLeft)}
        </Typography>
      </Box>
    </Paper>
  );
}
