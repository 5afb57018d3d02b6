import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { APP_SECRETS, type AppSecrets } from '#src/config/config.module.js';
import { SignInChallengeError } from '#src/modules/team/domain/member.errors.js';

/** Long enough to open an authenticator app and type a code. */
export const SIGN_IN_CHALLENGE_TTL_SECONDS = 5 * 60;
const PURPOSE = 'second-factor';

/**
 * The proof, between the two steps of a sign-in, that the password was right: a signed token
 * under a key of its own, so it can never pass for a session token, nor one for it.
 */
@Injectable()
export class SignInChallenges {
  private readonly key: Buffer;

  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_SECRETS) secrets: AppSecrets,
  ) {
    this.key = secrets.secondFactorChallengeKey.export();
  }

  issue(memberId: string): string {
    return this.jwt.sign(
      { sub: memberId, purpose: PURPOSE },
      {
        algorithm: 'HS256',
        expiresIn: SIGN_IN_CHALLENGE_TTL_SECONDS,
        secret: this.key,
      },
    );
  }

  /** The member a valid challenge names; anything else is refused as an expired sign-in. */
  memberOf(challenge: string): string {
    try {
      const payload = this.jwt.verify<{ sub?: unknown; purpose?: unknown }>(challenge, {
        algorithms: ['HS256'],
        secret: this.key,
      });
      if (payload.purpose === PURPOSE && typeof payload.sub === 'string') return payload.sub;
    } catch {
      // Expired, altered or not a challenge at all.
    }
    throw new SignInChallengeError();
  }
}
