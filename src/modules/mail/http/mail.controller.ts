import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import type { EmailMessage } from '#src/contract/mail.js';
import { Roles } from '#src/platform/http/access.decorators.js';
import { ApiBodyErrors, ApiErrors } from '#src/platform/http/api-docs/error-responses.js';
import { sendPrecompressedJson } from '#src/platform/http/precompressed-json.js';
import { ApiLeadId, LeadId } from '#src/platform/http/lead-id.js';
import { STAFF_RATE_LIMIT } from '#src/platform/http/staff-rate-limit.js';
import { MarkConversationReadCommand } from '#src/modules/mail/commands/mark-conversation-read/mark-conversation-read.command.js';
import { RecordReplyCommand } from '#src/modules/mail/commands/record-reply/record-reply.command.js';
import { SendEmailCommand } from '#src/modules/mail/commands/send-email/send-email.command.js';
import { ConversationReader } from '#src/modules/mail/queries/conversation.reader.js';
import { UnreadCountsReader } from '#src/modules/mail/queries/unread-counts.reader.js';
import { RecordReplyDto, SendEmailDto } from './dto/email-requests.dto.js';
import { EmailMessageDto } from './dto/email.responses.js';

@ApiTags('E-mail')
@Controller('api')
@Roles('admin', 'manager', 'salesperson')
@Throttle({ default: STAFF_RATE_LIMIT })
export class MailController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly reader: ConversationReader,
    private readonly unread: UnreadCountsReader,
  ) {}

  /** Opening the conversation reads it: the customer's messages stop counting as unread. */
  @Get('quotes/:id/emails')
  @ApiOperation({ summary: "The lead's conversation, oldest first; marks it read" })
  @ApiLeadId()
  @ApiOkResponse({ type: [EmailMessageDto] })
  @ApiErrors(400, 404, 409)
  async conversation(@Param('id', LeadId()) id: string): Promise<EmailMessage[]> {
    await this.commandBus.execute(new MarkConversationReadCommand(id));
    return this.reader.conversation(id);
  }

  @Post('quotes/:id/emails')
  @ApiOperation({ summary: "Queues an e-mail to the lead's customer from the company mailbox" })
  @ApiLeadId()
  @ApiCreatedResponse({ type: EmailMessageDto })
  @ApiBodyErrors()
  @ApiErrors(404, 409)
  async send(@Param('id', LeadId()) id: string, @Body() dto: SendEmailDto): Promise<EmailMessage> {
    const { messageId } = await this.commandBus.execute(
      new SendEmailCommand(id, dto.body, dto.subject, {
        fromEmail: dto.fromEmail,
        toEmail: dto.toEmail,
      }),
    );
    return this.messageOf(id, messageId);
  }

  @Post('quotes/:id/emails/reply')
  @ApiOperation({ summary: "Records a customer's reply received outside the app" })
  @ApiLeadId()
  @ApiCreatedResponse({ type: EmailMessageDto })
  @ApiBodyErrors()
  @ApiErrors(404, 409)
  async reply(
    @Param('id', LeadId()) id: string,
    @Body() dto: RecordReplyDto,
  ): Promise<EmailMessage> {
    const { messageId } = await this.commandBus.execute(
      new RecordReplyCommand(id, {
        body: dto.body,
        subject: dto.subject,
        from: dto.fromEmail,
        source: 'staff',
      }),
    );
    return this.messageOf(id, messageId);
  }

  /**
   * Every caller gets the same answer, whatever their role. It holds lead ids and numbers, no
   * personal data, so unlike other staff answers the browser may keep it: it asks again every
   * time (`no-cache`) with the ETag it holds, and an unchanged answer costs a `304`.
   */
  @Get('emails/unread-counts')
  @ApiOperation({ summary: 'Lead id → received messages not yet read (leads with none left out)' })
  @ApiOkResponse({
    schema: { type: 'object', additionalProperties: { type: 'integer', minimum: 1 } },
    headers: {
      ETag: {
        required: true,
        description: 'Send back as If-None-Match',
        schema: { type: 'string' },
      },
      'Cache-Control': { required: true, schema: { type: 'string', example: 'private, no-cache' } },
    },
  })
  @ApiResponse({ status: 304, description: 'Not modified since the ETag sent in If-None-Match' })
  async unreadCounts(@Req() req: Request, @Res() res: Response): Promise<void> {
    const answer = await this.unread.answer();
    res.setHeader('Cache-Control', 'private, no-cache');
    sendPrecompressedJson(req, res, answer);
  }

  private async messageOf(leadId: string, messageId: string): Promise<EmailMessage> {
    const messages = await this.reader.conversation(leadId);
    return messages.find((message) => message.id === messageId)!;
  }
}
