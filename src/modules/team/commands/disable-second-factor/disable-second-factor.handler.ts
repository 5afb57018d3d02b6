import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CredentialsRepository } from '#src/modules/team/auth/credentials.repository.js';
import { LOGIN_ATTEMPTS_PER_MINUTE, LoginThrottle } from '#src/modules/team/auth/login-throttle.js';
import { PasswordHasher } from '#src/modules/team/auth/password-hasher.js';
import { SecondFactors } from '#src/modules/team/auth/second-factors.js';
import { TeamSecurityPolicyRepository } from '#src/modules/team/auth/team-security-policy.js';
import {
  MemberNotFoundError,
  WrongPasswordError,
  WrongSecondFactorCodeError,
} from '#src/modules/team/domain/member.errors.js';
import { MemberStreamRepository } from '#src/modules/team/infrastructure/member-stream.repository.js';
import { DisableSecondFactorCommand } from './disable-second-factor.command.js';

@CommandHandler(DisableSecondFactorCommand)
export class DisableSecondFactorHandler implements ICommandHandler<DisableSecondFactorCommand> {
  constructor(
    private readonly credentials: CredentialsRepository,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly secondFactors: SecondFactors,
    private readonly policy: TeamSecurityPolicyRepository,
    private readonly memberStreams: MemberStreamRepository,
  ) {}

  async execute({ memberId, password, code }: DisableSecondFactorCommand): Promise<void> {
    const stored = await this.credentials.find(memberId);
    if (!stored) throw new MemberNotFoundError();
    const attempt = await this.throttle.begin([
      { key: `second-factor:${memberId}`, limit: LOGIN_ATTEMPTS_PER_MINUTE },
    ]);
    if (!(await this.hasher.verify(stored.passwordHash, password))) throw new WrongPasswordError();
    // Under the team lock: the policy cannot change between its reading and the decision.
    const accepted = await this.memberStreams.changeTeam(async (db) => {
      const policy = await this.policy.get(db);
      const { state } = await this.memberStreams.load(memberId, db);
      if (state.secondFactor && !(await this.secondFactors.acceptCode(memberId, code, db))) {
        return false;
      }
      await this.memberStreams.change(
        memberId,
        { type: 'DisableSecondFactor', requiredForAdmins: policy.secondFactorRequiredForAdmins },
        db,
      );
      await this.secondFactors.remove(memberId, db);
      return true;
    });
    if (!accepted) throw new WrongSecondFactorCodeError();
    await this.throttle.withdraw(attempt);
  }
}
