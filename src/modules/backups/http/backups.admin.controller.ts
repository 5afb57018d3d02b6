import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { Refusal } from '#src/platform/domain/refusal.js';
import { Roles } from '#src/platform/http/access.decorators.js';
import { ApiErrors } from '#src/platform/http/api-docs/error-responses.js';
import { CreateBackupCommand } from '../commands/create-backup/create-backup.command.js';
import { BackupStatusReader, toInfo } from '../queries/backup-status.reader.js';
import { BackupFileParams, BackupStatusDto, CreatedBackupDto } from './dto/backup-status.dto.js';

/**
 * The Backups tab. Both status calls need an admin: an open list would tell anyone the
 * backup file names (docs/decisions/0010-backups.md).
 */
@ApiTags('backups')
@Roles('admin')
@Controller('api')
export class BackupsAdminController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly reader: BackupStatusReader,
  ) {}

  @Get('backup-status')
  @ApiOkResponse({ type: BackupStatusDto })
  status() {
    return this.reader.status();
  }

  /** The same answer under the admin path, which the Refresh List button reloads. */
  @Get('admin/backup/status')
  @ApiOkResponse({ type: BackupStatusDto })
  adminStatus() {
    return this.reader.status();
  }

  @Post('admin/backup/run')
  @HttpCode(201)
  @ApiCreatedResponse({ type: CreatedBackupDto })
  @ApiErrors(409)
  async backUpNow(): Promise<CreatedBackupDto> {
    const backup = await this.commandBus.execute(new CreateBackupCommand('manual'));
    // A manual backup is always due, so there is always a file.
    return { file: toInfo(backup!) };
  }

  @Get('admin/backup/files/:name')
  @ApiProduces('application/gzip')
  @ApiOkResponse({ description: 'The backup file', schema: { type: 'string', format: 'binary' } })
  @ApiErrors(400, 404, 503)
  async download(@Param() { name }: BackupFileParams, @Res() response: Response): Promise<void> {
    const file = await this.reader.open(name);
    if (!file) throw new Refusal('not_found', `There is no backup file ${name}`);
    response.setHeader('Content-Disposition', `attachment; filename="${name}"`);
    response.setHeader('Content-Length', String(file.size));
    response.type('application/gzip');
    // A body that fails its checksum at the end cuts the answer short (pipeline destroys it).
    await pipeline(file.body, response);
  }
}
