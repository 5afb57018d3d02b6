import { Module } from '@nestjs/common';
import { SiteModule } from '#src/modules/site/site.module.js';
import { VisualizerModule } from '#src/modules/visualizer/visualizer.module.js';
import { ContactController } from './http/contact.controller.js';
import { QuoteController } from './http/quote.controller.js';
import { IdempotencyRetention } from './intake/idempotency-retention.js';
import { IdempotencyRepository } from './intake/idempotency.repository.js';
import { PublicIntakeService } from './intake/public-intake.service.js';

/** Public intake: the quote wizard and the contact form, both feeding the lead pipeline. */
@Module({
  imports: [SiteModule, VisualizerModule],
  controllers: [QuoteController, ContactController],
  providers: [PublicIntakeService, IdempotencyRepository, IdempotencyRetention],
})
export class QuotesModule {}
