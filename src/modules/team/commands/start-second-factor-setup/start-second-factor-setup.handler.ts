import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import QRCode from 'qrcode';
import type { SecondFactorSetupAnswer } from '#src/contract/team.js';
import { SecondFactors } from '#src/modules/team/auth/second-factors.js';
import { newTotpSecret, totpUri } from '#src/modules/team/auth/totp.js';
import {
  MemberNotFoundError,
  SecondFactorAlreadyOnError,
} from '#src/modules/team/domain/member.errors.js';
import { MemberStreamRepository } from '#src/modules/team/infrastructure/member-stream.repository.js';
import { StartSecondFactorSetupCommand } from './start-second-factor-setup.command.js';

@CommandHandler(StartSecondFactorSetupCommand)
export class StartSecondFactorSetupHandler implements ICommandHandler<StartSecondFactorSetupCommand> {
  constructor(
    private readonly memberStreams: MemberStreamRepository,
    private readonly secondFactors: SecondFactors,
  ) {}

  async execute({ memberId }: StartSecondFactorSetupCommand): Promise<SecondFactorSetupAnswer> {
    const { state } = await this.memberStreams.load(memberId);
    if (!state.exists || !state.profile) throw new MemberNotFoundError();
    if (state.secondFactor) throw new SecondFactorAlreadyOnError();
    const secret = newTotpSecret();
    await this.secondFactors.startSetup(memberId, secret);
    const otpauthUri = totpUri(secret, state.profile.email);
    return { secret, otpauthUri, qrCode: await QRCode.toDataURL(otpauthUri, { margin: 1 }) };
  }
}
