import { Refusal } from '#src/platform/domain/refusal.js';

/** Why the domain refused a mail command. */
export type MailRefusalCode = 'not_found' | 'conflict' | 'invalid';

export class MailCommandRefused extends Refusal {
  constructor(code: MailRefusalCode, message: string) {
    super(code, message);
  }
}
