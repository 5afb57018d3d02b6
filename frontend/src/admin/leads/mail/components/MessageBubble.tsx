import { Box, Chip, Paper, Typography } from '@mui/material';
import { formatDateTime } from '@/shared/format/format';
import type { EmailMessage } from '../api/mailApi';
import { mailCopy } from '../copy';

const STATE_COLORS = {
  queued: 'default',
  delivered: 'success',
  failed: 'error',
  not_sent: 'warning',
} as const;

/** One message: ours on the right, the customer's on the left. */
export function MessageBubble({ message }: { message: EmailMessage }) {
  const sent = message.direction === 'sent';
  const state = message.deliveryState;
  return (
    <Box
      data-testid="email-message"
      data-direction={message.direction}
      sx={{ display: 'flex', justifyContent: sent ? 'flex-end' : 'flex-start' }}
    >
      <Paper
        variant="outlined"
        sx={{
          p: 1.5,
          maxWidth: '80%',
          bgcolor: sent ? 'primary.50' : 'grey.100',
          borderColor: sent ? 'primary.light' : 'divider',
        }}
      >
        {message.subject && (
          <Typography variant="subtitle2" component="p">
            {message.subject}
          </Typography>
        )}
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.body}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
          <Typography variant="caption" color="text.secondary">
            {formatDateTime(message.emailDate)} · {message.byName}
          </Typography>
          {state && (
            <Chip
              size="small"
              data-testid="delivery-state"
              color={STATE_COLORS[state]}
              label={mailCopy.deliveryLabels[state]}
            />
          )}
        </Box>
        {message.deliveryReason && (
          <Typography variant="caption" color="text.secondary" component="p">
            {message.deliveryReason}
          </Typography>
        )}
      </Paper>
    </Box>
  );
}
