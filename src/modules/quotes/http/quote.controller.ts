import { BadRequestException, Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { PublicIntakeService } from '#src/modules/quotes/intake/public-intake.service.js';
import { PublicSubmissionThrottle } from '#src/modules/site/public-rate-limit.js';
import { VisitorCookie } from '#src/modules/visualizer/limits/visitor-cookie.js';
import { Public } from '#src/platform/http/access.decorators.js';
import { type QuoteAnswer, SubmitQuoteDto } from './dto/submit-quote.dto.js';
import { submissionContext } from './submission-context.js';

const NO_QUANTITIES_MESSAGE =
  'Lisää vähintään yksi mittatieto jatkaaksesi. Kerro ovien, laatikoiden tai työtason metrimäärä.';

@ApiTags('public')
@Controller('api/quote')
export class QuoteController {
  constructor(
    private readonly intake: PublicIntakeService,
    private readonly visitors: VisitorCookie,
  ) {}

  @Public()
  @PublicSubmissionThrottle()
  @Post()
  @HttpCode(201)
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  submit(@Body() quote: SubmitQuoteDto, @Req() request: Request): Promise<QuoteAnswer> {
    if (quote.doors === 0 && quote.drawers === 0 && quote.metres === 0) {
      throw new BadRequestException(`doors, drawers, metres: ${NO_QUANTITIES_MESSAGE}`);
    }
    return this.intake.submitQuote(quote, submissionContext(request, this.visitors));
  }
}
