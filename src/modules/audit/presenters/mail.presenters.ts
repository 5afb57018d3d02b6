import type { EmailKind, ReplySource } from '#src/contract/mail.js';
import { leadIdFromMailStream } from '#src/modules/mail/index.js';
import { aboutLead, type PresenterInput, type PresenterTable } from './presenter.types.js';

/**
 * A lead's e-mail is told by the conversation's facts only: subjects, bodies, addresses and the
 * mail server's answers can hold personal data, so no sentence quotes them.
 */
const onConversation = ({ event, names }: PresenterInput, sentence: (lead: string) => string) =>
  aboutLead(names, leadIdFromMailStream(event.streamId), sentence);

const QUEUED_WORDS: Record<EmailKind, (actor: string, lead: string) => string> = {
  staff: (actor, lead) => `${actor} wrote an e-mail to ${lead}`,
  quote: (_actor, lead) => `The quote e-mail to ${lead} was queued`,
  quote_notification: (_actor, lead) =>
    `A notice of ${lead}'s quote request was queued for the company mailbox`,
  contact_notification: (_actor, lead) =>
    `A notice of ${lead}'s contact message was queued for the company mailbox`,
};

const RECEIVED_WORDS: Record<ReplySource, (actor: string, lead: string) => string> = {
  imap: (_actor, lead) => `${lead} replied by e-mail`,
  staff: (actor, lead) => `${actor} added a reply from ${lead}`,
};

export const mailPresenters: PresenterTable = {
  EmailQueued: (input) =>
    onConversation(input, (lead) =>
      QUEUED_WORDS[input.event.data.kind as EmailKind](input.actor, lead),
    ),
  EmailDelivered: (input) =>
    onConversation(input, (lead) => `An e-mail of ${lead}'s conversation was delivered`),
  EmailDeliveryFailed: (input) =>
    onConversation(
      input,
      (lead) =>
        `An e-mail of ${lead}'s conversation could not be delivered after ${String(input.event.data.attempts)} tries`,
    ),
  EmailReceived: (input) =>
    onConversation(input, (lead) =>
      RECEIVED_WORDS[input.event.data.source as ReplySource](input.actor, lead),
    ),
  EmailConversationRead: (input) =>
    onConversation(input, (lead) => `${input.actor} read the e-mails of ${lead}`),
};
