import { type KeyboardEvent, useState } from 'react';
import { useToast } from '@/shared/components/toast';
import { errorMessage } from '@/shared/api/api';
import { useAddCustomerReplyMutation, useSendEmailMutation } from '../api/mailApi';
import { mailCopy } from '../copy';

export type ComposerMode = 'send' | 'reply';

/** The dialog's form: subject and message, sent as an e-mail or recorded as the customer's reply. */
export function useEmailComposer(leadId: string) {
  const toast = useToast();
  const [mode, setMode] = useState<ComposerMode>('send');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [sendEmail, sending] = useSendEmailMutation();
  const [addReply, replying] = useAddCustomerReplyMutation();
  const busy = sending.isLoading || replying.isLoading;

  const submit = async () => {
    if (busy || body.trim() === '') return;
    const email = { leadId, body, ...(subject.trim() ? { subject: subject.trim() } : {}) };
    try {
      if (mode === 'send') {
        await sendEmail(email).unwrap();
        toast({ title: mailCopy.sent, description: mailCopy.sentDescription });
      } else {
        await addReply(email).unwrap();
        toast({ title: mailCopy.replyAdded });
        setMode('send');
      }
      setSubject('');
      setBody('');
    } catch (error) {
      toast({
        title: mode === 'send' ? mailCopy.sendFailed : mailCopy.replyFailed,
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };

  /** Enter sends; Shift+Enter (and Enter while composing an accent) adds a new line. */
  const onMessageKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return { mode, setMode, subject, setSubject, body, setBody, busy, submit, onMessageKeyDown };
}
