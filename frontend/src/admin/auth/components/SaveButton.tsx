import { Button } from '@mui/material';

/** A settings form's submit button: it says so and stays disabled while the save runs. */
export function SaveButton({ label, saving }: { label: string; saving: boolean }) {
  return (
    <Button type="submit" variant="contained" disabled={saving} sx={{ alignSelf: 'flex-start' }}>
      {saving ? 'Saving...' : label}
    </Button>
  );
}
