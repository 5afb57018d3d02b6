import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { LoginAnswer } from '#src/contract/team.js';
import { EventStore } from '#src/platform/event-store/event-store.js';
import {
  AUTH_STREAM_TYPE,
  authStream,
  MemberEvents,
} from '#src/modules/team/domain/member.events.js';
import type { TeamMember } from '#src/modules/team/queries/members.reader.js';
import { CredentialsRepository } from './credentials.repository.js';
import { SecondFactors } from './second-factors.js';
import { SessionsRepository } from './sessions.repository.js';
import { TeamSecurityPolicyRepository } from './team-security-policy.js';
import { TokenService } from './token.service.js';

/** The last step of every sign-in: a session row, `MemberLoggedIn` and the token naming it. */
@Injectable()
export class SessionOpener {
  constructor(
    private readonly eventStore: EventStore,
    private readonly sessions: SessionsRepository,
    private readonly credentials: CredentialsRepository,
    private readonly secondFactors: SecondFactors,
    private readonly policy: TeamSecurityPolicyRepository,
    private readonly tokens: TokenService,
  ) {}

  async open(member: TeamMember): Promise<LoginAnswer> {
    const sessionId = randomUUID();
    await this.eventStore.inTransaction(async (db) => {
      await this.sessions.start(sessionId, member.id, db);
      await this.eventStore.append(
        authStream(member.id),
        'any',
        [{ type: MemberEvents.MemberLoggedIn, data: { memberId: member.id, sessionId } }],
        { streamType: AUTH_STREAM_TYPE, metadata: actorIs(member) },
        db,
      );
    });
    const [stored, factor, policy] = await Promise.all([
      this.credentials.find(member.id),
      this.secondFactors.find(member.id),
      this.policy.get(),
    ]);
    const secondFactor = factor?.confirmed ?? false;
    return {
      success: true,
      token: this.tokens.issue({ sub: member.id, sid: sessionId }),
      user: {
        id: member.id,
        firstName: member.firstName,
        lastName: member.lastName,
        email: member.email,
        role: member.role,
        mustChangePassword: stored?.mustChangePassword ?? false,
        secondFactor,
        mustSetUpSecondFactor:
          member.role === 'admin' && policy.secondFactorRequiredForAdmins && !secondFactor,
      },
    };
  }
}

/** A sign-in is done by the member themself, though the request is not authenticated yet. */
export function actorIs(member: TeamMember) {
  return {
    actorId: member.id,
    actorName: `${member.firstName} ${member.lastName}`.trim(),
    actorRole: member.role,
  };
}
