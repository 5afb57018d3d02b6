import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { TeamSecurityPolicy } from '#src/contract/team.js';
import { handleCommand } from '#src/platform/event-store/command-path.js';
import { EventStore } from '#src/platform/event-store/event-store.js';
import { TeamSecurityPolicyRepository } from '#src/modules/team/auth/team-security-policy.js';
import {
  TEAM_SECURITY_STREAM,
  TEAM_SECURITY_STREAM_TYPE,
  type TeamSecurityEvent,
} from '#src/modules/team/domain/member.events.js';
import {
  decideTeamSecurity,
  evolveTeamSecurity,
  INITIAL_TEAM_SECURITY_STATE,
  type TeamSecurityState,
} from '#src/modules/team/domain/team-security.decide.js';
import { MemberStreamRepository } from '#src/modules/team/infrastructure/member-stream.repository.js';
import { SetSecondFactorRequirementCommand } from './set-second-factor-requirement.command.js';

@CommandHandler(SetSecondFactorRequirementCommand)
export class SetSecondFactorRequirementHandler implements ICommandHandler<SetSecondFactorRequirementCommand> {
  constructor(
    private readonly memberStreams: MemberStreamRepository,
    private readonly policy: TeamSecurityPolicyRepository,
    private readonly eventStore: EventStore,
  ) {}

  async execute({
    actorId,
    requiredForAdmins,
  }: SetSecondFactorRequirementCommand): Promise<TeamSecurityPolicy> {
    return this.memberStreams.changeTeam(async (db) => {
      const { state: actor } = await this.memberStreams.load(actorId, db);
      await handleCommand<TeamSecurityEvent, TeamSecurityState>(
        this.eventStore,
        TEAM_SECURITY_STREAM,
        { evolve: evolveTeamSecurity, initialState: INITIAL_TEAM_SECURITY_STATE },
        (state) =>
          decideTeamSecurity(
            {
              type: 'SetSecondFactorRequirement',
              requiredForAdmins,
              actorHasSecondFactor: actor.secondFactor,
            },
            state,
          ),
        { transaction: db, append: { streamType: TEAM_SECURITY_STREAM_TYPE } },
      );
      const policy = { secondFactorRequiredForAdmins: requiredForAdmins };
      await this.policy.save(policy, db);
      return policy;
    });
  }
}
