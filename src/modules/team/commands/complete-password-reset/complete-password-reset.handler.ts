import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CredentialsRepository } from '#src/modules/team/auth/credentials.repository.js';
import {
  CLIENT_LOGIN_ATTEMPTS_PER_MINUTE,
  LoginThrottle,
  TOO_MANY_RESETS_MESSAGE,
} from '#src/modules/team/auth/login-throttle.js';
import { PasswordHasher } from '#src/modules/team/auth/password-hasher.js';
import { PasswordResets } from '#src/modules/team/auth/password-resets.js';
import { SessionsRepository } from '#src/modules/team/auth/sessions.repository.js';
import { WeakPasswordError } from '#src/modules/team/domain/member.errors.js';
import { passwordWeakness } from '#src/modules/team/domain/password-policy.js';
import { MemberStreamRepository } from '#src/modules/team/infrastructure/member-stream.repository.js';
import { CompletePasswordResetCommand } from './complete-password-reset.command.js';

@CommandHandler(CompletePasswordResetCommand)
export class CompletePasswordResetHandler implements ICommandHandler<CompletePasswordResetCommand> {
  constructor(
    private readonly resets: PasswordResets,
    private readonly memberStreams: MemberStreamRepository,
    private readonly credentials: CredentialsRepository,
    private readonly sessions: SessionsRepository,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
  ) {}

  async execute({ token, newPassword, ipHash }: CompletePasswordResetCommand): Promise<void> {
    // Tokens cannot be guessed, but every try costs a hash: a client gets a minute's worth.
    const attempt = await this.throttle.begin(
      [
        {
          key: `reset-complete:client:${ipHash ?? 'unknown'}`,
          limit: CLIENT_LOGIN_ATTEMPTS_PER_MINUTE,
        },
      ],
      TOO_MANY_RESETS_MESSAGE,
    );
    const hash = await this.hasher.hash(newPassword);
    await this.memberStreams.changeTeam(async (db) => {
      const { memberId } = await this.resets.consume(token, db);
      const { state } = await this.memberStreams.load(memberId, db);
      const weakness = passwordWeakness(newPassword, state.profile?.email ?? '');
      if (weakness) throw new WeakPasswordError('newPassword', weakness);
      await this.memberStreams.change(memberId, { type: 'ChangePassword', how: 'link' }, db);
      await this.credentials.save(memberId, hash, false, db);
      await this.sessions.endAllOf(memberId, 'password_changed', db);
    });
    await this.throttle.withdraw(attempt);
  }
}
