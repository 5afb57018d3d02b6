import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { COLUMN_COLORS, type ColumnColor, type PipelineColumn } from '#src/contract/pipeline';
import { COLUMN_SWATCHES, colorName } from '@/admin/leads/lib/columnColors';

interface Props {
  /** The column being edited, or null to add one. */
  column: PipelineColumn | null;
  canDelete: boolean;
  busy: boolean;
  onSave: (values: { name: string; color: ColumnColor }) => void;
  onDelete: () => void;
  onClose: () => void;
}

/** Name and colour of a pipeline column (docs/product.md#pipeline-columns). */
export function ColumnDialog({ column, canDelete, busy, onSave, onDelete, onClose }: Props) {
  const [name, setName] = useState(column?.name ?? '');
  const [color, setColor] = useState<ColumnColor>(column?.color ?? 'blue');
  const [touched, setTouched] = useState(false);
  const blank = !name.trim();
  const submit = () => {
    setTouched(true);
    if (!blank) onSave({ name: name.trim(), color });
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="column-dialog-title">
      <DialogTitle id="column-dialog-title">{column ? 'Edit Column' : 'Add Column'}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextField
            label="Column name"
            value={name}
            autoFocus
            required
            error={touched && blank}
            helperText={touched && blank ? 'Please enter a column name' : ' '}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && submit()}
          />
          <Box>
            <FormLabel id="column-colour-label">Colour</FormLabel>
            <RadioGroup
              row
              aria-labelledby="column-colour-label"
              value={color}
              onChange={(e) => setColor(e.target.value as ColumnColor)}
            >
              {COLUMN_COLORS.map((c) => (
                <FormControlLabel
                  key={c}
                  value={c}
                  control={
                    <Radio
                      size="small"
                      sx={{
                        color: COLUMN_SWATCHES[c].accent,
                        '&.Mui-checked': { color: COLUMN_SWATCHES[c].accent },
                      }}
                    />
                  }
                  label={colorName(c)}
                />
              ))}
            </RadioGroup>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        {column && canDelete && (
          <Button color="error" onClick={onDelete} disabled={busy} sx={{ mr: 'auto' }}>
            Delete Column
          </Button>
        )}
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          {column ? 'Save' : 'Add Column'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
