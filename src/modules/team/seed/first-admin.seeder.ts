import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ConfigError } from '#src/config/app-config.js';
import { APP_CONFIG, type AppConfig } from '#src/config/config.module.js';
import { CredentialsRepository } from '#src/modules/team/auth/credentials.repository.js';
import { PasswordHasher } from '#src/modules/team/auth/password-hasher.js';
import { AddMemberCommand } from '#src/modules/team/commands/add-member/add-member.command.js';
import { ChangeMemberCommand } from '#src/modules/team/commands/change-member/change-member.command.js';
import { ResetPasswordCommand } from '#src/modules/team/commands/reset-password/reset-password.command.js';
import { SetMemberActiveCommand } from '#src/modules/team/commands/set-member-active/set-member-active.command.js';
import { EmailTakenError } from '#src/modules/team/domain/member.errors.js';
import { MembersReader } from '#src/modules/team/queries/members.reader.js';
import { passwordWeakness } from '#src/modules/team/domain/password-policy.js';
import { MemberStreamRepository } from '#src/modules/team/infrastructure/member-stream.repository.js';

/** `admin@` the company's own domain, unless ADMIN_EMAIL says otherwise. */
export function firstAdminEmail(config: AppConfig): string {
  if (config.ADMIN_EMAIL) return config.ADMIN_EMAIL.trim().toLowerCase();
  return `admin@${config.COMPANY_EMAIL.split('@')[1]}`.toLowerCase();
}

/**
 * A fresh installation must be reachable: when no active admin exists, one is made from
 * ADMIN_EMAIL / ADMIN_PASSWORD, or with a generated one-time password printed once to the log.
 * There is no built-in default password, in any mode. Runs after the projections are built
 * (the event store module's bootstrap hook runs first, being global).
 */
@Injectable()
export class FirstAdminSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger('FirstAdmin');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly members: MembersReader,
    private readonly memberStreams: MemberStreamRepository,
    private readonly credentials: CredentialsRepository,
    private readonly hasher: PasswordHasher,
    private readonly commandBus: CommandBus,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if ((await this.members.countActiveAdmins()) > 0) return;
    const email = firstAdminEmail(this.config);
    const password = this.config.ADMIN_PASSWORD;
    const weakness = password ? passwordWeakness(password, email) : null;
    if (weakness) throw new ConfigError(`Invalid configuration:\n  ADMIN_PASSWORD ${weakness}`);
    const existing = await this.members.findByEmail(email);
    if (existing) {
      await this.commandBus.execute(new ChangeMemberCommand(existing.id, { role: 'admin' }));
      await this.commandBus.execute(new SetMemberActiveCommand(existing.id, true));
      if (password) {
        await this.restorePassword(existing.id, password);
        this.logger.log(`Restored admin rights of ${email} (password from ADMIN_PASSWORD)`);
      } else {
        const { oneTimePassword } = await this.commandBus.execute(
          new ResetPasswordCommand(existing.id),
        );
        this.announce(email, oneTimePassword);
      }
      return;
    }
    try {
      const { oneTimePassword } = await this.commandBus.execute(
        new AddMemberCommand({ firstName: 'Admin', lastName: 'User', email }, 'admin', password),
      );
      if (oneTimePassword) this.announce(email, oneTimePassword);
      else this.logger.log(`Created the first admin ${email} (password from ADMIN_PASSWORD)`);
    } catch (error) {
      // Another instance sharing the database created it a moment ago.
      if (!(error instanceof EmailTakenError)) throw error;
    }
  }

  private async restorePassword(memberId: string, password: string): Promise<void> {
    const hash = await this.hasher.hash(password);
    await this.memberStreams.changeTeam((db) => this.credentials.save(memberId, hash, false, db));
  }

  private announce(email: string, oneTimePassword: string): void {
    this.logger.warn(
      `No active admin existed: sign in as ${email} with the one-time password ` +
        `${oneTimePassword} (shown only now; it must be changed at the first sign-in). ` +
        'Set ADMIN_EMAIL and ADMIN_PASSWORD to choose them yourself.',
    );
  }
}
