import { Inject, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/config.module.js';
import { usePublicSubmissionLimit } from '#src/platform/http/public-rate-limit.js';
import { VisualizerModule } from '#src/modules/visualizer/index.js';
import { ContactController } from './http/contact.controller.js';
import { QuoteController } from './http/quote.controller.js';
import { IdempotencyRetention } from './intake/idempotency-retention.js';
import { IdempotencyRepository } from './intake/idempotency.repository.js';
import { PublicIntakeService } from './intake/public-intake.service.js';

/** Public intake: the quote wizard and the contact form, both feeding the lead pipeline. */
@Module({
  imports: [VisualizerModule],
  controllers: [QuoteController, ContactController],
  providers: [PublicIntakeService, IdempotencyRepository, IdempotencyRetention],
})
export class QuotesModule {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    usePublicSubmissionLimit(config);
  }
}
