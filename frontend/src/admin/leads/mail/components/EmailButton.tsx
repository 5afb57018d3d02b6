import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import { Badge, Button, IconButton, Tooltip } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { unreadBadgeText } from '#src/contract/mail';
import { useUnreadCount } from '../hooks/useUnreadCount';

// The dialog loads with its first opening, not with every board.
const EmailDialog = lazy(() =>
  import('./EmailDialog').then((module) => ({ default: module.EmailDialog })),
);

interface Props {
  leadId: string;
  customerName: string;
  customerEmail: string;
  /** An icon with the unread badge (cards, tables) or a labelled button (the lead details). */
  variant?: 'icon' | 'button';
}

/** Opens the lead's e-mail conversation; shows how many received messages are unread. */
export function EmailButton({ leadId, customerName, customerEmail, variant = 'icon' }: Props) {
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount(leadId);
  const label = `Send email to ${customerName}${unread > 0 ? ` (${unread} unread)` : ''}`;
  return (
    <>
      {variant === 'icon' ? (
        <Tooltip title="Email">
          <IconButton
            size="small"
            aria-label={label}
            onPointerDown={(event) => event.stopPropagation()}
            onClick={() => setOpen(true)}
          >
            <Badge
              badgeContent={unread > 0 ? unreadBadgeText(unread) : undefined}
              color="error"
              data-testid="unread-badge"
            >
              <MailOutlineIcon fontSize="small" />
            </Badge>
          </IconButton>
        </Tooltip>
      ) : (
        <Button startIcon={<MailOutlineIcon />} onClick={() => setOpen(true)} aria-label={label}>
          Email
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <EmailDialog
            leadId={leadId}
            customerName={customerName}
            customerEmail={customerEmail}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
