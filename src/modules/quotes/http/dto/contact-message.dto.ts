import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
} from 'class-validator';
import type { ContactAnswer, ContactMessage } from '#src/contract/quote.js';
import { OneLine, Trimmed } from '#src/platform/http/trimmed.js';
import { EMAIL_MAX, MESSAGE_MAX, NAME_MAX, PHONE_MAX } from './submit-quote.dto.js';

/** Contact form (docs/product.md#contact-form): the client splits the name on its first space. */
export class ContactMessageDto implements ContactMessage {
  @ApiProperty({ example: 'Matti' })
  @Trimmed()
  @IsString()
  @IsNotEmpty()
  @MaxLength(NAME_MAX)
  @OneLine()
  firstName: string;

  @ApiPropertyOptional({
    description: 'Empty when the visitor gave a single name',
    example: 'Korhonen',
  })
  @Trimmed()
  @IsOptional()
  @IsString()
  @MaxLength(NAME_MAX)
  @OneLine()
  lastName?: string;

  @ApiProperty({ example: 'matti.korhonen@example.fi' })
  @Trimmed()
  @IsString()
  @MaxLength(EMAIL_MAX)
  @IsEmail()
  email: string;

  @ApiPropertyOptional({ example: '040 765 4321' })
  @Trimmed()
  @IsOptional()
  @IsString()
  @MaxLength(PHONE_MAX)
  @Matches(/^(\+?[0-9][0-9 ()-]*)?$/, { message: 'phone must be a phone number' })
  phone?: string;

  @ApiPropertyOptional({ example: 'Voisitteko soittaa? Mietimme keittiön ovien kalvotusta.' })
  @Trimmed()
  @IsOptional()
  @IsString()
  @MaxLength(MESSAGE_MAX)
  message?: string;

  @ApiPropertyOptional({ example: 'contact_form' })
  @IsOptional()
  @IsIn(['contact_form'])
  source?: 'contact_form';
}

export class ContactAnswerDto implements ContactAnswer {
  @ApiProperty({ format: 'uuid', description: 'The lead the message became' })
  leadId: string;
}
