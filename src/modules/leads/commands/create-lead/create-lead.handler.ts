import { createHash, randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decide } from '#src/modules/leads/domain/lead.decide.js';
import { INITIAL_LEAD_STATE } from '#src/modules/leads/domain/lead.state.js';
import { LeadRepository } from '#src/modules/leads/infrastructure/lead.repository.js';
import { PipelineColumnsRepository } from '#src/modules/leads/infrastructure/pipeline-columns.repository.js';
import { DuplicateLeadsReader } from '#src/modules/leads/queries/duplicate-leads.reader.js';
import { CreateLeadCommand, type CreateLeadResult } from './create-lead.command.js';

/** A stable UUID derived from a name, so a retried submission maps to the same lead and event. */
export function uuidFromName(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

@CommandHandler(CreateLeadCommand)
export class CreateLeadHandler implements ICommandHandler<CreateLeadCommand, CreateLeadResult> {
  constructor(
    private readonly leads: LeadRepository,
    private readonly columns: PipelineColumnsRepository,
    private readonly duplicates: DuplicateLeadsReader,
  ) {}

  async execute({ input }: CreateLeadCommand): Promise<CreateLeadResult> {
    const key = input.idempotencyKey;
    const leadId = key ? uuidFromName(`lead:${key}`) : randomUUID();
    // Decided once, on arrival (docs/decisions/0127-duplicate-leads.md): a quote or a message
    // is linked to the active leads that share the customer's e-mail or phone now. A lead staff
    // type in themselves is not: they know whom they are adding.
    const duplicateOf =
      input.source === 'manual' ? [] : await this.duplicates.matching(input.customer);
    return this.columns.decideWith(async ({ statuses, requirement }) => {
      const events = decide(
        { type: 'CreateLead', leadId, input, statuses, duplicateOf },
        INITIAL_LEAD_STATE,
      );
      const version = await this.leads.append(leadId, 'no_stream', events, {
        // A retried submission repeats the same ids, so it is recognised as the same append.
        eventIds: key
          ? events.map((event) =>
              event.type === 'LeadLinkedAsDuplicate'
                ? uuidFromName(`lead-linked:${key}:${event.data.otherLeadId}`)
                : uuidFromName(`lead-created:${key}`),
            )
          : undefined,
        occurredAt: input.occurredAt,
        requires: requirement,
      });
      return { leadId, version };
    });
  }
}
