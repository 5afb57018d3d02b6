import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { EMAIL_BODY_MAX_LENGTH, EMAIL_SUBJECT_MAX_LENGTH } from '#src/contract/mail.js';
import { Trimmed } from '#src/platform/http/trimmed.js';

const ADDRESS_MAX = 254;
/** Line breaks in a header would let a caller add headers of their own. */
const ONE_LINE = /^[^\r\n]*$/;
const oneLine = (field: string) => Matches(ONE_LINE, { message: `${field} must be one line` });

/** An optional address header: trimmed, one line, an e-mail address. */
const OptionalAddress = (field: string, docs: { description: string; example?: string }) =>
  applyDecorators(
    ApiPropertyOptional(docs),
    Trimmed(),
    IsOptional(),
    IsString(),
    MaxLength(ADDRESS_MAX),
    oneLine(field),
    IsEmail(),
  );

abstract class EmailContentDto {
  @ApiPropertyOptional({
    maxLength: EMAIL_SUBJECT_MAX_LENGTH,
    example: 'Keittiön kalvotus: mittauskäynti',
  })
  @IsOptional()
  @IsString()
  @MaxLength(EMAIL_SUBJECT_MAX_LENGTH)
  @oneLine('subject')
  subject?: string;

  @ApiProperty({ maxLength: EMAIL_BODY_MAX_LENGTH, example: 'Hei Aino, sopisiko tiistai klo 10?' })
  @IsString()
  @Matches(/\S/, { message: 'body must not be empty' })
  @MaxLength(EMAIL_BODY_MAX_LENGTH)
  body: string;

  @OptionalAddress('toEmail', {
    description:
      'Sending: the lead’s e-mail address, anything else is refused. Reply: the mailbox it reached',
  })
  toEmail?: string;
}

/** `POST /api/quotes/{id}/emails`: the sender is always the company mailbox. */
export class SendEmailDto extends EmailContentDto {
  @OptionalAddress('fromEmail', {
    description: 'Only the company mailbox is accepted: the server always sends from it',
    example: 'info@keittiokalvo.fi',
  })
  fromEmail?: string;
}

/** `POST /api/quotes/{id}/emails/reply`: a customer's answer typed in by staff. */
export class RecordReplyDto extends EmailContentDto {
  @OptionalAddress('fromEmail', {
    description: 'The customer’s address; the lead’s own when left out',
    example: 'aino.virtanen@example.fi',
  })
  fromEmail?: string;

  @ApiPropertyOptional({ enum: ['received'] })
  @IsOptional()
  @IsIn(['received'])
  direction?: 'received';
}
