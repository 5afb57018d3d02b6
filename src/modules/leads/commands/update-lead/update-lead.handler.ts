import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { StreamRequirement } from '#src/platform/event-store/event-store.types.js';
import type { LeadCommand } from '#src/modules/leads/domain/lead.decide.js';
import { LeadRepository } from '#src/modules/leads/infrastructure/lead.repository.js';
import { PipelineColumnsRepository } from '#src/modules/leads/infrastructure/pipeline-columns.repository.js';
import type { LeadVersionResult } from '#src/modules/leads/domain/lead.types.js';
import { finnishDay } from '#src/contract/finnish-day.js';
import { MembersReader } from '#src/modules/team/index.js';
import { UpdateLeadCommand } from './update-lead.command.js';

@CommandHandler(UpdateLeadCommand)
export class UpdateLeadHandler implements ICommandHandler<UpdateLeadCommand, LeadVersionResult> {
  constructor(
    private readonly leads: LeadRepository,
    private readonly columns: PipelineColumnsRepository,
    private readonly members: MembersReader,
  ) {}

  async execute({ input }: UpdateLeadCommand): Promise<LeadVersionResult> {
    if (input.status === undefined) return this.change(input, []);
    return this.columns.decideWith(({ statuses, requirement }) =>
      this.change(input, statuses, requirement),
    );
  }

  private async change(
    input: UpdateLeadCommand['input'],
    statuses: readonly string[],
    requires?: StreamRequirement,
  ): Promise<LeadVersionResult> {
    const commands: LeadCommand[] = [];
    if (input.contact || input.order)
      commands.push({ type: 'ChangeLeadDetails', contact: input.contact, order: input.order });
    if (input.status !== undefined)
      commands.push({ type: 'ChangeLeadStatus', to: input.status, statuses });
    if (input.notes !== undefined) commands.push({ type: 'ChangeLeadNotes', notes: input.notes });
    if (input.ownerId !== undefined)
      commands.push({
        type: 'AssignLead',
        memberId: input.ownerId,
        members: input.ownerId === null ? [] : await this.activeMemberIds(),
      });
    if (input.followUpDone) commands.push({ type: 'CompleteFollowUp' });
    const schedules = input.followUpOn !== undefined || input.followUpNote !== undefined;
    if (schedules)
      commands.push({
        type: 'ScheduleFollowUp',
        dueOn: input.followUpOn,
        note: input.followUpNote,
        today: finnishDay(new Date()),
      });
    const { version } = await this.leads.change(input.leadId, () => commands, {
      expectedVersion: input.expectedVersion,
      occurredAt: input.occurredAt,
      requires,
      personalData: Boolean(input.contact) || input.notes !== undefined || schedules,
    });
    return { leadId: input.leadId, version };
  }

  private async activeMemberIds(): Promise<string[]> {
    return (await this.members.list()).filter((m) => m.isActive).map((m) => m.id);
  }
}
