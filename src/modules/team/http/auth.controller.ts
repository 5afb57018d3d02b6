import { Body, Controller, Get, HttpCode, Post, Put, Req, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { Public, Roles, STAFF_ROLES } from '#src/platform/http/access.decorators.js';
import type { StaffRequest } from '#src/platform/http/access.guard.js';
import { ApiBodyErrors, ApiErrors } from '#src/platform/http/api-docs/error-responses.js';
import { RequestContext } from '#src/platform/http/request-context.js';
import type { SignedInMember } from '#src/modules/team/auth/staff-authenticator.js';
import { ChangeMemberCommand } from '#src/modules/team/commands/change-member/change-member.command.js';
import { ChangePasswordCommand } from '#src/modules/team/commands/change-password/change-password.command.js';
import { LogInCommand } from '#src/modules/team/commands/log-in/log-in.command.js';
import { LogOutCommand } from '#src/modules/team/commands/log-out/log-out.command.js';
import { MembersReader } from '#src/modules/team/queries/members.reader.js';
import { CompletePasswordResetCommand } from '#src/modules/team/commands/complete-password-reset/complete-password-reset.command.js';
import { RequestPasswordResetCommand } from '#src/modules/team/commands/request-password-reset/request-password-reset.command.js';
import { PASSWORD_RESET_REQUESTED_MESSAGE } from '#src/contract/team.js';
import {
  ChangePasswordDto,
  LoginDto,
  PasswordResetCompletionDto,
  PasswordResetRequestDto,
} from './dto/auth.dto.js';
import { ProfileDto } from './dto/member.dto.js';
import {
  LoginAnswer,
  PasswordResetRequestedAnswer,
  ProfileAnswer,
  SecondStepAnswer,
  SessionAnswer,
  SuccessAnswer,
} from './dto/member.responses.js';
import { LoginErrorsFilter } from './login-errors.filter.js';

const signedIn = (request: StaffRequest) => request.staff as SignedInMember;

/** Sign-in, the session, and each member's own profile and password (the Settings tab). */
@ApiTags('auth')
@ApiExtraModels(LoginAnswer, SecondStepAnswer)
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly members: MembersReader,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @UseFilters(LoginErrorsFilter)
  @ApiOperation({
    summary:
      'Sign in; with a second factor on, answers a challenge for the code instead of a session. Errors carry the text to show in `error` as well as in `message`',
  })
  @ApiOkResponse({
    schema: {
      oneOf: [{ $ref: getSchemaPath(LoginAnswer) }, { $ref: getSchemaPath(SecondStepAnswer) }],
    },
  })
  @ApiBodyErrors()
  @ApiErrors(401, 429)
  login(@Body() body: LoginDto) {
    return this.commandBus.execute(
      new LogInCommand(body.email, body.password, RequestContext.current()?.ipHash),
    );
  }

  @Public()
  @Post('password-reset')
  @HttpCode(202)
  @UseFilters(LoginErrorsFilter)
  @ApiOperation({
    summary:
      'Sends a single-use link valid 30 minutes to an active member; the same answer for any e-mail',
  })
  @ApiResponse({ status: 202, type: PasswordResetRequestedAnswer })
  @ApiBodyErrors()
  @ApiErrors(429)
  async requestPasswordReset(@Body() body: PasswordResetRequestDto) {
    await this.commandBus.execute(
      new RequestPasswordResetCommand(body.email, RequestContext.current()?.ipHash),
    );
    return { success: true, message: PASSWORD_RESET_REQUESTED_MESSAGE };
  }

  @Public()
  @Post('password-reset/complete')
  @HttpCode(200)
  @UseFilters(LoginErrorsFilter)
  @ApiOperation({
    summary: "Sets a new password with a reset link's token; every session of the member ends",
  })
  @ApiOkResponse({ type: SuccessAnswer })
  @ApiBodyErrors()
  @ApiErrors(410, 429)
  async completePasswordReset(@Body() body: PasswordResetCompletionDto) {
    await this.commandBus.execute(
      new CompletePasswordResetCommand(
        body.token,
        body.newPassword,
        RequestContext.current()?.ipHash,
      ),
    );
    return { success: true };
  }

  @Roles(...STAFF_ROLES)
  @Get('verify')
  @ApiOkResponse({ type: SessionAnswer })
  verify(@Req() request: StaffRequest) {
    return { valid: true, user: toUser(signedIn(request)) };
  }

  @Roles(...STAFF_ROLES)
  @Post('logout')
  @HttpCode(200)
  @ApiOkResponse({ type: SuccessAnswer })
  async logout(@Req() request: StaffRequest) {
    const staff = signedIn(request);
    await this.commandBus.execute(new LogOutCommand(staff.id, staff.sessionId));
    return { success: true };
  }

  @Roles(...STAFF_ROLES)
  @Put('profile')
  @ApiOkResponse({ type: ProfileAnswer })
  @ApiBodyErrors()
  @ApiErrors(409)
  async updateProfile(@Req() request: StaffRequest, @Body() body: ProfileDto) {
    const staff = signedIn(request);
    await this.commandBus.execute(
      new ChangeMemberCommand(staff.id, {
        profile: { firstName: body.firstName, lastName: body.lastName, email: body.email },
      }),
    );
    const member = await this.members.get(staff.id);
    return {
      success: true,
      user: toUser({ ...staff, ...member, mustChangePassword: staff.mustChangePassword }),
    };
  }

  @Roles(...STAFF_ROLES)
  @Put('password')
  @ApiOkResponse({ type: SuccessAnswer, description: 'Changed; every other session is ended' })
  @ApiBodyErrors()
  async changePassword(@Req() request: StaffRequest, @Body() body: ChangePasswordDto) {
    const staff = signedIn(request);
    await this.commandBus.execute(
      new ChangePasswordCommand(staff.id, staff.sessionId, body.currentPassword, body.newPassword),
    );
    return { success: true };
  }
}

function toUser(member: Omit<SignedInMember, 'name' | 'sessionId'>) {
  return {
    id: member.id,
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email,
    role: member.role,
    mustChangePassword: member.mustChangePassword,
    secondFactor: member.secondFactor,
    mustSetUpSecondFactor: member.mustSetUpSecondFactor,
  };
}
