import {
  ApiExtraModels,
  ApiProperty,
  type ApiPropertyOptions,
  getSchemaPath,
  PickType,
} from '@nestjs/swagger';
import { Matches } from 'class-validator';
import {
  BACKUP_FILE_NAME,
  type BackupFileInfo,
  type BackupProgressInfo,
  type BackupStatus,
} from '#src/contract/backups.js';

export class BackupFileDto implements BackupFileInfo {
  @ApiProperty({ example: 'backup-20261124T040000123Z.kkbackup.gz' })
  name: string;

  @ApiProperty({ format: 'date-time' })
  created: string;

  @ApiProperty({ type: 'integer', example: 184320 })
  sizeBytes: number;

  @ApiProperty({ example: '180.0 KB' })
  sizeFormatted: string;
}

export class LastBackupDto extends PickType(BackupFileDto, ['created', 'sizeFormatted'] as const) {}

export class BackupProgressDto implements BackupProgressInfo {
  @ApiProperty({ enum: ['events', 'keys', 'credentials', 'files', 'finishing'] })
  phase: BackupProgressInfo['phase'];

  @ApiProperty({ type: 'integer' })
  done: number;

  @ApiProperty({ type: 'integer' })
  total: number;
}

/** A nullable object: OpenAPI 3.0 ignores `nullable` beside a bare `$ref`. */
const nullableObject = (model: new () => object): ApiPropertyOptions => ({
  nullable: true,
  allOf: [{ $ref: getSchemaPath(model) }],
});

@ApiExtraModels(LastBackupDto, BackupProgressDto)
export class BackupStatusDto implements BackupStatus {
  @ApiProperty({ enum: ['active', 'failing'] })
  status: 'active' | 'failing';

  @ApiProperty({ type: [BackupFileDto], description: 'Newest first' })
  files: BackupFileDto[];

  @ApiProperty({ type: 'integer' })
  totalFiles: number;

  @ApiProperty(nullableObject(LastBackupDto))
  lastBackup: LastBackupDto | null;

  @ApiProperty({ type: String, nullable: true })
  lastError: string | null;

  @ApiProperty(nullableObject(BackupProgressDto))
  inProgress: BackupProgressDto | null;
}

export class CreatedBackupDto {
  @ApiProperty({ type: BackupFileDto })
  file: BackupFileDto;
}

export class BackupFileParams {
  @ApiProperty({ example: 'backup-20261124T040000123Z.kkbackup.gz' })
  @Matches(BACKUP_FILE_NAME, { message: 'name must be the name of a backup file' })
  name: string;
}
