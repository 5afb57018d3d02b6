import { Body, Controller, Get, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '#src/platform/http/access.decorators.js';
import type { StaffRequest } from '#src/platform/http/access.guard.js';
import { ApiBodyErrors, ApiErrors } from '#src/platform/http/api-docs/error-responses.js';
import { TeamSecurityPolicyRepository } from '#src/modules/team/auth/team-security-policy.js';
import { SetSecondFactorRequirementCommand } from '#src/modules/team/commands/set-second-factor-requirement/set-second-factor-requirement.command.js';
import { TeamSecurityPolicyDto } from './dto/second-factor.dto.js';

/** The team's sign-in policy, in the Team tab: only admins see or change it. */
@ApiTags('team')
@Roles('admin')
@Controller('api/admin/team/security')
export class TeamSecurityAdminController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly policy: TeamSecurityPolicyRepository,
  ) {}

  @Get()
  @ApiOkResponse({ type: TeamSecurityPolicyDto })
  get() {
    return this.policy.get();
  }

  @Put()
  @ApiOperation({ summary: 'Requires a second factor of admins, or lifts the requirement' })
  @ApiOkResponse({ type: TeamSecurityPolicyDto })
  @ApiBodyErrors()
  @ApiErrors(409)
  set(@Req() request: StaffRequest, @Body() body: TeamSecurityPolicyDto) {
    return this.commandBus.execute(
      new SetSecondFactorRequirementCommand(request.staff!.id, body.secondFactorRequiredForAdmins),
    );
  }
}
