import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Roles } from '#src/platform/http/access.decorators.js';
import { ApiBodyErrors, ApiErrors } from '#src/platform/http/api-docs/error-responses.js';
import { AddMemberCommand } from '#src/modules/team/commands/add-member/add-member.command.js';
import { ChangeMemberCommand } from '#src/modules/team/commands/change-member/change-member.command.js';
import { ResetPasswordCommand } from '#src/modules/team/commands/reset-password/reset-password.command.js';
import { SetMemberActiveCommand } from '#src/modules/team/commands/set-member-active/set-member-active.command.js';
import { MembersReader } from '#src/modules/team/queries/members.reader.js';
import { AddMemberDto, ChangeMemberDto, MemberIdParams } from './dto/member.dto.js';
import {
  AddedMemberAnswer,
  MemberAnswer,
  OneTimePasswordAnswer,
  TeamMemberDto,
} from './dto/member.responses.js';

/** The Team tab: only admins see or change the team. */
@ApiTags('team')
@Roles('admin')
@Controller('api/admin/users')
export class TeamAdminController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly members: MembersReader,
  ) {}

  @Get()
  @ApiOkResponse({ type: [TeamMemberDto] })
  list() {
    return this.members.list();
  }

  @Get(':id')
  @ApiOkResponse({ type: TeamMemberDto })
  @ApiErrors(400, 404)
  get(@Param() { id }: MemberIdParams) {
    return this.members.get(id);
  }

  @Post()
  @ApiCreatedResponse({ type: AddedMemberAnswer })
  @ApiBodyErrors()
  @ApiErrors(409)
  async add(@Body() body: AddMemberDto) {
    const { memberId, oneTimePassword } = await this.commandBus.execute(
      new AddMemberCommand(
        { firstName: body.firstName, lastName: body.lastName, email: body.email },
        body.role ?? 'salesperson',
      ),
    );
    return { user: await this.members.get(memberId), oneTimePassword };
  }

  @Patch(':id')
  @ApiOkResponse({ type: MemberAnswer })
  @ApiBodyErrors()
  @ApiErrors(404, 409)
  async change(@Param() { id }: MemberIdParams, @Body() body: ChangeMemberDto) {
    await this.commandBus.execute(
      new ChangeMemberCommand(id, {
        profile: { firstName: body.firstName, lastName: body.lastName, email: body.email },
        role: body.role,
        expectedVersion: body.version,
      }),
    );
    return { user: await this.members.get(id) };
  }

  @Post(':id/deactivate')
  @HttpCode(200)
  @ApiOkResponse({ type: MemberAnswer })
  @ApiErrors(400, 404, 409)
  async deactivate(@Param() { id }: MemberIdParams) {
    await this.commandBus.execute(new SetMemberActiveCommand(id, false));
    return { user: await this.members.get(id) };
  }

  @Post(':id/reactivate')
  @HttpCode(200)
  @ApiOkResponse({ type: MemberAnswer })
  @ApiErrors(400, 404, 409)
  async reactivate(@Param() { id }: MemberIdParams) {
    await this.commandBus.execute(new SetMemberActiveCommand(id, true));
    return { user: await this.members.get(id) };
  }

  @Post(':id/reset-password')
  @HttpCode(200)
  @ApiOkResponse({ type: OneTimePasswordAnswer })
  @ApiErrors(400, 404)
  async resetPassword(@Param() { id }: MemberIdParams) {
    return this.commandBus.execute(new ResetPasswordCommand(id));
  }
}
