import {
  BadRequestException,
  Body,
  Controller,
  HttpCode,
  Post,
  Req,
  UseFilters,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { Public, Roles, STAFF_ROLES } from '#src/platform/http/access.decorators.js';
import type { StaffRequest } from '#src/platform/http/access.guard.js';
import { ApiBodyErrors, ApiErrors } from '#src/platform/http/api-docs/error-responses.js';
import { RequestContext } from '#src/platform/http/request-context.js';
import { CompleteSignInCommand } from '#src/modules/team/commands/complete-sign-in/complete-sign-in.command.js';
import { ConfirmSecondFactorCommand } from '#src/modules/team/commands/confirm-second-factor/confirm-second-factor.command.js';
import { DisableSecondFactorCommand } from '#src/modules/team/commands/disable-second-factor/disable-second-factor.command.js';
import { StartSecondFactorSetupCommand } from '#src/modules/team/commands/start-second-factor-setup/start-second-factor-setup.command.js';
import {
  SecondFactorCodeDto,
  SecondFactorDisableDto,
  SecondStepDto,
} from './dto/second-factor.dto.js';
import {
  LoginAnswer,
  RecoveryCodesAnswer,
  SecondFactorSetupAnswer,
  SuccessAnswer,
} from './dto/member.responses.js';
import { LoginErrorsFilter } from './login-errors.filter.js';

/** The second step of a sign-in, and each member's own second factor (the Settings tab). */
@ApiTags('auth')
@ApiExtraModels(LoginAnswer)
@Controller('api/auth')
export class SecondFactorController {
  constructor(private readonly commandBus: CommandBus) {}

  @Public()
  @Post('login/second-factor')
  @HttpCode(200)
  @UseFilters(LoginErrorsFilter)
  @ApiOperation({
    summary: 'The second step: a code or a recovery code with the challenge; opens the session',
  })
  @ApiOkResponse({ schema: { $ref: getSchemaPath(LoginAnswer) } })
  @ApiBodyErrors()
  @ApiErrors(401, 429)
  completeSignIn(@Body() body: SecondStepDto) {
    if (body.code !== undefined && body.recoveryCode !== undefined) {
      throw new BadRequestException('Send code or recoveryCode, not both');
    }
    const proof =
      body.recoveryCode !== undefined ? { recoveryCode: body.recoveryCode } : { code: body.code! };
    return this.commandBus.execute(
      new CompleteSignInCommand(body.challenge, proof, RequestContext.current()?.ipHash),
    );
  }

  @Roles(...STAFF_ROLES)
  @Post('second-factor/setup')
  @HttpCode(200)
  @ApiOperation({ summary: 'A new authenticator secret; it is on only once a code confirms it' })
  @ApiOkResponse({ type: SecondFactorSetupAnswer })
  @ApiErrors(409)
  setUp(@Req() request: StaffRequest) {
    return this.commandBus.execute(new StartSecondFactorSetupCommand(request.staff!.id));
  }

  @Roles(...STAFF_ROLES)
  @Post('second-factor/confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'Turns the second factor on with a code; answers ten recovery codes' })
  @ApiOkResponse({ type: RecoveryCodesAnswer })
  @ApiBodyErrors()
  @ApiErrors(409, 429)
  confirm(@Req() request: StaffRequest, @Body() body: SecondFactorCodeDto) {
    return this.commandBus.execute(new ConfirmSecondFactorCommand(request.staff!.id, body.code));
  }

  @Roles(...STAFF_ROLES)
  @Post('second-factor/disable')
  @HttpCode(200)
  @ApiOperation({ summary: 'Turns the second factor off with the password and a code' })
  @ApiOkResponse({ type: SuccessAnswer })
  @ApiBodyErrors()
  @ApiErrors(403, 409, 429)
  async disable(@Req() request: StaffRequest, @Body() body: SecondFactorDisableDto) {
    await this.commandBus.execute(
      new DisableSecondFactorCommand(request.staff!.id, body.password, body.code),
    );
    return { success: true };
  }
}
