import { useDraggable } from '@dnd-kit/core';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { Card, IconButton, Stack, styled, Tooltip } from '@mui/material';
import type { KeyboardEvent } from 'react';
import type { LeadView } from '#src/contract/leads';
import { EmailButton } from '@/admin/leads/mail/components/EmailButton';
import { formatDateTime, formatEuro } from '@/shared/format/format';

interface Props {
  lead: LeadView;
  onOpen: (leadId: string) => void;
  onTrash: (leadId: string) => void;
}

export const leadName = (lead: LeadView) =>
  `${lead.customerFirstName} ${lead.customerLastName}`.trim() || '(no name)';

// A board shows a hundred cards at once: plain elements styled once per card, rather than a
// dozen MUI components each working out its own styles, keep its first render short.
const CardText = styled('div')(({ theme }) => ({
  '& > p': { margin: 0 },
  '& .lead-name': { ...theme.typography.subtitle2, fontWeight: 700 },
  '& .lead-price': { ...theme.typography.body2, fontWeight: 600 },
  '& .lead-email': {
    ...theme.typography.body2,
    color: theme.palette.text.secondary,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& .lead-meta': { ...theme.typography.caption, color: theme.palette.text.secondary },
}));

const CardFrame = styled(Card)({
  flexShrink: 0,
  cursor: 'grab',
  display: 'flex',
  alignItems: 'flex-start',
  '&.dragging': { opacity: 0.4 },
});

/** The card's main button: Enter opens the details, Space picks the card up. */
const CardHandle = styled('div')(({ theme }) => ({
  flexGrow: 1,
  minWidth: 0,
  padding: theme.spacing(1.5),
  borderRadius: theme.shape.borderRadius,
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}` },
}));

/** What a card shows; used both in its column and as the drag overlay. */
export function LeadCardBody({ lead }: { lead: LeadView }) {
  return (
    <CardText>
      <p className="lead-name">{leadName(lead)}</p>
      <p className="lead-price">{formatEuro(lead.totalPrice)}</p>
      <p className="lead-email">{lead.customerEmail}</p>
      <p className="lead-meta">
        {lead.doorStyle ?? '–'} · {formatDateTime(lead.createdAt)}
      </p>
    </CardText>
  );
}

/**
 * A draggable lead. The mouse drags the whole card, a finger too once held still a moment; the keyboard uses the card's main button
 * (Enter opens the details, Space picks it up, arrows pick the column, Space drops). The trash
 * button sits beside that button, not inside it.
 */
export function LeadCard({ lead, onOpen, onTrash }: Props) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: lead.id,
    data: { lead },
  });
  // The mouse and a finger drag the whole card; the keyboard only its main button.
  const { onKeyDown: keyboardDrag, ...pointerDrag } = listeners ?? {};
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter') {
      onOpen(lead.id);
      return;
    }
    keyboardDrag?.(event);
  };
  return (
    <CardFrame
      ref={setNodeRef}
      variant="outlined"
      data-testid="lead-card"
      data-lead-id={lead.id}
      className={isDragging ? 'dragging' : undefined}
      {...pointerDrag}
    >
      <CardHandle
        ref={setActivatorNodeRef}
        {...attributes}
        aria-roledescription="draggable lead"
        onKeyDown={onKeyDown}
        onClick={() => onOpen(lead.id)}
      >
        <LeadCardBody lead={lead} />
      </CardHandle>
      <Stack sx={{ m: 0.5 }}>
        <Tooltip title="Move to trash">
          <IconButton
            size="small"
            aria-label={`Move ${leadName(lead)} to trash`}
            onPointerDown={(e) => e.stopPropagation()}
            onClick={() => onTrash(lead.id)}
          >
            <DeleteOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <EmailButton
          leadId={lead.id}
          customerName={leadName(lead)}
          customerEmail={lead.customerEmail}
        />
      </Stack>
    </CardFrame>
  );
}
