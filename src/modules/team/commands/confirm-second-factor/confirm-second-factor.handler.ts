import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RecoveryCodesAnswer } from '#src/contract/team.js';
import { EventStore } from '#src/platform/event-store/event-store.js';
import { LOGIN_ATTEMPTS_PER_MINUTE, LoginThrottle } from '#src/modules/team/auth/login-throttle.js';
import { SecondFactors } from '#src/modules/team/auth/second-factors.js';
import {
  SecondFactorAlreadyOnError,
  SecondFactorSetupMissingError,
  WrongSecondFactorCodeError,
} from '#src/modules/team/domain/member.errors.js';
import { MemberStreamRepository } from '#src/modules/team/infrastructure/member-stream.repository.js';
import { ConfirmSecondFactorCommand } from './confirm-second-factor.command.js';

@CommandHandler(ConfirmSecondFactorCommand)
export class ConfirmSecondFactorHandler implements ICommandHandler<ConfirmSecondFactorCommand> {
  constructor(
    private readonly secondFactors: SecondFactors,
    private readonly memberStreams: MemberStreamRepository,
    private readonly throttle: LoginThrottle,
    private readonly eventStore: EventStore,
  ) {}

  async execute({ memberId, code }: ConfirmSecondFactorCommand): Promise<RecoveryCodesAnswer> {
    const factor = await this.secondFactors.find(memberId);
    if (!factor) throw new SecondFactorSetupMissingError();
    if (factor.confirmed) throw new SecondFactorAlreadyOnError();
    const attempt = await this.throttle.begin([
      { key: `second-factor:${memberId}`, limit: LOGIN_ATTEMPTS_PER_MINUTE },
    ]);
    const recoveryCodes = await this.eventStore.inTransaction(async (db) => {
      if (!(await this.secondFactors.acceptCode(memberId, code, db))) return null;
      await this.memberStreams.change(memberId, { type: 'EnableSecondFactor' }, db);
      return this.secondFactors.confirm(memberId, db);
    });
    if (!recoveryCodes) throw new WrongSecondFactorCodeError();
    await this.throttle.withdraw(attempt);
    return { success: true, recoveryCodes };
  }
}
