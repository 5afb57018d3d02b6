import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Refusal } from '#src/platform/domain/refusal.js';
import { CredentialsRepository } from '#src/modules/team/auth/credentials.repository.js';
import { LoginFailures } from '#src/modules/team/auth/login-failures.js';
import { LoginThrottle } from '#src/modules/team/auth/login-throttle.js';
import { PasswordHasher } from '#src/modules/team/auth/password-hasher.js';
import { SecondFactors } from '#src/modules/team/auth/second-factors.js';
import { SessionOpener } from '#src/modules/team/auth/session-opener.js';
import {
  SIGN_IN_CHALLENGE_TTL_SECONDS,
  SignInChallenges,
} from '#src/modules/team/auth/sign-in-challenges.js';
import type { LoginFailureReason } from '#src/modules/team/domain/member.events.js';
import { MembersReader } from '#src/modules/team/queries/members.reader.js';
import { LogInCommand, type LoginResult } from './log-in.command.js';

export const INVALID_CREDENTIALS = 'Invalid credentials';

@CommandHandler(LogInCommand)
export class LogInHandler implements ICommandHandler<LogInCommand> {
  constructor(
    private readonly members: MembersReader,
    private readonly credentials: CredentialsRepository,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly failures: LoginFailures,
    private readonly secondFactors: SecondFactors,
    private readonly challenges: SignInChallenges,
    private readonly sessions: SessionOpener,
  ) {}

  async execute({ email, password, ipHash }: LogInCommand): Promise<LoginResult> {
    const normalized = email.trim().toLowerCase();
    const keys = this.throttle.keysFor(normalized, ipHash);
    const attempt = await this.throttle.begin(keys);
    const member = await this.members.findByEmail(normalized);
    const stored = member ? await this.credentials.find(member.id) : null;
    // Always one argon2 verification, whether or not the account exists.
    const passwordOk = await this.hasher.verify(stored?.passwordHash ?? null, password);
    if (!member || !passwordOk || !member.isActive) {
      const reason: LoginFailureReason = !member
        ? 'unknown_account'
        : !passwordOk
          ? 'wrong_password'
          : 'inactive';
      await this.failures.record(normalized, member, reason);
      throw new Refusal('unauthorized', INVALID_CREDENTIALS);
    }
    await this.throttle.withdraw(attempt);
    const factor = await this.secondFactors.find(member.id);
    if (factor?.confirmed) {
      return {
        success: true,
        secondFactorRequired: true,
        challenge: this.challenges.issue(member.id),
        expiresInSeconds: SIGN_IN_CHALLENGE_TTL_SECONDS,
      };
    }
    return this.sessions.open(member);
  }
}
