import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RequestContext } from '#src/platform/http/request-context.js';
import { MemberStreamRepository } from '#src/modules/team/infrastructure/member-stream.repository.js';
import { ChangeMemberCommand } from './change-member.command.js';

@CommandHandler(ChangeMemberCommand)
export class ChangeMemberHandler implements ICommandHandler<ChangeMemberCommand> {
  constructor(private readonly memberStreams: MemberStreamRepository) {}

  async execute({ memberId, input }: ChangeMemberCommand): Promise<{ version: number }> {
    const { profile, role, expectedVersion } = input;
    return this.memberStreams.changeTeam(async (db) => {
      const actorId = RequestContext.current()?.actor.id ?? null;
      const team = await this.memberStreams.teamFacts(db, actorId, profile?.email);
      const { version } = await this.memberStreams.change(
        memberId,
        { type: 'ChangeMember', profile, role, team },
        db,
        expectedVersion,
      );
      return { version };
    });
  }
}
