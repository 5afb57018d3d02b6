import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import {
  EMAIL_BODY_MAX_LENGTH,
  EMAIL_POLL_INTERVAL_MS,
  EMAIL_SUBJECT_MAX_LENGTH,
} from '#src/contract/mail';
import { LoadFailedAlert } from '@/shared/components/LoadFailedAlert';
import { useLiveStatus } from '@/shared/live/useLiveUpdates';
import { useFetchFailureToast } from '@/shared/hooks/useFetchFailureToast';
import { refreshUnreadCounts, useGetConversationQuery } from '../api/mailApi';
import { mailCopy } from '../copy';
import { type ComposerMode, useEmailComposer } from '../hooks/useEmailComposer';
import { MessageBubble } from './MessageBubble';

interface Props {
  leadId: string;
  customerName: string;
  customerEmail: string;
  onClose: () => void;
}

/** The conversation with a lead's customer, kept fresh while open (docs/product.md#admin-screens). */
export function EmailDialog({ leadId, customerName, customerEmail, onClose }: Props) {
  const dispatch = useDispatch();
  // Live notices refresh the conversation (a delivery, a reply); polling only while they cannot.
  const live = useLiveStatus() === 'live';
  const conversation = useGetConversationQuery(leadId, {
    pollingInterval: live ? 0 : EMAIL_POLL_INTERVAL_MS,
  });
  const { data: messages, isLoading, isError, refetch } = conversation;
  useFetchFailureToast(conversation, mailCopy.fetchConversationFailed);
  const composer = useEmailComposer(leadId);
  const end = useRef<HTMLDivElement>(null);

  // Each load reads the conversation on the server: the badges follow once something new was read.
  const loaded = messages !== undefined;
  const received = messages?.filter((m) => m.direction === 'received').length ?? 0;
  useEffect(() => {
    if (loaded) dispatch(refreshUnreadCounts());
  }, [loaded, received, dispatch]);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages?.length]);

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="email-dialog-title"
      // Keeps presses inside the dialog from reaching a draggable card it was opened from.
      onPointerDown={(event) => event.stopPropagation()}
    >
      <DialogTitle id="email-dialog-title">
        Email {customerName}
        <Typography variant="body2" color="text.secondary" component="span" sx={{ ml: 1 }}>
          {customerEmail}
        </Typography>
      </DialogTitle>
      <DialogContent dividers sx={{ minHeight: 240 }}>
        {isLoading && <CircularProgress aria-label="Loading conversation" />}
        {isError && !messages && (
          <LoadFailedAlert message={mailCopy.fetchConversationFailed} onRetry={refetch} />
        )}
        {messages?.length === 0 && <Typography color="text.secondary">{mailCopy.empty}</Typography>}
        <Stack spacing={1.5} aria-label="Conversation" role="list">
          {messages?.map((message) => (
            <div role="listitem" key={message.id}>
              <MessageBubble message={message} />
            </div>
          ))}
        </Stack>
        <div ref={end} />
      </DialogContent>
      <Box component="form" onSubmit={(e) => (e.preventDefault(), void composer.submit())}>
        <Stack spacing={1.5} sx={{ px: 3, pt: 2 }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={composer.mode}
            onChange={(_e, mode: ComposerMode | null) => mode && composer.setMode(mode)}
            aria-label="What to write"
          >
            <ToggleButton value="send">Email customer</ToggleButton>
            <ToggleButton value="reply">{mailCopy.addReply}</ToggleButton>
          </ToggleButtonGroup>
          <TextField
            label={mailCopy.subjectLabel}
            size="small"
            value={composer.subject}
            onChange={(e) => composer.setSubject(e.target.value)}
            slotProps={{ htmlInput: { maxLength: EMAIL_SUBJECT_MAX_LENGTH } }}
          />
          <TextField
            label={composer.mode === 'send' ? mailCopy.messageLabel : mailCopy.replyLabel}
            multiline
            minRows={3}
            maxRows={10}
            value={composer.body}
            onChange={(e) => composer.setBody(e.target.value)}
            onKeyDown={composer.onMessageKeyDown}
            helperText={mailCopy.hint}
            slotProps={{ htmlInput: { maxLength: EMAIL_BODY_MAX_LENGTH } }}
          />
        </Stack>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Close</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={composer.busy || composer.body.trim() === ''}
          >
            {composer.mode === 'send' ? mailCopy.send : mailCopy.addReply}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
