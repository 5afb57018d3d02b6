import { useDraggable } from '@dnd-kit/core';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Card, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { KeyboardEvent, PointerEvent } from 'react';
import type { Lead } from '@/admin/leads/api/leadsApi';
import { formatDateTime, formatEuro } from '@/shared/format/format';

interface Props {
  lead: Lead;
  onOpen: (leadId: string) => void;
  onTrash: (leadId: string) => void;
}

export const leadName = (lead: Lead) =>
  `${lead.customerFirstName} ${lead.customerLastName}`.trim() || '(no name)';

/** What a card shows; used both in its column and as the drag overlay. */
export function LeadCardBody({ lead }: { lead: Lead }) {
  return (
    <>
      <Typography variant="subtitle2" component="p" sx={{ fontWeight: 700 }}>
        {leadName(lead)}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {formatEuro(lead.totalPrice)}
      </Typography>
      <Typography variant="body2" color="text.secondary" noWrap>
        {lead.customerEmail}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {lead.doorStyle ?? '–'} · {formatDateTime(lead.createdAt)}
      </Typography>
    </>
  );
}

/**
 * A draggable lead. The mouse drags the whole card; the keyboard uses the card's main button
 * (Enter opens the details, Space picks it up, arrows pick the column, Space drops). The trash
 * button sits beside that button, not inside it.
 */
export function LeadCard({ lead, onOpen, onTrash }: Props) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: lead.id,
    data: { lead },
  });
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter') {
      onOpen(lead.id);
      return;
    }
    listeners?.onKeyDown?.(event);
  };
  return (
    <Card
      ref={setNodeRef}
      variant="outlined"
      data-testid="lead-card"
      data-lead-id={lead.id}
      onPointerDown={(event: PointerEvent<HTMLDivElement>) => listeners?.onPointerDown?.(event)}
      sx={{ flexShrink: 0, cursor: 'grab', opacity: isDragging ? 0.4 : 1 }}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start' }}>
        <Box
          ref={setActivatorNodeRef}
          {...attributes}
          aria-roledescription="draggable lead"
          onKeyDown={onKeyDown}
          onClick={() => onOpen(lead.id)}
          sx={{
            flexGrow: 1,
            minWidth: 0,
            p: 1.5,
            borderRadius: 1,
            '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
          }}
        >
          <LeadCardBody lead={lead} />
        </Box>
        <Tooltip title="Move to trash">
          <IconButton
            size="small"
            aria-label={`Move ${leadName(lead)} to trash`}
            onPointerDown={(e) => e.stopPropagation()}
            onClick={() => onTrash(lead.id)}
            sx={{ m: 0.5 }}
          >
            <DeleteOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
    </Card>
  );
}
