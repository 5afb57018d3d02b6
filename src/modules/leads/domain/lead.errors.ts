import { Refusal } from '#src/platform/domain/refusal.js';

/** Why the domain refused a lead or pipeline command. */
export type LeadRefusalCode = 'not_found' | 'conflict' | 'invalid';

export class LeadCommandRefused extends Refusal {
  constructor(code: LeadRefusalCode, message: string) {
    super(code, message);
  }
}
