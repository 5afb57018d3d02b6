import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  type ButtonProps,
} from '@mui/material';
import { useId, type ReactNode } from 'react';

interface Props {
  title: ReactNode;
  onClose(): void;
  /** Widens the dialog to this breakpoint; without it the dialog fits its content. */
  maxWidth?: 'xs' | 'sm';
  /** The one action beside Cancel. */
  action: { label: string; onClick(): void; disabled?: boolean; color?: ButtonProps['color'] };
  cancelLabel?: string;
  children: ReactNode;
}

/** A dialog that asks for one thing: its content, then Cancel and the action it is for. */
export function ActionDialog({
  title,
  onClose,
  maxWidth,
  action,
  cancelLabel = 'Cancel',
  children,
}: Props) {
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth={maxWidth}
      fullWidth={maxWidth !== undefined}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{cancelLabel}</Button>
        <Button
          variant="contained"
          color={action.color}
          onClick={action.onClick}
          disabled={action.disabled}
        >
          {action.label}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
