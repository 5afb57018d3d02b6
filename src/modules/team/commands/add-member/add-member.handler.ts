import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CredentialsRepository } from '#src/modules/team/auth/credentials.repository.js';
import { PasswordHasher } from '#src/modules/team/auth/password-hasher.js';
import { generateOneTimePassword } from '#src/modules/team/domain/password-policy.js';
import { MemberStreamRepository } from '#src/modules/team/infrastructure/member-stream.repository.js';
import { AddMemberCommand, type AddMemberResult } from './add-member.command.js';

@CommandHandler(AddMemberCommand)
export class AddMemberHandler implements ICommandHandler<AddMemberCommand> {
  constructor(
    private readonly memberStreams: MemberStreamRepository,
    private readonly credentials: CredentialsRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute({ profile, role, password }: AddMemberCommand): Promise<AddMemberResult> {
    const oneTimePassword = password ? null : generateOneTimePassword();
    // Hash outside the lock: it is the slow part and needs nothing from the database.
    const hash = await this.hasher.hash(password ?? oneTimePassword!);
    const memberId = randomUUID();
    await this.memberStreams.changeTeam(async (db) => {
      const team = await this.memberStreams.teamFacts(db, null, profile.email);
      await this.memberStreams.change(
        memberId,
        { type: 'AddMember', memberId, profile, role, team },
        db,
      );
      await this.credentials.save(memberId, hash, oneTimePassword !== null, db);
    });
    return { memberId, oneTimePassword };
  }
}
