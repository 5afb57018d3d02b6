/** E-mail with customers: the words and limits both the server and the admin app use. */

export type EmailDirection = 'sent' | 'received';

/** Why an e-mail was sent: a staff message, or one of the automatic ones. */
export type EmailKind = 'staff' | 'quote' | 'quote_notification' | 'contact_notification';

/** How a customer's reply arrived: imported over IMAP, or typed in by staff. */
export type ReplySource = 'imap' | 'staff';

/**
 * Where a sent message is: waiting for the worker, accepted by the mail server, refused for
 * good, or waiting because no mail server is configured.
 */
export type EmailDeliveryState = 'queued' | 'delivered' | 'failed' | 'not_sent';

export interface EmailMessage {
  id: string;
  direction: EmailDirection;
  subject: string;
  body: string;
  /** ISO date: when it was queued (sent) or received. */
  emailDate: string;
  /** Sent messages only. */
  deliveryState?: EmailDeliveryState;
  /** Why a message failed or is not sent. */
  deliveryReason?: string;
  /** Team member who sent or recorded it; 'system' for automatic e-mails. */
  byName: string;
}

/** Lead id → received messages nobody has read yet. */
export type UnreadCounts = Record<string, number>;

export const EMAIL_SUBJECT_MAX_LENGTH = 200;
export const EMAIL_BODY_MAX_LENGTH = 20_000;
/** Above this the badge shows '9+'. */
export const UNREAD_BADGE_CAP = 9;
export const EMAIL_POLL_INTERVAL_MS = 3_000;
export const NO_SMTP_REASON = 'not sent: no SMTP configured';

export const unreadBadgeText = (count: number): string =>
  count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count);
