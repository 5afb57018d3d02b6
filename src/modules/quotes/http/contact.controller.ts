import { Body, Controller, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { ContactAnswer } from '#src/contract/quote.js';
import { PublicIntakeService } from '#src/modules/quotes/intake/public-intake.service.js';
import { VisitorCookie } from '#src/modules/visualizer/index.js';
import { Public } from '#src/platform/http/access.decorators.js';
import { ContactAnswerDto, ContactMessageDto } from './dto/contact-message.dto.js';
import { SubmissionEndpoint, submissionContext } from './submission-context.js';

@ApiTags('public')
@Controller('api/contact')
export class ContactController {
  constructor(
    private readonly intake: PublicIntakeService,
    private readonly visitors: VisitorCookie,
  ) {}

  @Public()
  @SubmissionEndpoint()
  @ApiOperation({ summary: 'Send a contact message; it becomes a lead in the sales pipeline' })
  @ApiCreatedResponse({ type: ContactAnswerDto })
  send(@Body() message: ContactMessageDto, @Req() request: Request): Promise<ContactAnswer> {
    return this.intake.sendContactMessage(message, submissionContext(request, this.visitors));
  }
}
