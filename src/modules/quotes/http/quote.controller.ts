import { BadRequestException, Body, Controller, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { PublicIntakeService } from '#src/modules/quotes/intake/public-intake.service.js';
import { VisitorCookie } from '#src/modules/visualizer/index.js';
import { Public } from '#src/platform/http/access.decorators.js';
import { QuoteAnswer, SubmitQuoteDto } from './dto/submit-quote.dto.js';
import { SubmissionEndpoint, submissionContext } from './submission-context.js';

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
  @SubmissionEndpoint()
  @ApiOperation({
    summary: 'Ask for a quote: the server prices it and creates a lead',
    description: 'At least one of doors, drawers and metres must be above zero.',
  })
  @ApiCreatedResponse({ type: QuoteAnswer })
  submit(@Body() quote: SubmitQuoteDto, @Req() request: Request): Promise<QuoteAnswer> {
    if (quote.doors === 0 && quote.drawers === 0 && quote.metres === 0) {
      throw new BadRequestException(`doors, drawers, metres: ${NO_QUANTITIES_MESSAGE}`);
    }
    return this.intake.submitQuote(quote, submissionContext(request, this.visitors));
  }
}
