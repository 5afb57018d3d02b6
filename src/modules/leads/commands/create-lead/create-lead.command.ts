import { Command } from '@nestjs/cqrs';
import type { CreateLeadInput } from '#src/modules/leads/domain/lead.types.js';

export interface CreateLeadResult {
  leadId: string;
  version: number;
}

/** Creates a lead; the handler appends `LeadCreated` on stream `lead-<id>`. */
export class CreateLeadCommand extends Command<CreateLeadResult> {
  constructor(readonly input: CreateLeadInput) {
    super();
  }
}
