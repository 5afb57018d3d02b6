import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { ContactAnswer } from '#src/contract/quote.js';
import { PublicIntakeService } from '#src/modules/quotes/intake/public-intake.service.js';
import { PublicSubmissionThrottle } from '#src/modules/site/public-rate-limit.js';
import { VisitorCookie } from '#src/modules/visualizer/limits/visitor-cookie.js';
import { Public } from '#src/platform/http/access.decorators.js';
import { ApiBodyErrors, ApiErrors } from '#src/platform/http/api-docs/error-responses.js';
import { ContactAnswerDto, ContactMessageDto } from './dto/contact-message.dto.js';
import { ApiIdempotencyKey, submissionContext } from './submission-context.js';

@ApiTags('public')
@Controller('api/contact')
export class ContactController {
  constructor(
    private readonly intake: PublicIntakeService,
    private readonly visitors: VisitorCookie,
  ) {}

  @Public()
  @PublicSubmissionThrottle()
  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Send a contact message; it becomes a lead in the sales pipeline' })
  @ApiIdempotencyKey()
  @ApiCreatedResponse({ type: ContactAnswerDto })
  @ApiBodyErrors()
  @ApiErrors(409)
  send(@Body() message: ContactMessageDto, @Req() request: Request): Promise<ContactAnswer> {
    return this.intake.sendContactMessage(message, submissionContext(request, this.visitors));
  }
}
