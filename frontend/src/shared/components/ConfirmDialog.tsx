import { DialogContentText } from '@mui/material';
import { ActionDialog } from './ActionDialog';

export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  busy,
  tone = 'warning',
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  busy: boolean;
  /** `error` for what cannot be undone. */
  tone?: 'warning' | 'error';
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <ActionDialog
      title={title}
      onClose={onClose}
      action={{ label: confirmLabel, onClick: onConfirm, disabled: busy, color: tone }}
    >
      <DialogContentText>{text}</DialogContentText>
    </ActionDialog>
  );
}
