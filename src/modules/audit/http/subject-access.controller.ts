import {
  Body,
  Controller,
  HttpCode,
  NotFoundException,
  Post,
  StreamableFile,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { Roles } from '#src/platform/http/access.decorators.js';
import { ApiBodyErrors, ApiErrors } from '#src/platform/http/api-docs/error-responses.js';
import { STAFF_RATE_LIMIT } from '#src/platform/http/staff-rate-limit.js';
import { RecordDataAccessCommand } from '#src/platform/data-access/record-data-access.command.js';
import { SubjectAccessReader } from '#src/modules/audit/queries/subject-access.reader.js';
import { SubjectAccessDto } from './dto/subject-access.dto.js';
import { subjectAccessZip } from './subject-access-zip.js';

/**
 * The right of access (docs/product.md#right-of-access): an admin downloads everything the
 * product holds about one person. The e-mail goes in the body, never the address bar, so no
 * access log or browser history keeps it.
 */
@ApiTags('privacy')
@Controller('api/admin/privacy')
@Roles('admin')
@Throttle({ default: STAFF_RATE_LIMIT })
export class SubjectAccessController {
  constructor(
    private readonly reader: SubjectAccessReader,
    private readonly commandBus: CommandBus,
  ) {}

  @Post('access-export')
  @HttpCode(200)
  @ApiOperation({ summary: "One person's data as a zip: data.json and the photos" })
  // The zip is the OK answer's only type: refusals stay JSON in the document, as they are sent.
  @ApiOkResponse({
    description: 'zip file',
    content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiBodyErrors()
  @ApiErrors(404)
  async export(@Body() body: SubjectAccessDto): Promise<StreamableFile> {
    const findings = await this.reader.find(body.email);
    if (findings.leads.length === 0) {
      throw new NotFoundException('Nothing is held about this e-mail address');
    }
    const now = new Date();
    const zip = subjectAccessZip(body.email, findings, now);
    await this.commandBus.execute(
      new RecordDataAccessCommand({
        type: 'PersonalDataExported',
        data: { what: 'subject_access', filterKinds: ['email'], rows: findings.leads.length },
      }),
    );
    return new StreamableFile(zip, {
      type: 'application/zip',
      length: zip.length,
      disposition: `attachment; filename="personal-data-${now.toISOString().slice(0, 10)}.zip"`,
    });
  }
}
