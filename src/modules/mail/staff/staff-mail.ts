/**
 * What a staff e-mail is written from: its kind and ids of our own making, never its text. The
 * outbox keeps this and the member; the text is written when the e-mail is sent, from what the
 * product holds then (docs/decisions/0125-staff-mail-and-password-reset.md).
 */
export type StaffMail =
  | { kind: 'password_reset'; resetId: string }
  /** Follow-ups of the member due on `day` (`YYYY-MM-DD` in Finland) or before. */
  | { kind: 'follow_up_digest'; day: string };

/** A staff e-mail waiting in the outbox. */
export interface QueuedStaffMail {
  messageId: string;
  memberId: string;
  mail: StaffMail;
}
