import HistoryIcon from '@mui/icons-material/History';
import { Alert, Button, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { boardAsOfCopy } from './copy';
import { formatDateTime } from '@/shared/format/format';

/** The current moment as a datetime-local value (local time, seconds). */
function localNow(): string {
  const now = new Date();
  now.setMinutes(now.getMinutes() - now.getTimezoneOffset());
  return now.toISOString().slice(0, 19);
}

interface Props {
  /** The moment shown (ISO), or null for the live board. */
  asOf: string | null;
  onChange: (asOf: string | null) => void;
}

/** Picks a past moment for the board; while one is shown, says so and offers the way back. */
export function TimeTravelBar({ asOf, onChange }: Props) {
  const [picked, setPicked] = useState('');
  if (asOf)
    return (
      <Alert
        severity="info"
        icon={<HistoryIcon />}
        sx={{ mb: 2 }}
        data-testid="board-as-of-banner"
        action={
          <Button color="inherit" size="small" onClick={() => onChange(null)}>
            {boardAsOfCopy.backToNow}
          </Button>
        }
      >
        {boardAsOfCopy.viewingPast(formatDateTime(asOf))}
      </Alert>
    );
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        size="small"
        type="datetime-local"
        label={boardAsOfCopy.boardAsOf}
        value={picked}
        onChange={(e) => setPicked(e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: localNow(), step: 1 } }}
      />
      <Button
        variant="outlined"
        startIcon={<HistoryIcon />}
        disabled={!picked}
        onClick={() => onChange(new Date(picked).toISOString())}
      >
        Show
      </Button>
    </Stack>
  );
}
