import { eventTypesProvider } from '#src/platform/event-store/event-types.js';
import { MEMBER_EVENT_DECLARATIONS } from './domain/member.event-types.js';
import { Global, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { APP_SECRETS, type AppSecrets } from '#src/config/config.module.js';
import { AUTHENTICATOR } from '#src/platform/http/access.guard.js';
import { AuthHousekeeping } from './auth/auth-housekeeping.js';
import { CredentialsRepository } from './auth/credentials.repository.js';
import { LoginThrottle } from './auth/login-throttle.js';
import { PasswordHasher } from './auth/password-hasher.js';
import { SessionsRepository } from './auth/sessions.repository.js';
import { StaffAuthenticator } from './auth/staff-authenticator.js';
import { TokenService } from './auth/token.service.js';
import { AddMemberHandler } from './commands/add-member/add-member.handler.js';
import { ChangeMemberHandler } from './commands/change-member/change-member.handler.js';
import { ChangePasswordHandler } from './commands/change-password/change-password.handler.js';
import { LogInHandler } from './commands/log-in/log-in.handler.js';
import { LogOutHandler } from './commands/log-out/log-out.handler.js';
import { ResetPasswordHandler } from './commands/reset-password/reset-password.handler.js';
import { RequestPasswordResetHandler } from './commands/request-password-reset/request-password-reset.handler.js';
import { CompletePasswordResetHandler } from './commands/complete-password-reset/complete-password-reset.handler.js';
import { PasswordResets } from './auth/password-resets.js';
import { SetMemberActiveHandler } from './commands/set-member-active/set-member-active.handler.js';
import { CompleteSignInHandler } from './commands/complete-sign-in/complete-sign-in.handler.js';
import { ConfirmSecondFactorHandler } from './commands/confirm-second-factor/confirm-second-factor.handler.js';
import { DisableSecondFactorHandler } from './commands/disable-second-factor/disable-second-factor.handler.js';
import { SetSecondFactorRequirementHandler } from './commands/set-second-factor-requirement/set-second-factor-requirement.handler.js';
import { StartSecondFactorSetupHandler } from './commands/start-second-factor-setup/start-second-factor-setup.handler.js';
import { LoginFailures } from './auth/login-failures.js';
import { SecondFactors } from './auth/second-factors.js';
import { SessionOpener } from './auth/session-opener.js';
import { SignInChallenges } from './auth/sign-in-challenges.js';
import { TeamSecurityPolicyRepository } from './auth/team-security-policy.js';
import { SecondFactorController } from './http/second-factor.controller.js';
import { TeamSecurityAdminController } from './http/team-security.admin.controller.js';
import { MembersReader } from './queries/members.reader.js';
import { MemberStreamRepository } from './infrastructure/member-stream.repository.js';
import { AuthController } from './http/auth.controller.js';
import { TeamAdminController } from './http/team.admin.controller.js';
import { TeamMembersProjection } from './projections/team-members.projection.js';
import { FirstAdminSeeder } from './seed/first-admin.seeder.js';

const commandHandlers = [
  LogInHandler,
  LogOutHandler,
  AddMemberHandler,
  ChangeMemberHandler,
  SetMemberActiveHandler,
  ChangePasswordHandler,
  ResetPasswordHandler,
  RequestPasswordResetHandler,
  CompletePasswordResetHandler,
  CompleteSignInHandler,
  StartSecondFactorSetupHandler,
  ConfirmSecondFactorHandler,
  DisableSecondFactorHandler,
  SetSecondFactorRequirementHandler,
];

/**
 * Staff accounts: sign-in, sessions, roles, the team and each member's settings. Global
 * because the app-wide access guard needs its AUTHENTICATOR.
 */
@Global()
@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [APP_SECRETS],
      // TokenService pins the algorithm and expiry on each call.
      useFactory: (secrets: AppSecrets) => ({ secret: secrets.jwtSecret }),
    }),
  ],
  controllers: [
    AuthController,
    SecondFactorController,
    TeamAdminController,
    TeamSecurityAdminController,
  ],
  providers: [
    eventTypesProvider('team', MEMBER_EVENT_DECLARATIONS),
    ...commandHandlers,
    TeamMembersProjection,
    MembersReader,
    MemberStreamRepository,
    CredentialsRepository,
    SessionsRepository,
    PasswordHasher,
    PasswordResets,
    LoginThrottle,
    LoginFailures,
    SecondFactors,
    SignInChallenges,
    SessionOpener,
    TeamSecurityPolicyRepository,
    TokenService,
    StaffAuthenticator,
    { provide: AUTHENTICATOR, useExisting: StaffAuthenticator },
    FirstAdminSeeder,
    AuthHousekeeping,
  ],
  // The mail module writes the reset links it sends.
  exports: [AUTHENTICATOR, MembersReader, PasswordResets],
})
export class TeamModule {}
