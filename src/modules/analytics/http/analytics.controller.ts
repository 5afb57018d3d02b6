import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { AnalyticsRepository } from '#src/modules/analytics/analytics.repository.js';
import { Public } from '#src/platform/http/access.decorators.js';
import { ApiBodyErrors, ApiErrors } from '#src/platform/http/api-docs/error-responses.js';
import { ValidationRefusal } from '#src/platform/http/validation-refusal.js';
import { WEB_VITAL_EVENT } from '#src/contract/analytics.js';
import { ANALYTICS_DATA_MAX_BYTES, AnalyticsEventDto } from './analytics-event.dto.js';
import { webVitalRefusal } from './web-vital-data.dto.js';

const EMAIL_LIKE = /[^\s@"]+@[^\s@"]+\.[a-z]{2,}/i;

@ApiTags('public')
@Controller('api/analytics')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsRepository) {}

  @Public()
  @Throttle({ default: { limit: 120, ttl: 60_000 } })
  @Post()
  @HttpCode(204)
  @ApiOperation({ summary: 'Record an anonymous usage event (needs no consent: nothing personal)' })
  @ApiNoContentResponse({ description: 'Recorded' })
  @ApiBodyErrors()
  @ApiErrors(429)
  async record(@Body() body: AnalyticsEventDto): Promise<void> {
    const data = JSON.stringify(body.data ?? {});
    if (Buffer.byteLength(data) > ANALYTICS_DATA_MAX_BYTES) {
      throw ValidationRefusal.ofField(
        'data',
        'maxBytes',
        `data must be at most ${ANALYTICS_DATA_MAX_BYTES} bytes`,
      );
    }
    // Analytics need no consent only because they hold nothing that identifies a person.
    if (EMAIL_LIKE.test(data)) {
      throw ValidationRefusal.ofField('data', 'noEmail', 'data must not contain e-mail addresses');
    }
    // Staff read these as numbers (docs/product.md#core-web-vitals).
    if (body.event === WEB_VITAL_EVENT) {
      const refusal = webVitalRefusal(body.data ?? {});
      if (refusal) throw refusal;
    }
    await this.analytics.record(body.event, stripQuery(body.page), data);
  }
}

/** Query strings can carry campaign ids or e-mails; the path is all the statistics need. */
function stripQuery(page: string): string {
  return page.split(/[?#]/, 1)[0];
}
