import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { EmailDeliveryState, EmailDirection, EmailMessage } from '#src/contract/mail.js';

/** One message of a lead's conversation. */
export class EmailMessageDto implements EmailMessage {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: ['sent', 'received'] })
  direction: EmailDirection;

  @ApiProperty({ example: 'Message from Keittiökalvo' })
  subject: string;

  @ApiProperty({ example: 'Hei Aino, sopisiko tiistai klo 10?' })
  body: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-23T09:15:00.000Z' })
  emailDate: string;

  @ApiPropertyOptional({
    enum: ['queued', 'delivered', 'failed', 'not_sent'],
    description: 'Sent messages only',
  })
  deliveryState?: EmailDeliveryState;

  @ApiPropertyOptional({ example: '550 5.1.1 No such user' })
  deliveryReason?: string;

  @ApiProperty({ description: 'Who sent or recorded it', example: 'Sami Seller' })
  byName: string;
}
