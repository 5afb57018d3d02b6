import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type { ContactAnswer, ContactMessage } from '#src/contract/quote.js';
import { OneLine, Trimmed } from '#src/platform/http/trimmed.js';
import { NAME_MAX, PHONE_MAX, QuoteCustomerDto } from './submit-quote.dto.js';

/** Contact form (docs/product.md#contact-form): the client splits the name on its first space. */
export class ContactMessageDto
  extends PickType(QuoteCustomerDto, ['firstName', 'email', 'message'] as const)
  implements ContactMessage
{
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

  @ApiPropertyOptional({ example: '040 765 4321' })
  @Trimmed()
  @IsOptional()
  @IsString()
  @MaxLength(PHONE_MAX)
  @Matches(/^(\+?[0-9][0-9 ()-]*)?$/, { message: 'phone must be a phone number' })
  phone?: string;

  @ApiPropertyOptional({ example: 'contact_form' })
  @IsOptional()
  @IsIn(['contact_form'])
  source?: 'contact_form';
}

export class ContactAnswerDto implements ContactAnswer {
  @ApiProperty({ format: 'uuid', description: 'The lead the message became' })
  leadId: string;
}
