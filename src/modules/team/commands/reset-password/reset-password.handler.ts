import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CredentialsRepository } from '#src/modules/team/auth/credentials.repository.js';
import { PasswordHasher } from '#src/modules/team/auth/password-hasher.js';
import { SessionsRepository } from '#src/modules/team/auth/sessions.repository.js';
import { generateOneTimePassword } from '#src/modules/team/domain/password-policy.js';
import { MemberStreamRepository } from '#src/modules/team/infrastructure/member-stream.repository.js';
import { ResetPasswordCommand } from './reset-password.command.js';

@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand> {
  constructor(
    private readonly memberStreams: MemberStreamRepository,
    private readonly credentials: CredentialsRepository,
    private readonly sessions: SessionsRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute({ memberId }: ResetPasswordCommand): Promise<{ oneTimePassword: string }> {
    const oneTimePassword = generateOneTimePassword();
    const hash = await this.hasher.hash(oneTimePassword);
    await this.memberStreams.changeTeam(async (db) => {
      await this.memberStreams.change(memberId, { type: 'ChangePassword', how: 'reset' }, db);
      await this.credentials.save(memberId, hash, true, db);
      await this.sessions.endAllOf(memberId, 'password_changed', db);
    });
    return { oneTimePassword };
  }
}
