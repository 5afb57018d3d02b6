import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
} from 'class-validator';
import { Trimmed } from '#src/platform/http/trimmed.js';
import { EMAIL_MAX, MESSAGE_MAX, NAME_MAX, PHONE_MAX } from './submit-quote.dto.js';

/** Contact form (docs/product.md#contact-form): the client splits the name on its first space. */
export class ContactMessageDto {
  @Trimmed()
  @IsString()
  @IsNotEmpty()
  @MaxLength(NAME_MAX)
  firstName: string;

  @ApiPropertyOptional({ description: 'Empty when the visitor gave a single name' })
  @Trimmed()
  @IsOptional()
  @IsString()
  @MaxLength(NAME_MAX)
  lastName?: string;

  @Trimmed()
  @IsString()
  @MaxLength(EMAIL_MAX)
  @IsEmail()
  email: string;

  @Trimmed()
  @IsOptional()
  @IsString()
  @MaxLength(PHONE_MAX)
  @Matches(/^(\+?[0-9][0-9 ()-]*)?$/, { message: 'phone must be a phone number' })
  phone?: string;

  @Trimmed()
  @IsOptional()
  @IsString()
  @MaxLength(MESSAGE_MAX)
  message?: string;

  @IsOptional()
  @IsIn(['contact_form'])
  source?: 'contact_form';
}
