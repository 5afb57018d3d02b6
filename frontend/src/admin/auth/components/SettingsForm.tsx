import { Button, Stack } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';

interface Props {
  onSubmit: (event: FormEvent) => void;
  saveLabel: string;
  saving: boolean;
  children: ReactNode;
}

/** A settings form: its fields, then a save button that stays disabled while the save runs. */
export function SettingsForm({ onSubmit, saveLabel, saving, children }: Props) {
  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
      {children}
      <Button type="submit" variant="contained" disabled={saving} sx={{ alignSelf: 'flex-start' }}>
        {saving ? 'Saving...' : saveLabel}
      </Button>
    </Stack>
  );
}
